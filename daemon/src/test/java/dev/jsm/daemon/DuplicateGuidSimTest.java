package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.DuplicateGuids;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exit_on_fatal} and devices with the same GUIDs ({@code DuplicateGuidCheck}), on the simulator with twins made
 * by {@link DuplicateGuids}: each twin is logged with both routes; TRUE (OpenSM's default) ends the SM after the
 * discovery, FALSE keeps the first device found and configures the rest of the fabric.
 */
class DuplicateGuidSimTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void twoLeafSwitchesWithTheSameGuidsEndTheSmWithExitOnFatalTrue() throws Exception {
        try (LogCapture log = LogCapture.open(DiscoveryStage.class);
             SimSm sm = SimSm.start(leafTwins(), dir, "exit_on_fatal", "TRUE")) {
            assertThat(sm.daemon.awaitStop(WAIT)).as("the event loop ended").isTrue();
            assertThat(sm.daemon.events().fatalReason()).contains("duplicate GUID");
            List<String> twins = log.containing("DISC-0111 duplicate");
            assertThat(twins).isNotEmpty();
            assertThat(twins.get(0)).contains("is reached through two cables", "(path 0,", ") and from ");
            assertThat(log.containing("DISC-0112")).singleElement().asString()
                    .contains("exiting (exit_on_fatal TRUE)");
        }
    }

    @Test
    void withExitOnFatalFalseTheFirstLeafStaysAndTheTwinIsLeftOut() throws Exception {
        Topology t = leafTwins();
        try (LogCapture log = LogCapture.open(DiscoveryStage.class);
             SimSm sm = SimSm.start(t, dir, "exit_on_fatal", "FALSE")) {
            SubnetSnapshot s = sm.awaitSubnetUp(WAIT);
            assertThat(s.nodes()).as("the twin leaf and its hosts are not in the subnet").hasSize(t.nodeCount() - 3);
            assertThat(log.containing("DISC-0111 duplicate")).isNotEmpty();
            assertThat(log.containing("DISC-0112")).isEmpty();
            assertThat(sm.daemon.events().fatalReason()).isNull();
            assertThat(sm.daemon.awaitStop(Duration.ofMillis(100))).isFalse();
        }
    }

    @Test
    void twoCasWithTheSameGuidsBackToBackArePortsLinkedToThemselves() throws Exception {
        Topology t = DuplicateGuids.backToBackTwins(1);
        try (LogCapture log = LogCapture.open(DiscoveryStage.class);
             SimSm sm = SimSm.start(t, dir)) {
            assertThat(sm.daemon.awaitStop(WAIT)).as("exit_on_fatal is TRUE by default").isTrue();
            assertThat(log.containing("DISC-0111 duplicate")).singleElement().asString()
                    .contains("port 1 (path 0) is linked to itself", "(path 0,1)");
            assertThat(sm.daemon.events().fatalReason()).contains("1 duplicate GUID found");
        }
        try (LogCapture log = LogCapture.open(DiscoveryStage.class);
             SimSm sm = SimSm.start(t, dir, "exit_on_fatal", "FALSE")) {
            sm.nextSweepEnd(WAIT);
            assertThat(log.containing("DISC-0111 duplicate")).isNotEmpty();
            assertThat(sm.daemon.events().fatalReason()).isNull();
            assertThat(sm.daemon.awaitStop(Duration.ofMillis(100))).as("the SM goes on").isFalse();
        }
    }

    /**
     * A port reached through a second cable whose first cable no longer reaches it when asked again is a cable moved
     * during the discovery, not a twin: the second cable counts and the SM goes on. The move is played by losing the
     * NodeInfo Gets that go from the SM's leaf up a cable and straight back down it, the routes of the checks through
     * the first cables (discovery itself never sends a Get back through the port it arrived on).
     */
    @Test
    void aPortWhoseFirstCableNoLongerReachesItWasRecabled() throws Exception {
        Topology t = leafTwins();
        int ca = SimSm.firstCa(t);
        int leaf = t.peerNode(ca, 1);
        Set<String> backDown = new HashSet<>();
        for (int p = 1; p <= t.node(leaf).numPorts(); p++) {
            int peer = t.peerNode(leaf, p);
            if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                backDown.add("0,1," + p + "," + t.peerPort(leaf, p));
            }
        }
        SimFabric fabric = new SimFabric(t, 7);
        SimMadChannel channel = fabric.openChannel(ca, 1);
        channel.setIsSm(true);
        LinkedBlockingQueue<Boolean> sweeps = new LinkedBlockingQueue<>();
        try (LogCapture log = LogCapture.open(DiscoveryStage.class);
             Daemon daemon = new Daemon(DaemonSettings.of(SimSm.options(), dir, dir),
                     new NodeInfoLost(channel, backDown), new SmEvents())) {
            daemon.addListener(new SweepListener() {
                @Override
                public void subnetUp(FabricView view) {
                }

                @Override
                public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
                    sweeps.add(ok);
                }
            });
            daemon.start();
            assertThat(sweeps.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the first sweep ended").isNotNull();
            assertThat(log.containing("DISC-0113")).isNotEmpty().allMatch(l -> l.contains("recabled during discovery"));
            assertThat(log.containing("DISC-0111 duplicate")).isEmpty();
            assertThat(daemon.events().fatalReason()).isNull();
        } finally {
            fabric.close();
        }
    }

    /**
     * Two hosts of different node GUIDs with the same port GUID: the one found second is left out, and with
     * {@code exit_on_fatal TRUE} the SM ends.
     */
    @Test
    void aPortGuidAnsweredByTwoHostsIsADuplicate() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        List<Integer> hosts = SimSm.cas(t);
        Topology twins = DuplicateGuids.clonePortGuids(t, hosts.get(0), hosts.get(hosts.size() - 1));
        try (LogCapture log = LogCapture.open(DiscoveryStage.class);
             SimSm sm = SimSm.start(twins, dir, "exit_on_fatal", "FALSE")) {
            SubnetSnapshot s = sm.awaitSubnetUp(WAIT);
            assertThat(s.nodes()).hasSize(t.nodeCount() - 1);
            assertThat(log.containing("DISC-0111 duplicate")).singleElement().asString()
                    .contains("is also the port GUID of node", "(path 0)");
        }
        try (SimSm sm = SimSm.start(twins, dir)) {
            assertThat(sm.daemon.awaitStop(WAIT)).isTrue();
            assertThat(sm.daemon.events().fatalReason()).contains("1 duplicate GUID found");
        }
    }

    /**
     * A 2-level fat tree of 4-port switches in which a leaf far from the SM carries the GUIDs of the SM's own leaf:
     * the spines reach both on the same uplink port numbers.
     */
    private static Topology leafTwins() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        int smLeaf = t.peerNode(SimSm.firstCa(t), 1);
        List<Integer> leaves = new ArrayList<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH && n != smLeaf && hasCa(t, n)) {
                leaves.add(n);
            }
        }
        return DuplicateGuids.cloneGuids(t, smLeaf, leaves.get(leaves.size() - 1));
    }

    /** Passes everything on but the NodeInfo Gets along the given directed routes ({@code DrPath} spelling). */
    private static final class NodeInfoLost extends ForwardingChannel {
        private final Set<String> routes;

        NodeInfoLost(MadChannel inner, Set<String> routes) {
            super(inner);
            this.routes = routes;
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) throws IOException {
            if (Smp.isDirectedRoute(mad) && (mad[3] & 0xFF) == Method.GET.value()
                    && MadHeader.ATTRIBUTE_ID.getInt(mad, 0) == AttributeId.NODE_INFO.value()) {
                StringBuilder route = new StringBuilder("0");
                for (int h = 1; h <= Smp.hopCount(mad); h++) {
                    route.append(',').append(mad[Smp.INITIAL_PATH_OFFSET + h] & 0xFF);
                }
                if (routes.contains(route.toString())) {
                    return;
                }
            }
            super.send(to, mad, length);
        }
    }

    private static boolean hasCa(Topology t, int sw) {
        for (int p = 1; p <= t.node(sw).numPorts(); p++) {
            int peer = t.peerNode(sw, p);
            if (peer >= 0 && t.node(peer).kind() == NodeKind.CA) {
                return true;
            }
        }
        return false;
    }
}
