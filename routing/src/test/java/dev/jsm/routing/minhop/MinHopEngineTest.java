package dev.jsm.routing.minhop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** minhop on generated fabrics, checked by the route verifier. */
class MinHopEngineTest {

    private static final RouteVerifier VERIFIER = new RouteVerifier();

    static LftTables route(RoutingInput in, EngineOptions options) {
        LftTables out = LftTables.forInput(in);
        RouteOutcome outcome = new MinHopEngineFactory().create(options).route(in, out);
        assertThat(outcome).isEqualTo(RouteOutcome.routed());
        return out;
    }

    static LftTables route(RoutingInput in) {
        return route(in, EngineOptions.defaults());
    }

    /** Every judged pair delivered on a shortest path; every pair either judged or in another island. */
    static VerifierReport assertCompleteAndMinimal(RoutingInput in, LftTables out) {
        VerifierReport r = VERIFIER.verify(in, out);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.hops().nonMinimalPairs()).as(r.format()).isZero();
        assertThat(r.pairs() + r.disconnectedPairs()).isEqualTo((long) in.switchCount() * r.lids());
        assertThat(r.deliveredPairs()).isEqualTo(r.pairs());
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT2_648, Fabrics.FAT3_128, "fat3:k=12,pods=4",
        "torus:dims=4x4x4,hosts=2", "torus:dims=6x5,links=2", "mesh:dims=5x4", "mesh:dims=3x3x3",
        "hypercube:dim=5", "random:switches=40,radix=16,degree=4,hosts=2,seed=7"})
    void routesEveryPairOfHealthyFabricsOnAShortestPath(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = assertCompleteAndMinimal(in, route(in));

        assertThat(r.disconnectedPairs()).isZero();
        assertThat(r.pairs()).isEqualTo((long) in.switchCount() * in.maxLid());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat3:k=8,remove-switches=4,remove-links=12",
        "torus:dims=6x6,remove-links=8,degrade-seed=3",
        "random:switches=30,radix=12,degree=3,hosts=2,remove-links=12,degrade-seed=5", "fat2:k=36,remove-switches=3",
        "mesh:dims=4x4,remove-switches=3,degrade-seed=2", "hypercube:dim=4,remove-links=10"})
    void routesEveryConnectedPairOfDegradedFabricsOnAShortestPath(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        assertCompleteAndMinimal(in, route(in));
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT3_128, "torus:dims=4x4,hosts=2", "random:switches=20,radix=12,"
        + "degree=3,hosts=2,remove-links=6"})
    void routesEveryLidOfAnLmcRangeOnAShortestPath(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 2);

        assertCompleteAndMinimal(in, route(in));
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT2_648})
    void balancesFullTwoLevelFatTreesPerfectly(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = assertCompleteAndMinimal(in, route(in));

        long hosts = in.endPortCount() - in.switchCount();
        assertThat(r.linkLoad().flows()).isEqualTo(hosts * (hosts - 1));
        assertThat(r.linkLoad().maxOverMean()).as(r.linkLoad().toString()).isCloseTo(1.0, within(1e-12));
        assertThat(r.creditLoops().hasCycle()).isFalse();
    }

    @Test
    void fatTreesHaveNoCreditLoopsButRingsDo() {
        RoutingInput tree = TopologySubnets.input(Fabrics.FAT3_128, 0);
        RoutingInput ring = TopologySubnets.input(Fabrics.RING_6, 0);

        assertThat(VERIFIER.verify(tree, route(tree)).creditLoops().hasCycle()).isFalse();
        VerifierReport r = VERIFIER.verify(ring, route(ring));
        assertThat(r.creditLoops().hasCycle()).isTrue();
        assertThat(r.creditLoops().cycleLength()).isEqualTo(6);
    }

    @Test
    void ownLidsGoToPortZeroAndAttachedCasToTheirPort() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 1);
        LftTables out = route(in);

        for (int lid = 1; lid <= in.maxLid(); lid++) {
            int owner = in.lidOwnerSwitch()[lid];
            if (owner >= 0) {
                assertThat(out.port(owner, lid)).as("LID %d", lid).isEqualTo(in.lidOwnerPort()[lid] & 0xFF);
            }
        }
        assertThat(out.port(0, 0)).isEqualTo(LftTables.NO_PATH);
    }

    @Test
    void balancesRoutesOverEqualCostPortsByCount() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_648, 0);
        LftTables out = route(in);

        int[] perPort = new int[37];
        int leaf = 0;
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            int ep = in.lidEndPort()[lid];
            if (!in.endPortIsSwitch()[ep] && in.lidOwnerSwitch()[lid] != leaf) {
                perPort[out.port(leaf, lid)]++;
            }
        }
        for (int up = 19; up <= 36; up++) {
            assertThat(perPort[up]).as("leaf up port %d", up).isEqualTo(35);
        }
    }

    @Test
    void emptyAndMismatchedTables() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        MinHopEngine engine = new MinHopEngine(MinHopOptions.from(EngineOptions.defaults()));

        assertThat(engine.name()).isEqualTo("minhop");
        assertThatThrownBy(() -> engine.route(in, new LftTables(1, 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not sized for");
    }
}
