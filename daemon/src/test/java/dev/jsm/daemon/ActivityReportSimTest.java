package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The activity report ({@code activity_report_subjects}, docs/operations.md#the-activity-report) of a whole daemon
 * on the simulator: with
 * {@code all}, a routing, joins and a leave through real SA MADs, a partitions.conf edit with SIGHUP and the shutdown
 * give the documented lines in {@code opensm-activity.dump}; with {@code none} (the default) there is no file.
 */
class ActivityReportSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x5151);
    private static final String MGID_TEXT = "mgid=ff12:0000:0000:0000:0000:0000:0000:5151";

    @TempDir
    Path dir;

    @Test
    void aRoutingJoinsAndALeaveAreReported() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        List<Integer> cas = SimSm.cas(t);
        List<SimMadChannel> ports = new ArrayList<>();
        try (SimSm sm = SimSm.start(t, dir, "activity_report_subjects", "all")) {
            int saLid = sm.awaitSubnetUp(UP).endPort(t.node(cas.get(0)).portGuid(1)).lidRange().base();
            assertThat(lines()).anyMatch(l -> l.endsWith(" 9 routing_succeed engine=minhop"))
                    .anyMatch(l -> l.endsWith(" 4 prtn_create pkey=0x7fff prtn_name=Default"));
            List<McJoinClient> clients = new ArrayList<>();
            for (int ca : List.of(cas.get(1), cas.get(2))) {
                SimMadChannel ch = sm.fabric.openChannel(ca, 1);
                ports.add(ch);
                clients.add(new McJoinClient(ch, saLid, new Gid(0xfe80000000000000L, t.node(ca).portGuid(1))));
            }
            int mlid = clients.get(0).join(MGID, McMemberRecord.JOIN_FULL_MEMBER, McJoinClient.CREATE).record().mlid();
            sm.awaitViewUpdate(UP);
            assertThat(clients.get(1).join(MGID, McMemberRecord.JOIN_FULL_MEMBER, McJoinClient.JOIN).status())
                    .isZero();
            sm.awaitViewUpdate(UP);
            assertThat(clients.get(1).leave(MGID, McMemberRecord.JOIN_FULL_MEMBER).status()).isZero();
            sm.awaitViewUpdate(UP);

            assertThat(lines()).as("the default partition's broadcast group, created by the SA at SUBNET UP")
                    .anyMatch(l -> l.endsWith(" 2 mcg_change mlid=0xc000 mgid=ff12:401b:ffff:0000:0000:0000:ffff:ffff"
                            + " change=0"));
            String m = String.format("mlid=0x%04x ", mlid);
            List<String> mc = lines().stream().filter(l -> l.contains(m) || l.endsWith(m.strip()))
                    .map(l -> l.substring(l.indexOf(' ') + 1)).toList();
            assertThat(mc).containsExactly(
                    "2 mcg_change " + m + MGID_TEXT + " change=0",
                    "1 mcm_member " + m + MGID_TEXT + " port_guid=" + guid(t, cas.get(1)) + " join_state=1",
                    "1 mcm_member " + m + MGID_TEXT + " port_guid=" + guid(t, cas.get(2)) + " join_state=1",
                    "8 mcg_tree_calc " + m.strip(),
                    "1 mcm_member " + m + MGID_TEXT + " port_guid=" + guid(t, cas.get(2)) + " join_state=-1");
        } finally {
            ports.forEach(SimMadChannel::close);
        }
    }

    @Test
    void aPartitionsEditWithSighupAndTheShutdownAreReported() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        List<Integer> cas = SimSm.cas(t);
        Path file = dir.resolve("partitions.conf");
        String start = "Default=0x7fff : ALL=limited, SELF=full ;\n";
        Files.writeString(file, start + "P1=0x8001 : " + guid(t, cas.get(1)) + "=full ;\n");
        try (SimSm sm = SimSm.start(t, dir, "activity_report_subjects", "prtn", "partition_config_file",
                file.toString())) {
            sm.awaitSubnetUp(UP);
            assertThat(lines()).anyMatch(l -> l.endsWith(" 4 prtn_create pkey=0x0001 prtn_name=P1"))
                    .anyMatch(l -> l.endsWith(" 3 prtn_guid_add port_guid=" + guid(t, cas.get(1))
                            + " pkey=0x8001 block_index=0 pkey_index=1"))
                    .anyMatch(l -> l.endsWith(" 3 prtn_guid_add port_guid=" + guid(t, cas.get(2))
                            + " pkey=0x7fff block_index=0 pkey_index=0"))
                    .noneMatch(l -> l.contains("routing") || l.contains("mc"));
            int before = lines().size();

            Files.writeString(file, start + "P2=0x8002 : " + guid(t, cas.get(2)) + "=full ;\n");
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            List<String> hup = lines().subList(before, lines().size()).stream()
                    .map(l -> l.substring(l.indexOf(' ') + 1)).toList();
            assertThat(hup).containsExactlyInAnyOrder(
                    "4 prtn_create pkey=0x0002 prtn_name=P2",
                    "5 prtn_delete pkey=0x0001 delete_reason=0",
                    "3 prtn_guid_add port_guid=" + guid(t, cas.get(2)) + " pkey=0x8002 block_index=0 pkey_index=1");
        }
        List<String> all = lines();
        assertThat(all.subList(all.size() - 2, all.size())).map(l -> l.substring(l.indexOf(' ') + 1))
                .containsExactly("5 prtn_delete pkey=0x0002 delete_reason=2",
                        "5 prtn_delete pkey=0x7fff delete_reason=2");
    }

    /**
     * With OpenSM's unicast cache ({@code use_ucast_cache} alone): a cable gone is repaired
     * ({@code ucast_cache_routing_done}); the cable back invalidates the cache and the routes are computed anew.
     */
    @Test
    void theUnicastCacheIsReported() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        int leaf = t.peerNode(SimSm.firstCa(t), 1);
        int uplink = 1;
        while (t.peerNode(leaf, uplink) < 0 || t.node(t.peerNode(leaf, uplink)).kind() != NodeKind.SWITCH) {
            uplink++;
        }
        try (SimSm sm = SimSm.start(t, dir, "activity_report_subjects", "routing", "use_ucast_cache", "TRUE",
                "incremental_routing", "FALSE")) {
            sm.awaitSubnetUp(UP);
            int before = lines().size();
            sm.fabric.faults().linkDown(leaf, uplink);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            sm.fabric.faults().linkUp(leaf, uplink);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            // the cable's trap may have swept before the first HUP did: the SUBNET UP awaited can be an earlier one
            long end = System.nanoTime() + UP.toNanos();
            while (lines().size() < before + 3 && System.nanoTime() < end) {
                Thread.sleep(20);
            }
            assertThat(lines().subList(before, lines().size())).map(l -> l.substring(l.indexOf(' ') + 1))
                    .containsExactly("12 ucast_cache_routing_done", "11 ucast_cache_invalidated",
                            "9 routing_succeed engine=minhop");
        }
    }

    @Test
    void noneWritesNoFile() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
        }
        assertThat(dir.resolve(ActivityReport.FILE_NAME)).doesNotExist();
    }

    private List<String> lines() throws IOException {
        return Files.readAllLines(dir.resolve(ActivityReport.FILE_NAME));
    }

    private static String guid(Topology t, int ca) {
        return String.format("0x%016x", t.node(ca).portGuid(1));
    }
}
