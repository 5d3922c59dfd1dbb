package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.GuidInfo;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon's SA with a router on the simulator ({@code fabrics/mixed-speeds-router.net}, docs/routers.md): a
 * PathRecord to a GID behind the router through {@code prefix_routes_file} and the {@code rtr_pr_*} values, and a
 * GUIDInfoRecord Set and Delete whose alias GUID ({@code sm_assigned_guid}) the SM writes to the port's GUIDInfo,
 * read back from the simulator's port.
 */
class RoutersSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final long SUBNET = 0xFE80_0000_0000_0000L;
    private static final long REMOTE_PREFIX = 0xFD00_0000_0000_0001L;
    private static final int GET = 0x01;
    private static final int SET = 0x02;
    private static final int DELETE = 0x15;

    @TempDir
    Path dir;

    @Test
    void aPathToAGidBehindTheRouterLeadsToTheRouterPort() throws Exception {
        Path routes = dir.resolve("prefix-routes.conf");
        Files.writeString(routes, "# remote subnet behind rt\n0xfd00000000000001 *\n");
        try (SimSm sm = SimSm.start(TopologyReader.read(ReferenceScript.TOP.resolve("fabrics/mixed-speeds-router.net")),
                dir, "prefix_routes_file", routes.toString(), "rtr_pr_flow_label", "0x123", "rtr_pr_tclass", "5")) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            int host = sm.fabric.nodeIndex("edr");
            int rtLid = lid(s, sm, "rt");
            try (SimMadChannel ch = sm.fabric.openChannel(host, 1)) {
                Client c = new Client(ch, lid(s, sm, "sm"));
                Gid remote = new Gid(REMOTE_PREFIX, 0x0002c90300001234L);
                byte[] a = c.send(GET, SaAttribute.PATH_RECORD, 1L << PathRecord.COMPONENT_SGID
                        | 1L << PathRecord.COMPONENT_DGID, (b, o) -> {
                            new Gid(SUBNET, sm.fabric.topology().node(host).portGuid(1)).write(PathRecord.SGID, b, o);
                            remote.write(PathRecord.DGID, b, o);
                        });
                assertThat(status(a)).isZero();
                PathRecord p = PathRecord.decode(a, SaHeader.DATA_OFFSET);
                assertThat(p.dlid()).as("the router port's LID").isEqualTo(rtLid);
                assertThat(p.dgid()).isEqualTo(remote);
                assertThat(p.hopLimit()).isEqualTo(0xFF);
                assertThat(p.flowLabel()).isEqualTo(0x123);
                assertThat(p.tClass()).isEqualTo(5);
                assertThat(p.rate()).as("EDR 4x host, at most rtr_pr_rate 16 (100 Gb/s)").isEqualTo(16);

                byte[] none = c.send(GET, SaAttribute.PATH_RECORD, 1L << PathRecord.COMPONENT_SGID
                        | 1L << PathRecord.COMPONENT_DGID, (b, o) -> {
                            new Gid(SUBNET, sm.fabric.topology().node(host).portGuid(1)).write(PathRecord.SGID, b, o);
                            new Gid(0xFD00_0000_0000_0002L, 1).write(PathRecord.DGID, b, o);
                        });
                assertThat(status(none)).as("a prefix no route names").isNotZero();
            }
        }
    }

    @Test
    void anAssignedAliasGuidIsWrittenToThePortAndDeleted() throws Exception {
        try (SimSm sm = SimSm.start(TopologyReader.read(ReferenceScript.TOP.resolve("fabrics/mixed-speeds-router.net")),
                dir, "sm_assigned_guid", "0x2a")) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            int host = sm.fabric.nodeIndex("hdr");
            int hostLid = lid(s, sm, "hdr");
            long guid1Mask = 1L << 5;
            try (SimMadChannel ch = sm.fabric.openChannel(host, 1)) {
                Client c = new Client(ch, lid(s, sm, "sm"));
                byte[] a = c.send(SET, SaAttribute.GUID_INFO_RECORD, 0b11 | guid1Mask,
                        (b, o) -> GuidInfoRecord.LID.put(b, o, hostLid));
                assertThat(status(a)).as(SaStatus.name(status(a))).isZero();
                long assigned = GuidInfoRecord.decode(a, SaHeader.DATA_OFFSET).guids()[1];
                assertThat(assigned >>> 40).as("OpenSM's OUI for assigned GUIDs").isEqualTo(0x001405L);
                assertThat(assigned >>> 32 & 0xFF).as("sm_assigned_guid").isEqualTo(0x2a);
                assertThat(awaitGuid1(sm, host, assigned)).as("GUIDInfo[1] of the port").isEqualTo(assigned);

                byte[] d = c.send(DELETE, SaAttribute.GUID_INFO_RECORD, 0b11 | guid1Mask, (b, o) ->
                        new GuidInfoRecord(hostLid, 0, new long[] {0, assigned, 0, 0, 0, 0, 0, 0}).encodeTo(b, o));
                assertThat(status(d)).as(SaStatus.name(status(d))).isZero();
                assertThat(awaitGuid1(sm, host, 0)).as("GUIDInfo[1] after the Delete").isZero();
            }
        }
    }

    /**
     * {@code rtr_aguid_enable 1}: every CA port gets an SA-assigned alias at GUIDInfo index 1, written to the port;
     * the router's port gets none of the SA's.
     */
    @Test
    void rtrAguidEnableGivesEveryCaPortAnAliasWrittenToThePort() throws Exception {
        try (SimSm sm = SimSm.start(TopologyReader.read(ReferenceScript.TOP.resolve("fabrics/mixed-speeds-router.net")),
                dir, "rtr_aguid_enable", "1")) {
            sm.awaitSubnetUp(UP);
            Set<Long> aliases = new HashSet<>();
            for (String name : new String[] {"sm", "hdr", "ndr", "xdr"}) {
                int node = sm.fabric.nodeIndex(name);
                long alias = awaitGuid1(sm, node, -1);
                assertThat(alias >>> 40).as(name + ": OpenSM's OUI for assigned GUIDs").isEqualTo(0x001405L);
                aliases.add(alias);
            }
            assertThat(aliases).as("one GUID each").hasSize(4);
            int router = sm.fabric.nodeIndex("rt");
            assertThat(GuidInfo.decode(sm.fabric.smaGet(router, 1, 0x14, 0), 0).guid(1))
                    .as("a router port keeps the alias the fabric file gave it").isEqualTo(0x0002c903000000a1L);
        }
    }

    /**
     * GUIDInfo[1] of port 1 of {@code node} once it is {@code want} (any non-zero GUID for -1), or as it is after
     * 10 s.
     */
    private static long awaitGuid1(SimSm sm, int node, long want) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        long now;
        while ((now = GuidInfo.decode(sm.fabric.smaGet(node, 1, 0x14, 0), 0).guid(1)) != want
                && !(want == -1 && now != 0) && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        return now;
    }

    private static int lid(SubnetSnapshot s, SimSm sm, String name) {
        int node = sm.fabric.nodeIndex(name);
        return s.endPort(sm.fabric.topology().node(node).portGuid(1)).lidRange().base();
    }

    private static int status(byte[] mad) {
        return MadHeader.STATUS.getInt(mad, 0);
    }

    /** Sends SA requests from one host's port and waits for the answer with the same TID. */
    private static final class Client {
        private final MadChannel channel;
        private final int saLid;
        private final LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
        private long tid = 0x52540000L;

        Client(MadChannel channel, int saLid) {
            this.channel = channel;
            this.saLid = saLid;
            channel.setReceiver((from, mad, length) -> answers.add(mad.clone()));
        }

        byte[] send(int method, int attribute, long mask, ObjIntConsumer<byte[]> template) throws Exception {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            long t = ++tid;
            new MadHeader(1, 3, 2, method, 0, 0, t, attribute, 0).encodeTo(mad);
            new SaHeader(0, 0, mask).encodeTo(mad);
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
