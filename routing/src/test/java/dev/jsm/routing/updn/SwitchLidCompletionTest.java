package dev.jsm.routing.updn;

import static dev.jsm.routing.updn.UpDownTesting.assertCaCompleteAndLoopFree;
import static dev.jsm.routing.updn.UpDownTesting.dnup;
import static dev.jsm.routing.updn.UpDownTesting.updn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * updn and dnup give every switch a route to every switch LID, where no up*&#47;down* route exists by one that
 * turns down and up again, without touching an entry toward a CA LID or an entry OpenSM's tables have.
 */
class SwitchLidCompletionTest {

    private static final EngineOptions AS_OPENSM = EngineOptions.defaults()
            .with(UpDownOptions.COMPLETE_SWITCH_LIDS, "FALSE");

    private static LftTables route(String engine, RoutingInput in, EngineOptions options) {
        return (engine.equals("updn") ? updn(in, options) : dnup(in, options)).routed();
    }

    /** The 1296-host 3-level fat tree of 36-port switches (4 pods): OpenSM leaves 153,612 pairs unreachable. */
    @ParameterizedTest
    @ValueSource(strings = {"updn", "dnup"})
    void reachesEverySwitchLidOnThe1296HostTreeWhereOpenSmLeaves153612PairsOpen(String engine) {
        RoutingInput in = TopologySubnets.input("fat3:k=36,pods=4", 0);

        LftTables reference = route(engine, in, AS_OPENSM);
        LftTables completed = route(engine, in, EngineOptions.defaults());

        assertThat(UpDownTesting.VERIFIER.verify(in, reference).unreachablePairs()).isEqualTo(153_612);
        VerifierReport r = assertCaCompleteAndLoopFree(in, completed);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertKeepsEveryEntryOf(in, reference, completed);
    }

    /**
     * In a degraded tree a switch without CAs may also miss CA LIDs (a root that lost its cable to a leaf): those
     * entries stay as OpenSM's; every switch LID is reached.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"updn|" + Fabrics.FAT2_16, "dnup|" + Fabrics.FAT2_16,
        "updn|" + Fabrics.FAT3_128, "dnup|" + Fabrics.FAT3_128, "updn|fat3:k=12,remove-switches=6,degrade-seed=7",
        "dnup|fat3:k=8,remove-links=20,degrade-seed=6", "updn|fat2:k=36,remove-links=40"})
    void completesSwitchLidsOnFullAndDegradedTreesKeepingTheUpDownEntries(String engine, String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        RouteVerifier verifier = new RouteVerifier(new VerifierOptions(Integer.MAX_VALUE, false));

        LftTables reference = route(engine, in, AS_OPENSM);
        LftTables completed = route(engine, in, EngineOptions.defaults());

        VerifierReport r = verifier.verify(in, completed);
        assertCaCompleteAndLoopFree(in, completed);
        assertThat(r.unreachable()).as(r.format())
                .noneMatch(p -> in.endPortIsSwitch()[in.lidEndPort()[p.lid()]]);
        assertThat(verifier.verify(in, reference).unreachable())
                .anyMatch(p -> in.endPortIsSwitch()[in.lidEndPort()[p.lid()]]);
        assertKeepsEveryEntryOf(in, reference, completed);
    }

    /**
     * Every entry toward a CA or router LID is byte-identical to OpenSM's; every switch-LID entry OpenSM has is kept;
     * only switch-LID entries it leaves empty are added.
     */
    private static void assertKeepsEveryEntryOf(RoutingInput in, LftTables reference, LftTables completed) {
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                int ref = reference.port(sw, lid);
                int ep = in.lidEndPort()[lid];
                if (ref != LftTables.NO_PATH || ep < 0 || !in.endPortIsSwitch()[ep]) {
                    assertThat(completed.port(sw, lid)).as("switch %d, LID %d", sw, lid).isEqualTo(ref);
                }
            }
        }
    }
}
