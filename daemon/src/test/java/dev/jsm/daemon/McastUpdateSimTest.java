package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Joins and leaves reprogram the MFTs through multicast updates, not heavy sweeps (issue 25: 77 joins a second
 * drove 124 heavy sweeps in 14 s): a storm of joins is programmed in a few coalesced updates with no SUBNET UP, only
 * the changed groups' blocks are sent, and an SM that is not master programs nothing.
 */
class McastUpdateSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int GROUPS = 200;

    @TempDir
    Path dir;

    @Test
    void aStormOfJoinsIsProgrammedInFewUpdatesWithoutAHeavySweep() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        List<Integer> cas = SimSm.cas(t);
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            long setsBefore = mftSets(sm);
            for (int g = 0; g < GROUPS; g++) {
                int mlid = 0xC100 + g;
                long a = t.node(cas.get(g % cas.size())).portGuid(1);
                long b = t.node(cas.get((g + 7) % cas.size())).portGuid(1);
                sm.daemon.changeMulticast(groups -> {
                    groups.join(mlid, a);
                    groups.join(mlid, b);
                }, "join " + g);
            }
            int updates = 0;
            long end = System.nanoTime() + UP.toNanos();
            while (!allProgrammed(sm, t, cas) && System.nanoTime() < end) {
                sm.awaitViewUpdate(UP);
                updates++;
            }
            assertThat(allProgrammed(sm, t, cas)).isTrue();
            assertThat(updates).as("coalesced").isLessThan(GROUPS / 2);
            assertThat(sm.anotherSweepWithin(Duration.ofMillis(300))).as("no heavy sweep").isFalse();
            long sets = mftSets(sm) - setsBefore;

            long beforeLeave = mftSets(sm);
            sm.daemon.changeMulticast(groups -> groups.leave(0xC100, t.node(cas.get(0)).portGuid(1)), "one leave");
            sm.awaitViewUpdate(UP);
            long leaveSets = mftSets(sm) - beforeLeave;
            assertThat(leaveSets).as("one group changed: its one block, on the switches whose entry changed")
                    .isPositive().isLessThan(sets);
            assertThat(sm.fabric.mftHasPort(t.peerNode(cas.get(0), 1), 0xC100, t.peerPort(cas.get(0), 1))).isFalse();
        }
    }

    @Test
    void anSmThatIsNotMasterProgramsNothing() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2");
        List<Integer> cas = SimSm.cas(t);
        try (SimSm sm = SimSm.start(t, dir, "sm_inactive", "TRUE")) {
            sm.daemon.changeMulticast(groups -> {
                groups.join(0xC001, t.node(cas.get(0)).portGuid(1));
                groups.join(0xC001, t.node(cas.get(1)).portGuid(1));
            }, "join");
            assertThat(sm.anotherSweepWithin(Duration.ofMillis(500))).isFalse();
            assertThat(mftSets(sm)).isZero();
        }
    }

    private static long mftSets(SimSm sm) {
        return sm.daemon.madStats().sentOfAttribute(AttributeId.MULTICAST_FORWARDING_TABLE.value());
    }

    /** Whether every group's two members' leaf ports forward it in the simulator's MFTs. */
    private static boolean allProgrammed(SimSm sm, Topology t, List<Integer> cas) {
        for (int g = 0; g < GROUPS; g++) {
            for (int ca : List.of(cas.get(g % cas.size()), cas.get((g + 7) % cas.size()))) {
                if (!sm.fabric.mftHasPort(t.peerNode(ca, 1), 0xC100 + g, t.peerPort(ca, 1))) {
                    return false;
                }
            }
        }
        return true;
    }
}
