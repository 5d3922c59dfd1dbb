package dev.jsm.routing.updn;

import static dev.jsm.routing.updn.UpDownTesting.assertCaCompleteAndLoopFree;
import static dev.jsm.routing.updn.UpDownTesting.dnup;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import org.junit.jupiter.api.Test;
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

    @Test
    void connectRootsRoutesTheTopSwitchesToEachOtherThroughALeaf() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        boolean[] withCas = SwitchRanks.withEndNodes(in);
        int a = -1;
        int b = -1;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            if (!withCas[sw]) {
                b = a < 0 ? b : sw;
                a = a < 0 ? sw : a;
            }
        }
        int lidOfB = in.switchLid()[b];
        EngineOptions asOpenSm = EngineOptions.defaults().with(UpDownOptions.COMPLETE_SWITCH_LIDS, "FALSE");

        LftTables plain = dnup(in, asOpenSm).routed();
        LftTables connected = dnup(in, asOpenSm.with(EngineOptions.CONNECT_ROOTS, "TRUE")).routed();

        assertThat(plain.port(a, lidOfB)).isEqualTo(LftTables.NO_PATH);
        assertThat(UpDownTesting.VERIFIER.verify(in, plain).unreachablePairs()).isEqualTo(2);
        int port = connected.port(a, lidOfB);
        int leaf = in.peerSwitch()[in.edgeOfPort(a, port)];
        assertThat(withCas[leaf]).isTrue();
        assertThat(in.peerSwitch()[in.edgeOfPort(leaf, connected.port(leaf, lidOfB))]).isEqualTo(b);
        assertThat(UpDownTesting.VERIFIER.verify(in, connected).unreachablePairs()).isZero();
        assertCaCompleteAndLoopFree(in, connected);
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int x = 0; x < in.endPortCount(); x++) {
                int lid = in.endPortBaseLid()[x];
                if (!in.endPortIsSwitch()[x]) {
                    assertThat(connected.port(sw, lid)).as("switch %d, LID %d", sw, lid).isEqualTo(plain.port(sw, lid));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4,hosts=2", "mesh:dims=5x4", "hypercube:dim=5",
        "random:switches=40,radix=16,degree=4,hosts=2,seed=7", "torus:dims=6x6,remove-links=8,degrade-seed=3",
        "fat3:k=8,remove-switches=4,remove-links=12"})
    void connectRootsLeavesNoPairOfSwitchesUnrouted(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        EngineOptions asOpenSm = EngineOptions.defaults().with(UpDownOptions.COMPLETE_SWITCH_LIDS, "FALSE");

        LftTables connected = dnup(in, asOpenSm.with(EngineOptions.CONNECT_ROOTS, "TRUE")).routed();

        VerifierReport r = UpDownTesting.VERIFIER.verify(in, connected);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(UpDownTesting.caPairGaps(in, connected)).as(r.format()).isZero();
    }

    @Test
    void connectRootsRoutesAFabricTheRuleCutsApart() {
        RoutingInput in = TopologySubnets.input("torus:dims=6x6,remove-links=8,degrade-seed=3", 0);

        UpDownTesting.Run plain = dnup(in, EngineOptions.defaults());
        UpDownTesting.Run connected = dnup(in, EngineOptions.defaults().with(EngineOptions.CONNECT_ROOTS, "TRUE"));

        assertThat(plain.outcome()).isInstanceOf(RouteOutcome.Declined.class);
        assertThat(((RouteOutcome.Declined) plain.outcome()).reason()).contains("72 such switch pairs");
        assertThat(connected.outcome()).isInstanceOf(RouteOutcome.Routed.class);
        assertThat(UpDownTesting.caPairGaps(in, connected.routed())).isZero();
    }
}
