package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.SwitchLft;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Off-sweep balancing against the simulator: after the window, minhop's and updn's routes of a 3-level fat tree
 * (one link loaded several times the mean under all-to-all traffic) are rebalanced in the background and installed
 * with only the LFT blocks that differ; the simulator's own tables then deliver every route, the SA's view carries
 * the new routing, and the verifier's link load is at most 1.5 times the mean.
 */
class OffSweepBalancingSimTest {

    private static final Duration UP = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void minhopIsRebalancedAndOnlyTheBlocksThatDifferAreSent() throws Exception {
        rebalances("minhop");
    }

    @Test
    void updnIsRebalancedWithoutCreditLoops() throws Exception {
        VerifierReport after = rebalances("updn");
        assertThat(after.creditLoops().hasCycle()).isFalse();
    }

    private VerifierReport rebalances(String engine) throws Exception {
        Topology t = TopologyShapes.load("fat3:k=8");
        // a window of a second: the Sets counted before the balancing are all counted before it starts
        try (SimSm sm = SimSm.start(t, dir, "routing_engine", engine, "offsweep_balancing_enabled", "TRUE",
                "offsweep_balancing_window", "1")) {
            sm.awaitSubnetUp(UP);
            FabricView routed = sm.daemon.view();
            long setsBefore = sm.counted.configurationSets();
            RoutingInput in = RoutingInput.from(routed.snapshot(), 0);
            VerifierReport before = new RouteVerifier().verify(in, routed.routing().tables());

            sm.awaitViewUpdate(UP);
            // the LFT stage overlaps the view update: its Sets may still be queued or on the wire
            sm.awaitUntil(() -> {
                TransactionStats s = sm.daemon.transactions().stats();
                return s.outstanding() == 0 && s.queued() == 0;
            }, UP);

            FabricView balanced = sm.daemon.view();
            assertThat(balanced.routing()).isNotSameAs(routed.routing());
            VerifierReport after = new RouteVerifier().verify(in, balanced.routing().tables());
            assertThat(after.unreachablePairs()).isEqualTo(before.unreachablePairs());
            assertThat(before.linkLoad().maxOverMean()).as("%s's own balance", engine).isGreaterThan(1.5);
            assertThat(after.linkLoad().maxOverMean()).isLessThanOrEqualTo(1.5);
            assertThat(after.hops().nonMinimalPairs()).isEqualTo(before.hops().nonMinimalPairs());
            assertThat(sm.counted.configurationSets() - setsBefore).as("one Set per LFT block that differs")
                    .isEqualTo(differingBlocks(routed.routing().tables(), balanced.routing().tables()));
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();
            assertThat(sm.daemon.routeCheck().result()).isSameAs(balanced.routing());
            return after;
        }
    }

    private static long differingBlocks(LftTables a, LftTables b) {
        long blocks = 0;
        for (int sw = 0; sw < a.switchCount(); sw++) {
            byte[] x = a.lft(sw);
            byte[] y = b.lft(sw);
            for (int from = 0; from < x.length; from += SwitchLft.BLOCK_SIZE) {
                for (int lid = from; lid < Math.min(x.length, from + SwitchLft.BLOCK_SIZE); lid++) {
                    if (x[lid] != y[lid]) {
                        blocks++;
                        break;
                    }
                }
            }
        }
        return blocks;
    }
}
