package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.discovery.DropManager;
import dev.jsm.daemon.event.EventReport;
import dev.jsm.daemon.lid.LidManager;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.daemon.mcast.MftProgrammer;
import dev.jsm.daemon.route.LftProgrammer;
import dev.jsm.daemon.route.UnicastRouting;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code use_mfttop} (default on): the MFT stage sets SwitchInfo.MulticastFDBTop, read back from the simulator, to
 * the last MLID of the last block in use on a switch whose port 0 says IsMulticastFDBTopSupported (the simulator's
 * switches do not say it; the model of one leaf is told they do, as a discovery of such a switch would record), and
 * to 0xBFFF when no group is left; other switches get no SwitchInfo Set; an unchanged top sends nothing.
 */
class MftTopTest {

    private static final Topology T = TopologyShapes.parse("fat2:k=4,leaves=2,spines=1,hosts=2");
    private static final int LEAF = T.peerNode(ca(T, 1), 1);
    private static final long LEAF_GUID = T.node(LEAF).nodeGuid();
    private static final long HOST_A = T.node(ca(T, 1)).portGuid(1);
    private static final long HOST_B = T.node(ca(T, 3)).portGuid(1);

    @TempDir
    Path dir;

    @Test
    void theTopFollowsTheBlocksInUseOnSwitchesThatSupportIt() throws Exception {
        int otherLeaf = T.peerNode(ca(T, 3), 1);
        try (StageRig rig = new StageRig(T, dir)) {
            DiscoveryStage d = rig.discovery();
            McastGroups groups = new McastGroups();
            MftProgrammer mfts = new MftProgrammer(rig.services, groups, rig.routes, MftProgrammer.Scope.ALL);
            rig.run(d, new DropManager(rig.services, d), rig.election(),
                    new LidManager(rig.services, rig.lids, rig.status), new SnapshotStage(),
                    new UnicastRouting(rig.services, rig.afterSweep, rig.chain, rig.routes),
                    new LftProgrammer(rig.services, EventReport.NONE, "HEAVY_SWEEP"));
            int otherTop = rig.fabric.switchInfo(otherLeaf).multicastFdbTop();
            rig.onSm(() -> {
                PhysPort port0 = rig.state.subnet().node(LEAF_GUID).port(0);
                port0.setAttributes(withMftTopSupported(port0.attributes()));
                groups.join(0xC021, HOST_A);
                groups.join(0xC021, HOST_B);
                return null;
            });
            rig.run(mfts);
            assertThat(rig.onSm(rig.state::errors)).isZero();
            assertThat(rig.fabric.mftHasPort(LEAF, 0xC021, T.peerPort(ca(T, 1), 1))).isTrue();
            assertThat(rig.fabric.switchInfo(LEAF).multicastFdbTop()).as("MLID 0xC021 is in block 1")
                    .isEqualTo(0xC03F);
            assertThat(rig.fabric.switchInfo(otherLeaf).multicastFdbTop()).as("does not say it supports it")
                    .isEqualTo(otherTop);

            long sent = rig.sent();
            rig.run(mfts);
            assertThat(rig.sent()).as("nothing changed").isEqualTo(sent);

            rig.onSm(() -> {
                groups.leave(0xC021, HOST_A);
                groups.leave(0xC021, HOST_B);
                return null;
            });
            rig.run(mfts);
            assertThat(rig.fabric.switchInfo(LEAF).multicastFdbTop()).as("no group left").isEqualTo(0xBFFF);
            assertThat(rig.fabric.mftHasPort(LEAF, 0xC021, T.peerPort(ca(T, 1), 1))).isFalse();
        }
    }

    /**
     * The LFT stage overlaps the MFT stage, so on a first sweep both send a SwitchInfo Set to a switch that supports
     * MulticastFDBTop, the MFT stage's before the LFT stage's is answered: the MFT stage's must carry the
     * LinearFDBTop and LifeTimeValue the LFT stage sets, not the values discovery read, or the switch would end with
     * the LinearFDBTop it had before (0 on a new switch: no unicast LID forwarded).
     */
    @Test
    void theMftStagesSwitchInfoSetKeepsWhatTheLftStageSets() throws Exception {
        try (StageRig rig = new StageRig(T, dir)) {
            DiscoveryStage d = rig.discovery();
            McastGroups groups = new McastGroups();
            SweepStage supportsTop = new SweepStage() {
                @Override
                public String name() {
                    return "leaf-says-it-supports-mfttop";
                }

                @Override
                public StageOutcome run(SweepState state) {
                    PhysPort port0 = state.subnet().node(LEAF_GUID).port(0);
                    port0.setAttributes(withMftTopSupported(port0.attributes()));
                    groups.join(0xC021, HOST_A);
                    groups.join(0xC021, HOST_B);
                    // answers from now on come after the MFT stage has asked, as on a large fabric
                    rig.fabric.faults().setDelay(Duration.ofMillis(50), Duration.ZERO);
                    return StageOutcome.CONTINUE;
                }
            };
            int before = rig.fabric.switchInfo(LEAF).linearFdbTop();
            rig.run(d, new DropManager(rig.services, d), rig.election(),
                    new LidManager(rig.services, rig.lids, rig.status), new SnapshotStage(),
                    new UnicastRouting(rig.services, rig.afterSweep, rig.chain, rig.routes), supportsTop,
                    new LftProgrammer(rig.services, EventReport.NONE, "HEAVY_SWEEP"),
                    new MftProgrammer(rig.services, groups, rig.routes, MftProgrammer.Scope.ALL));
            assertThat(rig.onSm(rig.state::errors)).isZero();
            int wanted = rig.onSm(() -> rig.state.subnet().node(LEAF_GUID).asSwitch().lft().wantedTop());
            assertThat(wanted).as("the LFT stage had a LinearFDBTop to set").isNotEqualTo(before);
            assertThat(rig.fabric.switchInfo(LEAF).linearFdbTop()).isEqualTo(wanted);
            assertThat(rig.fabric.switchInfo(LEAF).multicastFdbTop()).isEqualTo(0xC03F);
        }
    }

    private static PortAttributes withMftTopSupported(PortAttributes a) {
        return new PortAttributes(a.mKey(), a.gidPrefix(), a.lid(), a.masterSmLid(),
                a.capabilityMask() | PortInfo.CAP_IS_MULTICAST_FDB_TOP_SUPPORTED, a.mKeyLeasePeriod(),
                a.linkWidthEnabled(), a.linkWidthSupported(), a.linkWidthActive(), a.linkSpeedSupported(),
                a.portState(), a.portPhysicalState(), a.mKeyProtectBits(), a.lmc(), a.linkSpeedActive(),
                a.linkSpeedEnabled(), a.neighborMtu(), a.masterSmSl(), a.vlCap(), a.vlHighLimit(),
                a.vlArbitrationHighCap(), a.vlArbitrationLowCap(), a.mtuCap(), a.vlStallCount(), a.hoqLife(),
                a.operationalVls(), a.partitionEnforcementInbound(), a.partitionEnforcementOutbound(),
                a.filterRawInbound(), a.filterRawOutbound(), a.guidCap(), a.subnetTimeout(), a.localPhyErrors(),
                a.overrunErrors(), a.capabilityMask2(), a.linkSpeedExtActive(), a.linkSpeedExtSupported(),
                a.linkSpeedExtEnabled(), a.localPortNum(), a.linkDownDefaultState(), a.respTimeValue());
    }

    /** The {@code n}-th CA of the topology. */
    private static int ca(Topology t, int n) {
        int seen = -1;
        for (int i = 0; i < t.nodeCount(); i++) {
            if (t.node(i).kind() == NodeKind.CA && ++seen == n) {
                return i;
            }
        }
        throw new IllegalArgumentException("fewer than " + (n + 1) + " CAs");
    }
}
