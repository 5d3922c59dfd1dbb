package dev.jsm.routing.lash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.PortPermutations;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.TopologyShapes;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** lash on generated fabrics, checked by the route verifier with lash's own path SLs and SL2VL mapping. */
class LashEngineTest {

    private static final RouteVerifier VERIFIER = new RouteVerifier();
    private static final EngineOptions MESH = EngineOptions.defaults().with(LashOptions.DO_MESH_ANALYSIS, "TRUE");

    /** Routes {@code in}; asserts it routed. */
    static RouteOutcome.Routed route(RoutingInput in, EngineOptions options, LftTables out) {
        RouteOutcome outcome = new LashEngineFactory().create(options).route(in, out);
        assertThat(outcome).as(outcome.toString()).isInstanceOf(RouteOutcome.Routed.class);
        return (RouteOutcome.Routed) outcome;
    }

    /** Every connected pair delivered on a shortest path, no credit loop on any VL. */
    static VerifierReport assertDeadlockFree(RoutingInput in, LftTables out, RouteOutcome.Routed routed) {
        VerifierReport r = VERIFIER.verify(in, out, routed);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.deliveredPairs()).isEqualTo(r.pairs());
        assertThat(r.hops().nonMinimalPairs()).as(r.format()).isZero();
        assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
        assertThat(r.creditLoops().dependencies()).isPositive();
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4", "torus:dims=5x5", "torus:dims=6x4,hosts=2", "torus:dims=3x3x3",
        Fabrics.RING_6, "torus:dims=8", "torus:dims=4x4,links=2", "mesh:dims=4x4", "mesh:dims=3x3x3",
        "mesh:dims=5x3,links=2", "hypercube:dim=4", "random:switches=30,degree=4",
        "random:switches=40,degree=5,seed=3,hosts=2", "random:switches=25,radix=8,degree=3,seed=7",
        "torus:dims=5x5,remove-links=4", "torus:dims=4x4x3,remove-switches=3,remove-links=2",
        "mesh:dims=5x4,remove-links=3,degrade-seed=5", "random:switches=30,remove-switches=2,remove-links=5",
        Fabrics.FAT2_16})
    void routesEveryPairWithoutCreditLoopsWithAndWithoutMeshAnalysis(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        for (EngineOptions options : new EngineOptions[] {EngineOptions.defaults(), MESH}) {
            LftTables out = LftTables.forInput(in);
            RouteOutcome.Routed routed = route(in, options, out);

            VerifierReport r = assertDeadlockFree(in, out, routed);

            assertThat(routed.sl2Vl().vlCount()).isBetween(1, 15);
            assertThat(r.creditLoops().vlCount()).isEqualTo(routed.sl2Vl().vlCount());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.RING_6, "torus:dims=5x5", "torus:dims=4x4x4"})
    void toriNeedMoreThanOneLayerAndMinhopAloneHasCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        LftTables out = LftTables.forInput(in);
        RouteOutcome.Routed routed = route(in, EngineOptions.defaults(), out);

        assertThat(routed.sl2Vl().vlCount()).isGreaterThan(1);
        assertThat(VERIFIER.verify(in, out).creditLoops().hasCycle()).as("same tables, every path on VL 0").isTrue();
        assertThat(distinctSls(in, routed)).hasSize(routed.sl2Vl().vlCount());
    }

    @Test
    void meshesAndFatTreesNeedOneLayer() {
        for (String shape : new String[] {"mesh:dims=4x4", Fabrics.FAT2_16, "hypercube:dim=4"}) {
            RoutingInput in = TopologySubnets.input(shape, 0);
            RouteOutcome.Routed routed = route(in, MESH, LftTables.forInput(in));
            assertThat(routed.sl2Vl().vlCount()).as(shape).isEqualTo(1);
        }
    }

    @Test
    void lashStartVlShiftsEverySl() {
        RoutingInput in = TopologySubnets.input("torus:dims=5x5", 0);
        LftTables out = LftTables.forInput(in);
        LashEngine engine = new LashEngine(LashOptions.from(EngineOptions.defaults()
                .with(LashOptions.LASH_START_VL, "3")));
        RouteOutcome.Routed routed = (RouteOutcome.Routed) engine.route(in, out);

        int layers = engine.lastSummary().layers();
        assertThat(routed.sl2Vl().vlCount()).isEqualTo(3 + layers);
        Set<Integer> sls = distinctSls(in, routed);
        assertThat(sls).allMatch(sl -> sl >= 3 && sl < 3 + layers).hasSize(layers);
        int lid = in.endPortBaseLid()[0];
        assertThat(routed.pathSl().pathSl(lid, lid)).isEqualTo(3);
        assertDeadlockFree(in, out, routed);
    }

    @Test
    void balancingSpreadsThePathsOverTheLayers() {
        RoutingInput in = TopologySubnets.input("torus:dims=6x6", 0);
        LashEngine engine = new LashEngine(LashOptions.from(EngineOptions.defaults()));
        engine.route(in, LftTables.forInput(in));

        LashSummary summary = engine.lastSummary();
        assertThat(summary.layers()).isGreaterThan(1);
        int max = summary.pathsPerLayer().stream().mapToInt(Integer::intValue).max().orElseThrow();
        int min = summary.pathsPerLayer().stream().mapToInt(Integer::intValue).min().orElseThrow();
        assertThat(summary.pathsPerLayer().stream().mapToInt(Integer::intValue).sum()).isEqualTo(36 * 35);
        assertThat(summary.pairsMoved()).isPositive();
        assertThat(max - min).as(summary.describe()).isLessThan(max / 2);
    }

    @Test
    void parallelCablesAreOneLinkUsedRoundRobin() {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4,links=2,hosts=4", 0);
        LftTables out = LftTables.forInput(in);
        route(in, EngineOptions.defaults(), out);

        Set<Integer> used = new HashSet<>();
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            used.add(out.port(0, lid));
        }
        // ports 1-2 go to +x, 3-4 to -x, 5-6 to +y, 7-8 to -y: both cables of a direction carry LIDs
        assertThat(used).contains(1, 2, 3, 4, 5, 6, 7, 8);
    }

    @Test
    void failsWhenTheLayersExceedTheVlsAboveTheStartVl() {
        RoutingInput in = TopologySubnets.input("torus:dims=5x5", 0);
        RouteOutcome outcome = new LashEngineFactory().create(EngineOptions.defaults()
                .with(LashOptions.LASH_START_VL, "14")).route(in, LftTables.forInput(in));

        assertThat(outcome).isInstanceOf(RouteOutcome.Failed.class);
        assertThat(((RouteOutcome.Failed) outcome).reason())
                .contains("more than 1 layer", "only 1 VL is available", "15 VLs", "lash_start_vl 14");
    }

    @Test
    void failsWhenTheStartVlIsNotBelowTheOperationalVls() {
        RoutingInput in = TopologySubnets.input("mesh:dims=3x3", 0);
        RouteOutcome outcome = new LashEngineFactory().create(EngineOptions.defaults()
                .with(LashOptions.LASH_START_VL, "15")).route(in, LftTables.forInput(in));

        assertThat(outcome).isInstanceOf(RouteOutcome.Failed.class);
        assertThat(((RouteOutcome.Failed) outcome).reason()).contains("lash_start_vl 15", "15 VLs");
    }

    @Test
    void declinesLmcAboveZero() {
        RoutingInput in = TopologySubnets.input("torus:dims=3x3", 1);
        RouteOutcome outcome = new LashEngineFactory().create(EngineOptions.defaults())
                .route(in, LftTables.forInput(in));

        assertThat(outcome).isInstanceOf(RouteOutcome.Declined.class);
        assertThat(((RouteOutcome.Declined) outcome).reason()).contains("LMC 1");
    }

    @Test
    void isABuiltInEngine() {
        assertThat(RoutingEngines.load().names()).contains("lash");
        assertThat(RoutingEngines.load().factory("lash")).isInstanceOf(LashEngineFactory.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=5x5x5", "torus:dims=4x4x4", "torus:dims=6x5x3"})
    void meshAnalysisOnPermutedPortsNeedsNoMoreLayersThanDimensionOrder(String shape) {
        RoutingInput ordered = TopologySubnets.input(shape, 0);
        LashEngine plain = new LashEngine(LashOptions.from(EngineOptions.defaults()));
        plain.route(ordered, LftTables.forInput(ordered));
        int orderedLayers = plain.lastSummary().layers();

        for (long seed = 1; seed <= 3; seed++) {
            RoutingInput permuted = TopologySubnets.input(
                    PortPermutations.permuteSwitchPorts(TopologyShapes.parse(shape), seed), 0);
            LashEngine analysed = new LashEngine(LashOptions.from(MESH));
            LftTables out = LftTables.forInput(permuted);
            RouteOutcome.Routed routed = (RouteOutcome.Routed) analysed.route(permuted, out);

            assertThat(analysed.lastSummary().mesh()).anyMatch(line -> line.contains("found"));
            assertThat(analysed.lastSummary().layers()).as(analysed.lastSummary().describe())
                    .isLessThanOrEqualTo(orderedLayers);
            assertDeadlockFree(permuted, out, routed);
        }
    }

    @Test
    void tablesAndSlsDoNotDependOnTheThreadCount() {
        RoutingInput in = TopologySubnets.input("mesh:dims=16x16", 0);
        LftTables one = LftTables.forInput(in);
        LftTables two = LftTables.forInput(in);
        RouteOutcome.Routed a = route(in, EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "1"), one);
        RouteOutcome.Routed b = route(in, EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "2"), two);

        assertThat(one.contentEquals(two)).isTrue();
        for (int lid = 1; lid <= in.maxLid(); lid += 7) {
            assertThat(a.pathSl().pathSl(1, lid)).isEqualTo(b.pathSl().pathSl(1, lid));
        }
    }

    private static Set<Integer> distinctSls(RoutingInput in, RouteOutcome.Routed routed) {
        Set<Integer> sls = new HashSet<>();
        for (int a : in.endPortBaseLid()) {
            for (int b : in.endPortBaseLid()) {
                if (a != b && in.lidOwnerSwitch()[a] != in.lidOwnerSwitch()[b]) {
                    sls.add(routed.pathSl().pathSl(a, b));
                }
            }
        }
        return sls;
    }
}
