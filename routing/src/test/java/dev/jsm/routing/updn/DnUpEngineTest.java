package dev.jsm.routing.updn;

import static dev.jsm.routing.updn.UpDownTesting.assertCaCompleteAndLoopFree;
import static dev.jsm.routing.updn.UpDownTesting.dnup;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** dnup: ranks from the CA switches, the same up*&#47;down* routing. */
class DnUpEngineTest {

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT2_648, Fabrics.FAT3_128, "fat3:k=12,pods=4",
        "fat2:k=36,remove-switches=3"})
    void routesFatTreesOnShortestLoopFreePaths(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        UpDownTesting.Run run = dnup(in, EngineOptions.defaults());

        VerifierReport r = assertCaCompleteAndLoopFree(in, run.routed());
        assertThat(r.hops().maxExtraHops()).as(r.format()).isZero();
        UpDownSummary s = run.engine().lastSummary().orElseThrow();
        assertThat(s.engine()).isEqualTo("dnup");
        assertThat(s.source()).isEqualTo("switches with a CA or router");
        assertThat(s.maxRank()).isEqualTo(shape.startsWith("fat3") ? 2 : 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4,hosts=2", "torus:dims=6x5,links=2", "mesh:dims=5x4", "hypercube:dim=5",
        "random:switches=40,radix=16,degree=4,hosts=2,seed=7", "torus:dims=6x6,remove-links=8,degrade-seed=3",
        "fat3:k=8,remove-switches=4,remove-links=12", "random:switches=30,radix=12,degree=3,hosts=0,seed=3"})
    void routesWithoutCreditLoopsOrDeclinesWithAReason(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        UpDownTesting.Run run = dnup(in, EngineOptions.defaults());

        if (run.outcome() instanceof RouteOutcome.Declined d) {
            assertThat(d.reason()).matches("dnup: (no up\\*/down\\* route from switch 0x\\p{XDigit}{16} to switch "
                    + "0x\\p{XDigit}{16} \\(both with CAs, linked in the fabric\\); \\d+ such switch pairs?\\. .*"
                    + "|no switch has a CA or router cabled to it.*)");
        } else {
            assertCaCompleteAndLoopFree(in, run.routed());
        }
    }
}
