package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.Notice;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.event.SmNotices;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SA's registrations survive (docs/operations.md, "SA state across restarts and failovers"), on the in-JVM
 * simulator with real SA MADs from a host's port: a standby jsm follows the master's stream and, when the master is
 * killed, takes over with the host's group (same MLID, the switch's MFT unchanged), ServiceRecord and subscription,
 * whose Reports keep coming for a host pulled after the takeover; a lone SM restarted with {@code sa_db_file} keeps
 * what its {@code sa_db_dump} wrote; a damaged file is moved aside and its good records kept.
 */
class SaStateSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final String[] FAST_POLLING = {"sminfo_polling_timeout", "100", "polling_retry_number", "2"};
    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x3636);
    private static final long SERVICE_ID = 0x1234_5678L;
    private static final String NET = """
            Switch 8 "sw"
            [1] "sm"[1]
            [2] "sb"[1]
            [3] "h2"[1]
            [4] "h3"[1]
            [5] "h4"[1]

            Hca 1 "sm"
            [1] "sw"[1]
            Hca 1 "sb"
            [1] "sw"[2]
            Hca 1 "h2"
            [1] "sw"[3]
            Hca 1 "h3"
            [1] "sw"[4]
            Hca 1 "h4"
            [1] "sw"[5]
            """;

    @TempDir
    Path dir;

    @Test
    void aStandbyTakesOverWithTheGroupsServicesAndSubscriptionsOfTheMaster() throws Exception {
        Topology t = TopologyReader.parse(NET, "ha");
        int sw = t.indexOfName("sw");
        try (SimFabric fabric = new SimFabric(t, 7);
             SimSm master = SimSm.at(fabric, t.indexOfName("sm"), dir.resolve("master"),
                     with("sm_priority", "10"));
             SimSm standby = SimSm.at(fabric, t.indexOfName("sb"), dir.resolve("standby"),
                     with("sm_priority", "1"));
             SimMadChannel h2Port = fabric.openChannel("h2", 1);
             SimMadChannel h3Port = fabric.openChannel("h3", 1)) {
            SubnetSnapshot s = master.awaitSubnetUp(UP);
            await(() -> standby.daemon.state() == SmState.STANDBY, "the lower SM stands by");
            Host h2 = new Host(h2Port, lid(s, t, "sm"), guid(t, "h2"));
            Host h3 = new Host(h3Port, lid(s, t, "sm"), guid(t, "h3"));
            int mlid = h2.join(McastJoinKind.CREATE);
            assertThat(h3.join(McastJoinKind.JOIN)).isEqualTo(mlid);
            assertThat(h2.registerService()).isZero();
            assertThat(h2.subscribe()).isZero();
            await(() -> mftPorts(fabric, sw, mlid).equals(List.of(3, 4)), "the group's MFT entry: h2 and h3");
            List<Integer> mftBefore = mftPorts(fabric, sw, mlid);

            await(() -> hasEverything(standby, mlid), "the standby has the master's registrations");
            assertThat(standby.counted.configurationSets()).as("a standby sends no Set").isZero();

            master.kill();
            SubnetSnapshot after = standby.awaitSubnetUp(UP);
            assertThat(standby.daemon.state()).isEqualTo(SmState.MASTER);
            h2.sa = lid(after, t, "sb");
            h3.sa = h2.sa;
            assertThat(h3.getMlid()).as("the group keeps its MLID").isEqualTo(mlid);
            assertThat(mftPorts(fabric, sw, mlid)).as("the MFT entry unchanged").isEqualTo(mftBefore);
            SaState kept = standby.daemon.sa().registrations().get(10, TimeUnit.SECONDS);
            assertThat(kept.services()).extracting(x -> x.rid().serviceId()).contains(SERVICE_ID);
            assertThat(kept.subscriptions()).hasSize(1);
            assertThat(standby.daemon.sa().replicationStats().get(10, TimeUnit.SECONDS).standbys())
                    .as("the new master holds its own request for the state and does not serve it").isEmpty();

            long h4 = guid(t, "h4");
            fabric.faults().removeNode(t.indexOfName("h4"));
            standby.daemon.events().request(SmEvent.HEAVY_SWEEP, "test");
            Notice n = h2.awaitReport(r -> r.trapNumberOrDeviceId() == SmNotices.GID_OUT_OF_SERVICE
                    && Gid.read(SmNotices.DETAILS_GID, r.dataDetails(), 0).interfaceId() == h4);
            assertThat(n).as("the subscription made with the dead master still gets Reports").isNotNull();
        }
    }

    /**
     * {@code drop_event_subscriptions TRUE}: the SM that comes out of standby drops every subscription and
     * ServiceRecord it took from the master, as OpenSM does; the multicast groups stay.
     */
    @Test
    void withDropEventSubscriptionsTheSmLeavingStandbyDropsSubscriptionsAndServices() throws Exception {
        Topology t = TopologyReader.parse(NET, "ha");
        try (SimFabric fabric = new SimFabric(t, 7);
             SimSm master = SimSm.at(fabric, t.indexOfName("sm"), dir.resolve("master"),
                     with("sm_priority", "10"));
             SimSm standby = SimSm.at(fabric, t.indexOfName("sb"), dir.resolve("standby"),
                     with("sm_priority", "1", "drop_event_subscriptions", "TRUE"));
             SimMadChannel h2Port = fabric.openChannel("h2", 1)) {
            SubnetSnapshot s = master.awaitSubnetUp(UP);
            await(() -> standby.daemon.state() == SmState.STANDBY, "the lower SM stands by");
            Host h2 = new Host(h2Port, lid(s, t, "sm"), guid(t, "h2"));
            int mlid = h2.join(McastJoinKind.CREATE);
            assertThat(h2.registerService()).isZero();
            assertThat(h2.subscribe()).isZero();
            await(() -> hasEverything(standby, mlid), "the standby has the master's registrations");

            master.kill();
            standby.awaitSubnetUp(UP);
            assertThat(standby.daemon.state()).isEqualTo(SmState.MASTER);
            SaState kept = standby.daemon.sa().registrations().get(10, TimeUnit.SECONDS);
            assertThat(kept.subscriptions()).as("dropped on leaving standby").isEmpty();
            assertThat(kept.services()).extracting(x -> x.rid().serviceId()).doesNotContain(SERVICE_ID);
            assertThat(kept.groups()).as("the groups stay").isNotEmpty();
        }
    }

    @Test
    void aLoneSmRestartedWithTheFileItDumpedKeepsTheRegistrations() throws Exception {
        Topology t = TopologyReader.parse(NET, "restart");
        Path dump = dir.resolve("opensm-sa.dump");
        int mlid;
        try (SimFabric fabric = new SimFabric(t, 7)) {
            try (SimSm sm = SimSm.at(fabric, t.indexOfName("sm"), dir, "sa_db_dump", "TRUE");
                 SimMadChannel h2Port = fabric.openChannel("h2", 1);
                 SimMadChannel h3Port = fabric.openChannel("h3", 1)) {
                SubnetSnapshot s = sm.awaitSubnetUp(UP);
                Host h2 = new Host(h2Port, lid(s, t, "sm"), guid(t, "h2"));
                mlid = h2.join(McastJoinKind.CREATE);
                assertThat(new Host(h3Port, lid(s, t, "sm"), guid(t, "h3")).join(McastJoinKind.JOIN))
                        .isEqualTo(mlid);
                assertThat(h2.registerService()).isZero();
                assertThat(h2.subscribe()).isZero();
                sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test");
                sm.awaitSubnetUp(UP);
                await(() -> Files.exists(dump) && contains(dump, "MC Group"), "the dump is written");
            }
            String text = Files.readString(dump, StandardCharsets.ISO_8859_1);
            assertThat(text).contains("MC Group 0x" + Integer.toHexString(mlid))
                    .contains("Service Record:").contains("InformInfo Record:");

            try (SimSm again = SimSm.at(fabric, t.indexOfName("sm"), dir.resolve("again"),
                    "sa_db_file", dump.toString());
                 SimMadChannel h4Port = fabric.openChannel("h4", 1)) {
                SubnetSnapshot s = again.awaitSubnetUp(UP);
                Host h4 = new Host(h4Port, lid(s, t, "sm"), guid(t, "h4"));
                assertThat(h4.getMlid()).as("the group with its MLID").isEqualTo(mlid);
                await(() -> mftPorts(fabric, t.indexOfName("sw"), mlid).equals(List.of(3, 4)), "the MFT entry");
                assertThat(hasEverything(again, mlid)).isTrue();
            }
        }
    }

    @Test
    void aDamagedFileIsMovedAsideAndItsGoodRecordsAreKept() throws Exception {
        Topology t = TopologyReader.parse(NET, "damaged");
        long h2 = guid(t, "h2");
        Path file = dir.resolve("saved.dump");
        Files.writeString(file, "MC Group 0xc123 : mgid=0xff12000000000000:0x0000000000003636 port_gid="
                + "0xfe80000000000000:0x" + hex16(h2) + " qkey=0x00000011 mlid=0xc123 mtu=0x84 tclass=0x00"
                + " pkey=0xffff rate=0x83 pkt_life=0x80 sl_flow_hop=0x00000000 scope_state=0x21 proxy_join=0x0\n\n"
                + "mcm_port: port_gid=0xfe80000000000000:0x" + hex16(h2) + " scope_state=0x21 proxy_join=0x0\n\n"
                + "MC Group 0xc124 : mgid=this is not a GID\n\n", StandardCharsets.ISO_8859_1);
        try (SimSm sm = SimSm.start(t, dir, "sa_db_file", file.toString())) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString())).as("moved aside")
                        .anyMatch(n -> n.startsWith("saved.dump.bad-")).doesNotContain("saved.dump");
            }
            try (SimMadChannel h3Port = sm.fabric.openChannel("h3", 1)) {
                Host h3 = new Host(h3Port, lid(s, t, "sm"), guid(t, "h3"));
                assertThat(h3.getMlid()).as("the good group").isEqualTo(0xc123);
            }
        }
    }

    private static boolean hasEverything(SimSm sm, int mlid) {
        try {
            SaState st = sm.daemon.sa().registrations().get(10, TimeUnit.SECONDS);
            return st.groups().stream().anyMatch(g -> g.mlid() == mlid && g.members().size() >= 1)
                    && st.services().stream().map(ServiceState::rid).anyMatch(r -> r.serviceId() == SERVICE_ID)
                    && st.subscriptions().size() == 1;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    private static String hex16(long v) {
        return String.format("%016x", v);
    }

    private static long guid(Topology t, String name) {
        return t.node(t.indexOfName(name)).portGuid(1);
    }

    private static int lid(SubnetSnapshot s, Topology t, String name) {
        return s.endPort(guid(t, name)).lidRange().base();
    }

    /** The switch ports the MFT of {@code node} forwards {@code mlid} to. */
    private static List<Integer> mftPorts(SimFabric fabric, int node, int mlid) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p <= fabric.topology().node(node).numPorts(); p++) {
            if (fabric.mftHasPort(node, mlid, p)) {
                out.add(p);
            }
        }
        return out;
    }

    private static String[] with(String... pairs) {
        String[] all = new String[FAST_POLLING.length + pairs.length];
        System.arraycopy(FAST_POLLING, 0, all, 0, FAST_POLLING.length);
        System.arraycopy(pairs, 0, all, FAST_POLLING.length, pairs.length);
        return all;
    }

    private static void await(BooleanSupplier done, String what) throws InterruptedException {
        long end = System.nanoTime() + UP.toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("waiting until %s", what).isNegative();
            Thread.sleep(20);
        }
    }

    /** Whether a host creates the group or joins it. */
    private enum McastJoinKind {
        CREATE, JOIN
    }

    /**
     * A host on its own port, as a real one talks to the SA: MCMemberRecord, ServiceRecord and InformInfo Sets, and
     * Reports answered with ReportResp (to whichever SA sent them).
     */
    private static final class Host {
        private final MadChannel channel;
        private final Gid own;
        private final LinkedBlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
        private long tid = 0x36360000L;
        volatile int sa;

        Host(MadChannel channel, int sa, long portGuid) {
            this.channel = channel;
            this.sa = sa;
            this.own = new Gid(0xfe80_0000_0000_0000L, portGuid);
            channel.setReceiver((from, mad, length) -> {
                if ((mad[3] & 0xFF) == 0x06 && from instanceof MadAddress.LidRouted l) {
                    byte[] resp = mad.clone();
                    resp[3] = (byte) 0x86;
                    try {
                        channel.send(MadAddress.gsi(l.lid(), 0, 0), resp, resp.length);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                received.add(mad.clone());
            });
        }

        /** Creates or joins {@link #MGID} as a full member; returns the MLID. */
        int join(McastJoinKind kind) throws Exception {
            byte[] a = ask(0x02, SaAttribute.MC_MEMBER_RECORD, kind == McastJoinKind.CREATE ? McJoinClient.CREATE
                    : McJoinClient.JOIN, (b, o) -> new McMemberRecord(MGID, own, 0x11, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0,
                    0, 0, 0, 2, McMemberRecord.JOIN_FULL_MEMBER, 0).encodeTo(b, o));
            assertThat(MadHeader.STATUS.getInt(a, 0)).as("join status").isZero();
            return McMemberRecord.decode(a, SaHeader.DATA_OFFSET).mlid();
        }

        /** The MLID of {@link #MGID} (MCMemberRecord Get by MGID). */
        int getMlid() throws Exception {
            byte[] a = ask(0x01, SaAttribute.MC_MEMBER_RECORD, 1L, (b, o) -> new McMemberRecord(MGID, own, 0, 0, 0,
                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0).encodeTo(b, o));
            assertThat(MadHeader.STATUS.getInt(a, 0)).as("get status").isZero();
            return McMemberRecord.decode(a, SaHeader.DATA_OFFSET).mlid();
        }

        /** Registers a ServiceRecord with a lease of 600 s; returns the status. */
        int registerService() throws Exception {
            byte[] a = ask(0x02, SaAttribute.SERVICE_RECORD, 1L << ServiceRecord.COMPONENT_SERVICE_ID
                    | 1L << ServiceRecord.COMPONENT_SERVICE_GID | 1L << ServiceRecord.COMPONENT_SERVICE_LEASE,
                    (b, o) -> new ServiceRecord(SERVICE_ID, own, 0xFFFF, 600, new byte[16], "kept", new byte[64])
                            .encodeTo(b, o));
            return MadHeader.STATUS.getInt(a, 0);
        }

        /** Subscribes to every generic trap from every LID; returns the status. */
        int subscribe() throws Exception {
            byte[] a = ask(0x02, SaAttribute.INFORM_INFO, 0, (b, o) -> new InformInfo(Gid.ZERO,
                    InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, 0xFFFF, 0, 0, 0xFFFFFF).encodeTo(b, o));
            return MadHeader.STATUS.getInt(a, 0);
        }

        /** Waits for a Report whose Notice satisfies {@code wanted}. */
        Notice awaitReport(Predicate<Notice> wanted) throws Exception {
            long end = System.nanoTime() + UP.toNanos();
            while (true) {
                byte[] m = received.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS);
                assertThat(m).as("no Report within %s", UP).isNotNull();
                if ((m[3] & 0xFF) == 0x06) {
                    Notice n = Notice.decode(m, SaHeader.DATA_OFFSET);
                    if (wanted.test(n)) {
                        return n;
                    }
                }
            }
        }

        /** Sends a request (up to three times) and returns the answer with its TID. */
        private byte[] ask(int method, int attribute, long mask, Encoder body) throws Exception {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            long t = ++tid;
            new MadHeader(1, 3, 2, method, 0, 0, t, attribute, 0).encodeTo(mad);
            new SaHeader(0, 0, mask).encodeTo(mad);
            body.encode(mad, SaHeader.DATA_OFFSET);
            for (int attempt = 0; attempt < 3; attempt++) {
                channel.send(MadAddress.gsi(sa, 0, 0), mad, MadHeader.MAD_SIZE);
                long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                byte[] got;
                while ((got = received.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS)) != null) {
                    if ((got[3] & 0xFF) != 0x06 && (int) MadHeader.TRANSACTION_ID.getLong(got, 0) == (int) t) {
                        return got;
                    }
                }
            }
            throw new IOException("no SA answer to method 0x" + Integer.toHexString(method));
        }
    }

    /** Writes a record at an offset. */
    private interface Encoder {
        void encode(byte[] b, int offset);
    }
}
