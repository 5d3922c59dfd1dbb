package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.MultiPathRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppReceiver;
import dev.jsm.sa.rmpp.RmppSender;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.SaSimFabric;
import dev.jsm.sa.testing.TestTransactions;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * GetMulti(MultiPathRecord) through the in-JVM simulator, both directions in RMPP (dual-sided, IBA 15.2.5.20): a
 * client on h2 sends a MultiPathRecord with 13 GIDs - two RMPP segments, sent by a client-side {@link RmppSender}
 * and reassembled by the agent's receiver - and gets the PathRecords back as a GetMultiResp in RMPP segments,
 * reassembled by the client's own {@link RmppReceiver}. A GetMulti without RMPP is refused, as OpenSM does.
 */
class SaAgentMultiPathSimTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private static final int GET_MULTI = 0x14;
    private static final long COUNTS = 1L << MultiPathRecord.COMPONENT_SGID_COUNT
            | 1L << MultiPathRecord.COMPONENT_DGID_COUNT;

    private final List<RmppMessage> tables = new ArrayList<>();
    private final List<byte[]> singles = new ArrayList<>();

    @Test
    void multiSegmentRequestIsAnsweredWithPathRecordsThroughRmpp() throws Exception {
        Topology t = SaSimFabric.topology();
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel saPort = fabric.openChannel("sa", 1);
            SimMadChannel h2Port = fabric.openChannel("h2", 1);
            SaSimFabric.bringUp(saPort);
            SaView view = SaSimFabric.view(t, fabric);
            try (SaAgent agent = new SaAgent(saPort, layers.on(saPort), view, RmppSettings.defaults(), 1000)) {
                saPort.setReceiver(agent::onMad);
                agent.start();
                RmppSender sender = new RmppSender(h2Port, RmppSettings.defaults());
                RmppReceiver receiver = new RmppReceiver(h2Port, RmppSettings.defaults());
                h2Port.setReceiver((from, mad, length) -> client(sender, receiver, (MadAddress.LidRouted) from,
                        mad));
                List<Gid> dgids = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    for (String host : List.of("h3", "h4", "h5")) {
                        dgids.add(gid(t, host));
                    }
                }
                MultiPathRecord mpr = new MultiPathRecord(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                        List.of(gid(t, "h2")), dgids);
                byte[] data = new byte[mpr.size()];
                mpr.encodeTo(data, 0);
                assertThat(data.length).as("two segments").isGreaterThan(SaHeader.DATA_SIZE);
                MadAddress.LidRouted sa = new MadAddress.LidRouted(1, 1, MadAddress.QP1_QKEY, 0, 0);
                sender.send(sa, Arrays.copyOf(SaTestClient.request(GET_MULTI, SaAttribute.MULTI_PATH_RECORD, 0x91,
                        0, COUNTS, (b, o) -> { }), SaHeader.DATA_OFFSET), data, System.nanoTime());
                await(() -> tableCount() == 1);

                RmppMessage answer = tables.get(0);
                assertThat(MadHeader.METHOD.getInt(answer.header(), 0)).as("GetMultiResp").isEqualTo(0x94);
                assertThat(MadHeader.ATTRIBUTE_ID.getInt(answer.header(), 0)).isEqualTo(SaAttribute.PATH_RECORD);
                assertThat(MadHeader.TRANSACTION_ID.getLong(answer.header(), 0)).isEqualTo(0x91);
                assertThat(SaHeader.decode(answer.header()).attributeOffset()).isEqualTo(PathRecord.SIZE / 8);
                assertThat(answer.data()).as("12 PathRecords").hasSize(12 * PathRecord.SIZE);
                for (int i = 0; i < 12; i++) {
                    PathRecord p = PathRecord.decode(answer.data(), i * PathRecord.SIZE);
                    assertThat(p.slid()).isEqualTo(3);
                    assertThat(p.dlid()).as("record %d", i).isEqualTo(4 + i % 3);
                    assertThat(p.dgid().interfaceId()).isEqualTo(dgids.get(i).interfaceId());
                    assertThat(p.reversible()).isEqualTo(1);
                }
                assertThat(agent.stats().rmppReceived().completed()).as("the request reassembled").isEqualTo(1);
                await(() -> agent.stats().rmppSent().completed() == 1);
                assertThat(sender.counters().completed()).as("the request ACKed to the end").isEqualTo(1);

                MultiPathRecord small = new MultiPathRecord(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                        List.of(gid(t, "h2")), List.of(gid(t, "h3")));
                h2Port.send(sa, SaTestClient.request(GET_MULTI, SaAttribute.MULTI_PATH_RECORD, 0x92, 0, COUNTS,
                        small::encodeTo), MadHeader.MAD_SIZE);
                await(() -> singleCount() == 1);
                byte[] refused = singles.get(0);
                assertThat(MadHeader.STATUS.getInt(refused, 0)).as("no RMPP: ERR 4510").isEqualTo(SaStatus.REQ_INVALID);
                assertThat(MadHeader.ATTRIBUTE_ID.getInt(refused, 0)).isEqualTo(SaAttribute.PATH_RECORD);
            }
        }
    }

    /** The client's side of the RMPP exchange: ACKs to its sender, response segments to its receiver. */
    private void client(RmppSender sender, RmppReceiver receiver, MadAddress.LidRouted from, byte[] received) {
        byte[] mad = Arrays.copyOf(received, MadHeader.MAD_SIZE);
        long now = System.nanoTime();
        if (!RmppHeader.isActive(mad)) {
            synchronized (this) {
                singles.add(mad);
            }
            return;
        }
        if (RmppHeader.RMPP_TYPE.getInt(mad, 0) != RmppHeader.TYPE_DATA) {
            sender.onControl(from, mad, now);
            return;
        }
        RmppMessage m = receiver.onData(from, mad, now);
        if (m != null) {
            synchronized (this) {
                tables.add(m);
            }
        }
    }

    private synchronized int tableCount() {
        return tables.size();
    }

    private synchronized int singleCount() {
        return singles.size();
    }

    private static Gid gid(Topology t, String host) {
        return new Gid(0xfe80000000000000L, t.node(t.indexOfName(host)).portGuid(1));
    }

    /** Waits (bounded) for the simulator and agent threads to get there; fails if they never do. */
    private static void await(BooleanSupplier done) throws InterruptedException {
        long limit = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime() - limit).as("timed out waiting for the SA").isNegative();
            Thread.sleep(5);
        }
    }
}
