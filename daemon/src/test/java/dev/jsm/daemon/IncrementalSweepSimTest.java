package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The incremental sweep and the reconfiguration against the simulator: a change the light sweep or a trap 128 saw
 * is probed where it happened (a few NodeInfo requests, not one per node), the model follows (a cable gone or back,
 * a switch and the hosts behind it gone or back), the tables are repaired, and every route walks on the simulator's
 * own tables; a reconfiguration of an unchanged fabric sends no Set at all.
 */
class IncrementalSweepSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int NODE_INFO = AttributeId.NODE_INFO.value();

    @TempDir
    Path dir;

    @Test
    void aCableGoneAndBackIsProbedWhereItHappened() throws Exception {
        Topology t = TopologyShapes.load("fat3:k=4");
        try (SimSm sm = SimSm.start(t, dir)) {
            int links = startedUp(sm).links().size();
            int leaf = t.peerNode(SimSm.firstCa(t), 1);
            int uplink = firstSwitchPort(t, leaf);
            int spine = t.peerNode(leaf, uplink);
            int spinePorts = t.node(spine).numPorts();

            long nodeInfos = sentNodeInfo(sm);
            sm.fabric.faults().linkDown(leaf, uplink);
            SubnetSnapshot cut = awaitIncrementalUp(sm);
            assertThat(cut.links()).hasSize(links - 1);
            assertThat(cut.nodes()).hasSize(t.nodeCount());
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();
            assertThat(sentNodeInfo(sm) - nodeInfos).as("NodeInfo only behind the two switches' live ports")
                    .isLessThanOrEqualTo(t.node(leaf).numPorts() + spinePorts);

            sm.fabric.faults().linkUp(leaf, uplink);
            SubnetSnapshot back = awaitIncrementalUp(sm);
            assertThat(back.links()).hasSize(links);
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();
            assertThat(sm.sweepsEnded).as("one heavy sweep, at start").containsOnlyOnce(SweepKind.HEAVY);
        }
    }

    /**
     * Four cables of the first four switches fail at once: the first incremental sweep knows only of those whose
     * traps arrived, and its Sets to switches reached over the others are lost. Another incremental sweep, told by a
     * light sweep where the rest failed, repairs and sends them; no heavy sweep rediscovers the fabric.
     */
    @Test
    void cablesFailingTogetherAreHandledByIncrementalSweepsOnly() throws Exception {
        Topology t = TopologyShapes.load("fat3:k=8");
        try (SimSm sm = SimSm.start(t, dir)) {
            startedUp(sm);
            int failed = 0;
            for (int sw = 0; sw < t.nodeCount() && failed < 4; sw++) {
                if (t.node(sw).kind() == NodeKind.SWITCH) {
                    sm.fabric.faults().linkDown(sw, firstSwitchPort(t, sw));
                    failed++;
                }
            }

            sm.awaitSubnetUp(UP);
            sm.awaitUntil(() -> new SimRoutes(sm.fabric).walkAll().failures.isEmpty(), UP);
            assertThat(sm.sweepsEnded).as("one heavy sweep, at start").containsOnlyOnce(SweepKind.HEAVY);
        }
    }

    @Test
    void aLeafSwitchPoweredOffTakesItsHostsAndBringsThemBackWithTheirLids() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        int leaf = t.peerNode(lastCa(t), 1);
        List<Integer> hosts = hostsOf(t, leaf);
        try (SimSm sm = SimSm.start(t, dir)) {
            startedUp(sm);
            SimRoutes before = new SimRoutes(sm.fabric);

            sm.fabric.faults().removeNode(leaf);
            SubnetSnapshot gone = awaitIncrementalUp(sm);
            assertThat(gone.node(t.node(leaf).nodeGuid())).isNull();
            assertThat(gone.nodes()).hasSize(t.nodeCount() - 1 - hosts.size());
            for (int h : hosts) {
                assertThat(gone.node(t.node(h).nodeGuid())).isNull();
            }

            sm.fabric.faults().returnNode(leaf);
            SubnetSnapshot back = awaitIncrementalUp(sm);
            assertThat(back.nodes()).hasSize(t.nodeCount());
            SimRoutes after = new SimRoutes(sm.fabric).walkAll();
            assertThat(after.failures).isEmpty();
            assertThat(after.lidOfNode).as("the same LIDs, from the guid2lid").isEqualTo(before.lidOfNode);
            assertThat(sm.sweepsEnded).containsOnlyOnce(SweepKind.HEAVY);
        }
    }

    @Test
    void aReconfigurationOfAnUnchangedFabricSendsNoSet() throws Exception {
        Topology t = TopologyShapes.load("fat3:k=4");
        try (SimSm sm = SimSm.start(t, dir)) {
            startedUp(sm);
            long sets = sm.counted.configurationSets();
            long sent = sm.daemon.madStats().sent();
            sm.daemon.events().request(SmEvent.RECONFIGURE, "SIGHUP");
            assertThat(nextConfiguringSweep(sm)).isEqualTo(SweepKind.RECONFIGURE);
            assertThat(sm.counted.configurationSets()).isEqualTo(sets);
            assertThat(sm.daemon.madStats().sent() - sent).as("a SwitchInfo Get to every switch")
                    .isEqualTo(t.switchCount());
        }
    }

    @Test
    void aReconfigurationAfterAChangeProbesIt() throws Exception {
        Topology t = TopologyShapes.load("fat3:k=4");
        try (SimSm sm = SimSm.start(t, dir, "sweep_on_trap", "FALSE")) {
            int links = startedUp(sm).links().size();
            int leaf = t.peerNode(SimSm.firstCa(t), 1);
            sm.fabric.faults().linkDown(leaf, firstSwitchPort(t, leaf));
            assertThat(sm.anotherSweepWithin(Duration.ofMillis(300))).as("sweep_on_trap FALSE").isFalse();
            sm.daemon.events().request(SmEvent.RECONFIGURE, "SIGHUP");
            assertThat(nextConfiguringSweep(sm)).isEqualTo(SweepKind.RECONFIGURE);
            assertThat(sm.daemon.view().snapshot().links()).hasSize(links - 1);
            assertThat(sm.sweepsEnded).containsOnlyOnce(SweepKind.HEAVY);
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();
        }
    }

    /**
     * Waits until the changes are swept without a heavy sweep: the sweeps that configure until the fabric settles
     * must all be incremental (asked for by a trap 128 or a light sweep), at least one. Returns the fabric as last
     * configured.
     */
    private static SubnetSnapshot awaitIncrementalUp(SimSm sm) throws InterruptedException {
        List<SweepKind> configuring = sm.awaitSettled(UP).stream().filter(k -> k != SweepKind.LIGHT).toList();
        assertThat(configuring).isNotEmpty().containsOnly(SweepKind.INCREMENTAL);
        return sm.daemon.view().snapshot();
    }

    /** The first SUBNET UP, its heavy sweep's end consumed. */
    private static SubnetSnapshot startedUp(SimSm sm) throws InterruptedException {
        SubnetSnapshot up = sm.awaitSubnetUp(UP);
        assertThat(sm.nextSweepEnd(UP)).isEqualTo(SweepKind.HEAVY);
        return up;
    }

    /** The kind of the next sweep that configures to end (light sweeps skipped). */
    private static SweepKind nextConfiguringSweep(SimSm sm) throws InterruptedException {
        SweepKind kind;
        while ((kind = sm.nextSweepEnd(UP)) == SweepKind.LIGHT) {
            continue;
        }
        return kind;
    }

    private static long sentNodeInfo(SimSm sm) {
        return sm.daemon.madStats().sentOfAttribute(NODE_INFO);
    }

    private static int firstSwitchPort(Topology t, int sw) {
        for (int p = 1; p <= t.node(sw).numPorts(); p++) {
            int peer = t.peerNode(sw, p);
            if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                return p;
            }
        }
        throw new IllegalArgumentException("no inter-switch port");
    }

    private static List<Integer> hostsOf(Topology t, int sw) {
        return SimSm.cas(t).stream().filter(c -> t.peerNode(c, 1) == sw).toList();
    }

    private static int lastCa(Topology t) {
        List<Integer> cas = SimSm.cas(t);
        return cas.get(cas.size() - 1);
    }
}
