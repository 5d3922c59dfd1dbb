package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.PKeyTableRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.SlToVlMappingTableRecord;
import dev.jsm.sa.codec.VlArbitrationTableRecord;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SA answers P_KeyTableRecord, SLtoVLMappingTableRecord and VLArbitrationTableRecord with the tables the SM
 * programmed, which the simulator's ports hold (read through the simulator, never the daemon's model): with
 * {@code -Q} the QoS tables, without it zeros (OpenSM's answer; nothing was programmed), and the P_Key tables the
 * partition manager wrote, for trusted requests.
 */
class SaPortTablesSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int GET = 0x01;
    private static final long SA_KEY = 1;

    @TempDir
    Path dir;

    @Test
    void withQosTheRecordsCarryTheTablesThePortsHold() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2");
        try (SimSm sm = SimSm.start(t, dir, QosSimTest.TYPICAL_HPC)) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            int host = otherCa(t, 1);
            int sw = firstSwitch(t);
            try (SimMadChannel ch = sm.fabric.openChannel(host, 1)) {
                Client c = new Client(ch, saLid(t, s));
                int hostLid = lid(s, t, host);
                int swLid = s.endPort(t.node(sw).portGuid(0)).lidRange().base();

                byte[] ca = c.get(SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, 1L, 0,
                        (b, o) -> SlToVlMappingTableRecord.LID.put(b, o, hostLid));
                assertThat(MadHeader.STATUS.getInt(ca, 0)).isZero();
                assertThat(vls(SlToVlMappingTableRecord.decode(ca, SaHeader.DATA_OFFSET)))
                        .containsExactly(sm.fabric.sl2Vl(host, 0, 1));
                assertThat(sm.fabric.sl2Vl(host, 0, 1)[8]).as("qos_sl2vl SL8 -> VL15").isEqualTo(15);

                byte[] pair = c.get(SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, 7L, 0, (b, o) -> {
                    SlToVlMappingTableRecord.LID.put(b, o, swLid);
                    SlToVlMappingTableRecord.INPUT_PORT_NUM.put(b, o, 1);
                    SlToVlMappingTableRecord.OUTPUT_PORT_NUM.put(b, o, 2);
                });
                assertThat(vls(SlToVlMappingTableRecord.decode(pair, SaHeader.DATA_OFFSET)))
                        .containsExactly(sm.fabric.sl2Vl(sw, 1, 2));

                byte[] arb = c.get(SaAttribute.VL_ARBITRATION_TABLE_RECORD, 7L, 0, (b, o) -> {
                    VlArbitrationTableRecord.LID.put(b, o, hostLid);
                    VlArbitrationTableRecord.OUTPUT_PORT_NUM.put(b, o, 1);
                    VlArbitrationTableRecord.BLOCK_NUM.put(b, o, 1);
                });
                VlArbitrationTableRecord low = VlArbitrationTableRecord.decode(arb, SaHeader.DATA_OFFSET);
                int[] held = sm.fabric.vlArbBlock(host, 1, 1);
                for (int i = 0; i < held.length / 2; i++) {
                    assertThat(new int[] {low.vl(i), low.weight(i)}).as("entry %d", i)
                            .containsExactly(held[2 * i], held[2 * i + 1]);
                }
                assertThat(low.weight(1)).as("qos_vlarb_low 0:96,1:224").isEqualTo(224);

                byte[] pKeys = c.get(SaAttribute.P_KEY_TABLE_RECORD, 3L, SA_KEY, (b, o) -> {
                    PKeyTableRecord.LID.put(b, o, hostLid);
                    PKeyTableRecord.BLOCK_NUM.put(b, o, 0);
                });
                assertThat(MadHeader.STATUS.getInt(pKeys, 0)).as(SaStatus.name(MadHeader.STATUS.getInt(pKeys, 0)))
                        .isZero();
                PKeyTableRecord r = PKeyTableRecord.decode(pKeys, SaHeader.DATA_OFFSET);
                int[] entries = new int[32];
                for (int i = 0; i < 32; i++) {
                    entries[i] = r.pKey(i);
                }
                assertThat(entries).containsExactly(sm.fabric.pKeyBlock(host, 1, 0));
                assertThat(entries[0]).as("the default partition, full").isEqualTo(0xFFFF);
            }
        }
    }

    @Test
    void withoutQosTheTablesAreZeroAsTheReferenceAnswers() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2");
        try (SimSm sm = SimSm.start(t, dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            int host = otherCa(t, 1);
            try (SimMadChannel ch = sm.fabric.openChannel(host, 1)) {
                Client c = new Client(ch, saLid(t, s));
                byte[] ca = c.get(SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, 1L, 0,
                        (b, o) -> SlToVlMappingTableRecord.LID.put(b, o, lid(s, t, host)));
                assertThat(MadHeader.STATUS.getInt(ca, 0)).isZero();
                assertThat(SlToVlMappingTableRecord.decode(ca, SaHeader.DATA_OFFSET).table()).isZero();
            }
        }
    }

    private static int[] vls(SlToVlMappingTableRecord r) {
        int[] v = new int[16];
        for (int sl = 0; sl < 16; sl++) {
            v[sl] = r.vl(sl);
        }
        return v;
    }

    private static int saLid(Topology t, SubnetSnapshot s) {
        return lid(s, t, SimSm.firstCa(t));
    }

    private static int lid(SubnetSnapshot s, Topology t, int ca) {
        return s.endPort(t.node(ca).portGuid(1)).lidRange().base();
    }

    /** The {@code n}-th CA after the SM's. */
    private static int otherCa(Topology t, int n) {
        int seen = -1;
        for (int i = 0; i < t.nodeCount(); i++) {
            if (t.node(i).kind() == NodeKind.CA && ++seen == n) {
                return i;
            }
        }
        throw new IllegalArgumentException("fewer than " + (n + 1) + " CAs");
    }

    private static int firstSwitch(Topology t) {
        for (int i = 0; i < t.nodeCount(); i++) {
            if (t.node(i).kind() == NodeKind.SWITCH) {
                return i;
            }
        }
        throw new IllegalArgumentException("no switch");
    }

    /** Sends SA Gets from one host's port and waits for the answer with the same TID. */
    private static final class Client {
        private final MadChannel channel;
        private final int saLid;
        private final LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
        private long tid = 0x54420000L;

        Client(MadChannel channel, int saLid) {
            this.channel = channel;
            this.saLid = saLid;
            channel.setReceiver((from, mad, length) -> answers.add(mad.clone()));
        }

        byte[] get(int attribute, long mask, long smKey, ObjIntConsumer<byte[]> template) throws Exception {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            long t = ++tid;
            new MadHeader(1, 3, 2, GET, 0, 0, t, attribute, 0).encodeTo(mad);
            new SaHeader(smKey, 0, mask).encodeTo(mad);
            template.accept(mad, SaHeader.DATA_OFFSET);
            channel.send(MadAddress.gsi(saLid, 0, 0), mad, MadHeader.MAD_SIZE);
            long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            byte[] got;
            while ((got = answers.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS)) != null) {
                if ((int) MadHeader.TRANSACTION_ID.getLong(got, 0) == (int) t) {
                    return got.length >= MadHeader.MAD_SIZE ? got : Arrays.copyOf(got, MadHeader.MAD_SIZE);
                }
            }
            throw new IOException("no SA answer for attribute 0x" + Integer.toHexString(attribute));
        }
    }
}
