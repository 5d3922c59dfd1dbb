package dev.jsm.routing.ftree;

import static dev.jsm.routing.ftree.FatTreeTesting.VERIFIER;
import static dev.jsm.routing.ftree.FatTreeTesting.assertCompleteAndLoopFree;
import static dev.jsm.routing.ftree.FatTreeTesting.ftree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** ftree on generated fat trees: reachability, credit loops, path lengths, link load, the shift pattern. */
class FatTreeEngineTest {

    @ParameterizedTest
    @ValueSource(strings = {"fat2:k=8", Fabrics.FAT2_16, "fat2:k=12,hosts=4", Fabrics.FAT2_648, Fabrics.FAT3_128,
        "fat3:k=12", "fat3:k=8,pods=3", "fat3:k=12,pods=5", "fat3:k=8,hosts=2"})
    void routesEveryPairOfFatTreesOnShortestPathsWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        FatTreeTesting.Run run = ftree(in);

        VerifierReport r = assertCompleteAndLoopFree(in, run.routed());
        assertThat(r.hops().maxExtraHops()).as(r.format()).isZero();
        assertThat(run.summary().notes()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"fat2:k=8, 28", "fat2:k=16, 120", Fabrics.FAT2_648 + ", 630", "fat3:k=12, 426"})
    void balancesAllToAllWithinFivePercentOnFullFatTrees(String shape, long leafUplinkBound) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = VERIFIER.verify(in, ftree(in).routed());

        assertThat(r.linkLoad().maxOverMean()).as(r.format()).isLessThanOrEqualTo(1.05);
        assertThat(r.linkLoad().maxLoad()).as(r.format()).isEqualTo(leafUplinkBound);
    }

    /**
     * Where the mean is lower than any routing's maximum (the leaf up-links of a 3-level tree also carry the traffic
     * within the pod), the busiest link carries exactly the unavoidable load: hosts per leaf times the hosts outside
     * the leaf, spread over the leaf's up-links.
     */
    @ParameterizedTest
    @CsvSource({Fabrics.FAT3_128 + ", 124", "'fat3:k=8,pods=3', 44", "'fat3:k=12,pods=5', 174"})
    void loadsNoLinkBeyondTheLeafUplinkBound(String shape, long bound) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = VERIFIER.verify(in, ftree(in).routed());

        assertThat(r.linkLoad().maxLoad()).as(r.format()).isEqualTo(bound);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat2:k=8", Fabrics.FAT2_16, "fat2:k=12,hosts=4", Fabrics.FAT3_128, "fat3:k=8,pods=3",
        "fat3:k=12,pods=4"})
    void routesEveryShiftOfTheCaOrderWithoutTwoFlowsOnOneLink(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        FatTreeTesting.Run run = ftree(in);
        LftTables lfts = run.routed();
        List<Integer> order = new ArrayList<>();
        for (FatTreeSummary.CaOrderEntry e : run.summary().caOrder()) {
            order.add(e.lid());
        }
        assertThat(order).doesNotContain(FatTreeSummary.CaOrderEntry.DUMMY_LID).hasSize(in.endPortCount()
                - in.switchCount());

        int n = order.size();
        for (int shift = 1; shift < n; shift++) {
            int[] flows = new int[in.edgeCount()];
            for (int i = 0; i < n; i++) {
                int src = order.get(i);
                int dst = order.get((i + shift) % n);
                int sw = in.lidOwnerSwitch()[src];
                while (sw != in.lidOwnerSwitch()[dst]) {
                    int e = in.edgeOfPort(sw, lfts.port(sw, dst));
                    assertThat(++flows[e]).as("shift %d: link %d carries two flows", shift, e).isEqualTo(1);
                    sw = in.peerSwitch()[e];
                }
            }
        }
    }

    @Test
    void connectsRootsAndUpperSwitchesOfOtherSubtreesThatTheFatTreePassLeavesApart() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT3_128, 0);

        FatTreeTesting.Run run = ftree(in);

        VerifierReport r = assertCompleteAndLoopFree(in, run.routed());
        assertThat(r.pairs()).isEqualTo((long) in.switchCount() * in.endPortCount());
        // 16 cores miss the 15 other cores and the 24 mids of the 3 other groups; 32 mids miss 24 mids and 12 cores
        assertThat(run.summary().completedEntries()).isEqualTo(16 * (15 + 24) + 32 * (24 + 12));
        assertThat(run.summary().treeRank()).isEqualTo(3);
        assertThat(run.summary().switchesPerRank()).containsExactly(16, 32, 32);
    }

    @Test
    void describesTheCaOrderAsOpenSmDumpsIt() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);

        FatTreeSummary summary = ftree(in).summary();

        assertThat(summary.leafSwitches()).isEqualTo(4);
        assertThat(summary.computeNodes()).isEqualTo(16);
        assertThat(summary.maxCnPerLeaf()).isEqualTo(4);
        List<String> lines = summary.caOrderLines(guid -> String.format("node-%x", guid));
        assertThat(lines).hasSize(16);
        FatTreeSummary.CaOrderEntry first = summary.caOrder().get(0);
        assertThat(lines.get(0)).isEqualTo(String.format("0x%04x\tnode-%x", first.lid(), first.nodeGuid()));
        assertThat(summary.caOrderDump(guid -> "H")).startsWith(String.format("0x%04x\tH\n", first.lid()))
                .endsWith("\tH\n").hasLineCount(16);
        assertThat(summary.toString()).startsWith("ftree: rank 2 tree ([2, 4] switches by rank), 4 leaves, 16 CNs");
    }

    @Test
    void givesIdenticalTablesWithOneThreadAndSeveralAndOnEveryRun() {
        RoutingInput in = TopologySubnets.input("fat3:k=12", 0);

        LftTables one = ftree(in).routed();
        LftTables four = ftree(in, EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "4")).routed();
        LftTables again = ftree(in).routed();

        assertThat(four.contentEquals(one)).isTrue();
        assertThat(again.contentEquals(one)).isTrue();
    }

    @Test
    void isABuiltInEngineNamedFtreeWhoseSummaryTheChainHandsOut() {
        RoutingEngines known = RoutingEngines.load();

        assertThat(known.names()).contains("ftree");
        assertThat(known.factory("ftree").create(EngineOptions.defaults())).isInstanceOf(FatTreeEngine.class);
        assertThat(known.factory("ftree").create(EngineOptions.defaults()).name()).isEqualTo("ftree");
        RoutingChain chain = RoutingChain.parse("ftree", EngineOptions.defaults(), known);
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        RoutingResult result = chain.route(in);
        assertThat(result.engineUsed()).contains("ftree");
        assertThat(((FatTreeEngine) chain.engines().get(0)).lastSummary().orElseThrow().computeNodes()).isEqualTo(16);
    }

    @Test
    @Tag("slow")
    void balancesTheFull11664HostTreeLikeTheReference() {
        RoutingInput in = TopologySubnets.input("fat3:k=36", 0);

        VerifierReport r = assertCompleteAndLoopFree(in, ftree(in).routed());

        assertThat(r.linkLoad().maxOverMean()).as(r.format()).isLessThan(1.014);
    }
}
