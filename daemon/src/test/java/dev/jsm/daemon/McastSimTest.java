package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multicast groups reach the simulator's MFTs: checked by flooding a packet through the simulator's own tables,
 * never through the daemon's model.
 */
class McastSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int MLID = 0xC001;

    @TempDir
    Path dir;

    @Test
    void joinedPortsAndOnlyThemReceiveTheGroupAndALeaveIsProgrammed() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        List<Integer> cas = SimSm.cas(t);
        List<Integer> members = List.of(cas.get(0), cas.get(5), cas.get(17), cas.get(30));
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            sm.daemon.changeMulticast(g -> members.forEach(ca -> g.join(MLID, t.node(ca).portGuid(1))), "test join");
            sm.awaitViewUpdate(UP);
            for (int src : members) {
                int[] got = flood(sm.fabric, t, src);
                for (int ca : cas) {
                    assertThat(got[ca]).as("copies at %s from %s", t.node(ca).description(),
                            t.node(src).description()).isEqualTo(members.contains(ca) && ca != src ? 1 : 0);
                }
            }

            long mftSets = sm.daemon.madStats().sentOfAttribute(AttributeId.MULTICAST_FORWARDING_TABLE.value());
            sm.daemon.changeMulticast(g -> g.leave(MLID, t.node(members.get(3)).portGuid(1)), "test leave");
            sm.awaitViewUpdate(UP);
            int[] got = flood(sm.fabric, t, members.get(0));
            assertThat(got[members.get(3)]).isZero();
            assertThat(got[members.get(1)]).isEqualTo(1);
            long afterLeave = sm.daemon.madStats().sentOfAttribute(AttributeId.MULTICAST_FORWARDING_TABLE.value());
            assertThat(afterLeave).isGreaterThan(mftSets);

            sm.daemon.events().request(dev.jsm.daemon.loop.SmEvent.HEAVY_SWEEP, "unchanged");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(AttributeId.MULTICAST_FORWARDING_TABLE.value()))
                    .as("no MFT Set when nothing changed").isEqualTo(afterLeave);
        }
    }

    @Test
    void withMulticastDisabledNoMftIsProgrammedUntilItIsEnabledAgain() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        List<Integer> cas = SimSm.cas(t);
        List<Integer> members = List.of(cas.get(0), cas.get(3));
        try (SimSm sm = SimSm.start(t, dir, "disable_multicast", "TRUE")) {
            sm.awaitSubnetUp(UP);
            sm.daemon.changeMulticast(g -> members.forEach(ca -> g.join(MLID, t.node(ca).portGuid(1))), "test join");
            sm.daemon.events().request(dev.jsm.daemon.loop.SmEvent.HEAVY_SWEEP, "after the join");
            sm.awaitSubnetUp(UP);

            assertThat(sm.daemon.madStats().sentOfAttribute(AttributeId.MULTICAST_FORWARDING_TABLE.value()))
                    .isZero();
            assertThat(flood(sm.fabric, t, members.get(0))[members.get(1)]).isZero();
        }
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            sm.daemon.changeMulticast(g -> members.forEach(ca -> g.join(MLID, t.node(ca).portGuid(1))), "test join");
            sm.awaitViewUpdate(UP);

            assertThat(sm.daemon.madStats().sentOfAttribute(AttributeId.MULTICAST_FORWARDING_TABLE.value()))
                    .as("the same fabric with multicast").isPositive();
            assertThat(flood(sm.fabric, t, members.get(0))[members.get(1)]).isEqualTo(1);
        }
    }

    /** Copies each node receives when CA {@code src} sends to the group, following the simulator's MFTs. */
    private static int[] flood(SimFabric fabric, Topology t, int src) {
        int[] got = new int[t.nodeCount()];
        List<int[]> frontier = new ArrayList<>();
        frontier.add(new int[] {t.peerNode(src, 1), t.peerPort(src, 1)});
        for (int hop = 0; !frontier.isEmpty(); hop++) {
            assertThat(hop).as("the packet loops").isLessThan(2 * t.nodeCount());
            List<int[]> next = new ArrayList<>();
            for (int[] at : frontier) {
                int sw = at[0];
                for (int p = 1; p <= t.node(sw).numPorts(); p++) {
                    int peer = t.peerNode(sw, p);
                    if (p == at[1] || peer < 0 || !fabric.mftHasPort(sw, MLID, p)) {
                        continue;
                    }
                    if (t.node(peer).kind() == NodeKind.SWITCH) {
                        next.add(new int[] {peer, t.peerPort(sw, p)});
                    } else {
                        got[peer]++;
                    }
                }
            }
            frontier = next;
        }
        return got;
    }
}
