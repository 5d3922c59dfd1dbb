package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.discovery.DropManager;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code use_mfttop} (default on): the MFT stage sets SwitchInfo.MulticastFDBTop, read back from the simulator, to
 * the last MLID of the last block in use on a switch whose port 0 says IsMulticastFDBTopSupported (the simulator's
 * switches do not say it; the model of one leaf is told they do, as a discovery of such a switch would record), and
 * to 0xBFFF when no group is left; other switches get no SwitchInfo Set; an unchanged top sends nothing.
 */
class MftTopTest {

    @TempDir
    Path dir;

    @Test
    void theTopFollowsTheBlocksInUseOnSwitchesThatSupportIt() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2");
        int leaf = t.peerNode(ca(t, 1), 1);
        int otherLeaf = t.peerNode(ca(t, 3), 1);
        long hostA = t.node(ca(t, 1)).portGuid(1);
        long hostB = t.node(ca(t, 3)).portGuid(1);
        try (StageRig rig = new StageRig(t, dir)) {
            DiscoveryStage d = rig.discovery();
            McastGroups groups = new McastGroups();
            MftProgrammer mfts = new MftProgrammer(groups, rig.routes, MftProgrammer.Scope.ALL);
            rig.run(d, new DropManager(d), rig.election(), new LidManager(rig.lids, rig.status),
                    new SnapshotStage(), new UnicastRouting(rig.chain, rig.routes), new LftProgrammer());
            int otherTop = rig.fabric.switchInfo(otherLeaf).multicastFdbTop();
            rig.onSm(() -> {
                PhysPort port0 = rig.ctx.subnet().node(t.node(leaf).nodeGuid()).port(0);
                port0.setAttributes(withMftTopSupported(port0.attributes()));
                groups.join(0xC021, hostA);
                groups.join(0xC021, hostB);
                return null;
            });
            rig.run(mfts);
            assertThat(rig.onSm(rig.ctx::sweepErrors)).isZero();
            assertThat(rig.fabric.mftHasPort(leaf, 0xC021, t.peerPort(ca(t, 1), 1))).isTrue();
            assertThat(rig.fabric.switchInfo(leaf).multicastFdbTop()).as("MLID 0xC021 is in block 1")
                    .isEqualTo(0xC03F);
            assertThat(rig.fabric.switchInfo(otherLeaf).multicastFdbTop()).as("does not say it supports it")
                    .isEqualTo(otherTop);

            long sent = rig.sent();
            rig.run(mfts);
            assertThat(rig.sent()).as("nothing changed").isEqualTo(sent);

            rig.onSm(() -> {
                groups.leave(0xC021, hostA);
                groups.leave(0xC021, hostB);
                return null;
            });
            rig.run(mfts);
            assertThat(rig.fabric.switchInfo(leaf).multicastFdbTop()).as("no group left").isEqualTo(0xBFFF);
            assertThat(rig.fabric.mftHasPort(leaf, 0xC021, t.peerPort(ca(t, 1), 1))).isFalse();
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
