package dev.jsm.routing.sssp;

import static dev.jsm.routing.sssp.SsspTesting.VERIFIER;
import static dev.jsm.routing.sssp.SsspTesting.WITH_SWITCHES;
import static dev.jsm.routing.sssp.SsspTesting.assertCompleteAndMinimal;
import static dev.jsm.routing.sssp.SsspTesting.dfsssp;
import static dev.jsm.routing.sssp.SsspTesting.sssp;
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

/** dfsssp on generated fabrics: complete, shortest, and free of credit loops per the verifier's per-VL check. */
class DfssspEngineTest {

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.RING_6, "torus:dims=4x4", "torus:dims=4x4x4,hosts=2", "torus:dims=5x3,links=2",
        "mesh:dims=5x4", "mesh:dims=3x3x3", "hypercube:dim=5",
        "random:switches=40,radix=16,degree=4,hosts=2,seed=7", "random:switches=24,radix=10,degree=5,hosts=1,seed=2",
        Fabrics.FAT2_16, Fabrics.FAT3_128})
    void routesHealthyFabricsCompletelyWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        SsspTesting.Result r = dfsssp(in);

        VerifierReport v = assertCompleteAndMinimal(in, r, VERIFIER);
        VerifierReport withSwitches = WITH_SWITCHES.verify(in, r.lfts(), r.outcome());

        assertThat(v.disconnectedPairs()).isZero();
        assertThat(v.creditLoops().hasCycle()).as(v.format()).isFalse();
        assertThat(withSwitches.creditLoops().hasCycle()).as(withSwitches.format()).isFalse();
        assertThat(v.creditLoops().vlCount()).isEqualTo(r.pathSl().vlsUsed());
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=6x6,remove-links=8,degrade-seed=3", "torus:dims=4x4x3,remove-switches=3",
        "mesh:dims=5x5,remove-switches=3,degrade-seed=2", "fat3:k=8,remove-switches=4,remove-links=12",
        "random:switches=30,radix=12,degree=3,hosts=2,remove-links=12,degrade-seed=5"})
    void routesDegradedFabricsWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        SsspTesting.Result r = dfsssp(in);

        VerifierReport v = assertCompleteAndMinimal(in, r, WITH_SWITCHES);

        assertThat(v.creditLoops().hasCycle()).as(v.format()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4,hosts=2", "mesh:dims=3x3,hosts=2", "fat2:k=8,leaves=4,spines=2,hosts=4"})
    void routesEveryLidOfAnLmcRangeWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 2);
        SsspTesting.Result r = dfsssp(in);

        VerifierReport v = assertCompleteAndMinimal(in, r, WITH_SWITCHES);

        assertThat(v.creditLoops().hasCycle()).as(v.format()).isFalse();
    }

    /** The layers are what removes the loops: the same routes on one VL have them. */
    @ParameterizedTest
    @ValueSource(strings = {Fabrics.RING_6, "torus:dims=5x5", "random:switches=24,radix=10,degree=5,hosts=1,seed=2"})
    void needsSeveralLayersWhereTheRoutesAloneHaveCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        SsspTesting.Result r = dfsssp(in);

        VerifierReport oneVl = VERIFIER.verify(in, r.lfts());

        assertThat(oneVl.creditLoops().hasCycle()).as(oneVl.format()).isTrue();
        assertThat(r.pathSl().layersNeeded()).isBetween(2, 5);
        assertThat(r.lfts().contentEquals(sssp(in).lfts())).as("dfsssp routes as sssp does").isTrue();
    }

    /**
     * On fat trees shortest CA-to-CA paths go up, then down, and cannot loop even on one VL; only the paths between
     * upper-level switches (down, then up again) need more layers, as dfsssp layers switch port-0 traffic like OpenSM.
     */
    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, "fat2:k=12", Fabrics.FAT3_128})
    void needsExtraLayersOnFatTreesOnlyForSwitchTraffic(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        SsspTesting.Result r = dfsssp(in);

        VerifierReport caToCaOnOneVl = VERIFIER.verify(in, r.lfts());

        assertThat(caToCaOnOneVl.creditLoops().hasCycle()).as(caToCaOnOneVl.format()).isFalse();
        assertThat(r.pathSl().layersNeeded()).isBetween(1, 3);
    }

    @Test
    void spreadsThePathsOverEveryAvailableVlWithSlsOnMatchingVls() {
        RoutingInput in = TopologySubnets.input("torus:dims=5x4,hosts=2", 0);
        SsspTesting.Result r = dfsssp(in, EngineOptions.defaults().with(VlBudget.QOS_MAX_VLS, "8"));
        boolean[] used = new boolean[16];

        for (int s = 1; s <= in.maxLid(); s++) {
            for (int d = 1; d <= in.maxLid(); d++) {
                used[r.outcome().pathSl().pathSl(s, d)] = true;
            }
        }

        assertThat(r.pathSl().vlsUsed()).isEqualTo(8);
        assertThat(r.outcome().sl2Vl().vlCount()).isEqualTo(8);
        for (int sl = 0; sl < 16; sl++) {
            assertThat(used[sl]).as("SL %d used", sl).isEqualTo(sl < 8);
            assertThat(r.outcome().sl2Vl().vl(0, 1, 2, sl)).isEqualTo(sl < 8 ? sl : 15);
        }
        VerifierReport v = VERIFIER.verify(in, r.lfts(), r.outcome());
        assertThat(v.creditLoops().hasCycle()).as(v.format()).isFalse();
    }

    @Test
    void failsNamingTheFiguresWhenTooFewVlsAreAvailable() {
        RoutingInput in = TopologySubnets.input(Fabrics.RING_6, 0);

        RouteOutcome o = new DfssspEngineFactory().create(EngineOptions.defaults().with(VlBudget.QOS_MAX_VLS, "1"))
                .route(in, LftTables.forInput(in));

        assertThat(o).isInstanceOf(RouteOutcome.Failed.class);
        assertThat(((RouteOutcome.Failed) o).reason()).isEqualTo("dfsssp: the routes need more than 1 virtual "
                + "layers to be free of credit loops (2 in the interleaved destination order), but only 1 VLs are "
                + "available (qos_max_vls 1)");
    }

    /** A torus whose second CA per switch, routed right after the first, takes turns that need many layers. */
    @Test
    void fallsBackToTheInterleavedOrderWhenTheLayersDoNotFit() {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4x4,hosts=2", 0);
        SsspTesting.Result plenty = dfsssp(in);
        int grouped = plenty.pathSl().layersNeeded();

        SsspTesting.Result tight = dfsssp(in, EngineOptions.defaults().with(VlBudget.QOS_MAX_VLS,
                Integer.toString(grouped - 1)));

        assertThat(tight.pathSl().layersNeeded()).isLessThan(grouped);
        VerifierReport v = assertCompleteAndMinimal(in, tight, WITH_SWITCHES);
        assertThat(v.creditLoops().hasCycle()).as(v.format()).isFalse();
    }

    @Test
    void givesTheSameTablesAndSlsOnEveryRun() {
        String shape = "random:switches=30,radix=12,degree=4,hosts=2,seed=11";
        RoutingInput in = TopologySubnets.input(shape, 1);
        SsspTesting.Result a = dfsssp(in);
        SsspTesting.Result b = dfsssp(TopologySubnets.input(shape, 1));

        assertThat(a.lfts().contentEquals(b.lfts())).isTrue();
        for (int s = 1; s <= in.maxLid(); s++) {
            for (int d = 1; d <= in.maxLid(); d++) {
                assertThat(a.outcome().pathSl().pathSl(s, d)).isEqualTo(b.outcome().pathSl().pathSl(s, d));
            }
        }
    }
}
