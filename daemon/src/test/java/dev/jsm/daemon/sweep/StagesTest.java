package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.discovery.DropManager;
import dev.jsm.daemon.event.EventReport;
import dev.jsm.daemon.lid.LidManager;
import dev.jsm.daemon.link.LinkManager;
import dev.jsm.daemon.link.PortActivator;
import dev.jsm.daemon.route.LftProgrammer;
import dev.jsm.daemon.route.UnicastRouting;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Node;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sweep stages one by one against the simulator, each judged on the model or on the simulator's state. */
class StagesTest {

    @TempDir
    Path dir;

    @Test
    void discoveryFindsEveryNodeOnceThroughLoopsAndRecordsRoutes() throws Exception {
        Topology t = TopologyShapes.load("torus:dims=4x4,hosts=1");
        try (StageRig rig = new StageRig(t, dir)) {
            DiscoveryStage d = rig.discovery();
            assertThat(rig.run(d, new DropManager(rig.services, d))).isEqualTo(StageOutcome.CONTINUE);
            rig.onSm(() -> {
                assertThat(rig.state.subnet().nodeCount()).isEqualTo(t.nodeCount());
                assertThat(rig.state.subnet().linkCount()).isEqualTo(t.links().size());
                for (Node n : rig.state.subnet().nodes()) {
                    assertThat(rig.state.paths().toNode(n)).as(n.toString()).isNotNull();
                    assertThat(n.description()).isNotEmpty();
                    if (n.isSwitch()) {
                        assertThat(n.ports()).hasSize(n.numPorts() + 1);
                        assertThat(n.asSwitch().attributes().linearFdbCap()).isPositive();
                    }
                }
                return null;
            });
        }
    }

    @Test
    void aNodeThatNoLongerAnswersIsDroppedWithItsCables() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (StageRig rig = new StageRig(t, dir)) {
            DiscoveryStage d = rig.discovery();
            rig.run(d, new DropManager(rig.services, d));
            int spine = lastSwitch(t);
            rig.fabric.faults().removeNode(spine);
            assertThat(rig.run(d, new DropManager(rig.services, d))).isEqualTo(StageOutcome.CONTINUE);
            rig.onSm(() -> {
                assertThat(rig.state.subnet().node(t.node(spine).nodeGuid())).isNull();
                assertThat(rig.state.subnet().nodeCount()).isEqualTo(t.nodeCount() - 1);
                return null;
            });
        }
    }

    @Test
    void aNodeDroppedAfterAHeavySweepIsNotHeldByIt() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (StageRig rig = new StageRig(t, dir)) {
            DiscoveryStage d = rig.discovery();
            rig.run(d, new DropManager(rig.services, d));
            long guid = t.node(lastSwitch(t)).nodeGuid();
            // as an incremental sweep drops a node that no longer answers: no heavy sweep follows for a long time
            WeakReference<Node> dropped = rig.onSm(() -> {
                Node n = rig.state.subnet().node(guid);
                rig.state.paths().forget(n);
                rig.state.subnet().removeNode(n);
                return new WeakReference<>(n);
            });
            for (int i = 0; i < 50 && dropped.get() != null; i++) {
                System.gc();
                Thread.sleep(10);
            }
            assertThat(dropped.get()).as("the dropped switch, still reachable from the heavy sweep's stages").isNull();
        }
    }

    @Test
    void configurationStagesSendOnlyWhatIsMissing() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (StageRig rig = new StageRig(t, dir)) {
            DiscoveryStage d = rig.discovery();
            LidManager lids = new LidManager(rig.services, rig.lids, rig.status);
            UnicastRouting routing = new UnicastRouting(rig.services, rig.afterSweep, rig.chain, rig.routes);
            LftProgrammer lfts = new LftProgrammer(rig.services, EventReport.NONE, "HEAVY_SWEEP");
            LinkManager links = new LinkManager(rig.services, rig.wishes, rig.status, rig.mKeys);
            PortActivator activator = new PortActivator(rig.services, rig.wishes, rig.status, rig.mKeys);
            assertThat(rig.run(d, new DropManager(rig.services, d), rig.election(), lids, new SnapshotStage(),
                    routing, lfts, links, activator)).isEqualTo(StageOutcome.CONTINUE);
            assertThat(rig.onSm(rig.state::errors)).isZero();
            for (int n = 0; n < t.nodeCount(); n++) {
                for (int p = 1; p <= t.node(n).numPorts(); p++) {
                    if (t.peerNode(n, p) >= 0) {
                        assertThat(rig.fabric.portInfo(n, p).portState()).isEqualTo(PortInfo.STATE_ACTIVE);
                    }
                }
            }
            RoutingInput in = rig.routes.input();
            LftTables routed = rig.routes.result().tables();
            rig.onSm(() -> {
                for (int s = 0; s < in.switchCount(); s++) {
                    assertThat(rig.state.subnet().node(in.switchGuid()[s]).asSwitch().lft().programmedForSnapshot())
                            .as("a programmed switch keeps the routing's row as what it holds").isSameAs(routed.lft(s));
                }
                return null;
            });
            long sent = rig.sent();
            rig.run(lids, new SnapshotStage(), routing, lfts, links, activator);
            assertThat(rig.sent()).isEqualTo(sent);
        }
    }

    private static int lastSwitch(Topology t) {
        for (int i = t.nodeCount() - 1; i >= 0; i--) {
            if (t.node(i).kind() == NodeKind.SWITCH) {
                return i;
            }
        }
        throw new IllegalArgumentException("no switch");
    }
}
