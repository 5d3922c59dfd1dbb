package dev.jsm.routing.sssp;

import static dev.jsm.routing.sssp.SsspTesting.VERIFIER;
import static dev.jsm.routing.sssp.SsspTesting.assertCompleteAndMinimal;
import static dev.jsm.routing.sssp.SsspTesting.sssp;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** sssp on generated fabrics, checked by the route verifier. */
class SsspEngineTest {

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT3_128, "fat3:k=12,pods=4", "torus:dims=4x4x4,hosts=2",
        "torus:dims=6x5,links=2", Fabrics.RING_6, "mesh:dims=5x4", "mesh:dims=3x3x3", "hypercube:dim=5",
        "random:switches=40,radix=16,degree=4,hosts=2,seed=7"})
    void routesEveryPairOfHealthyFabricsOnAShortestPath(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = assertCompleteAndMinimal(in, sssp(in), VERIFIER);

        assertThat(r.disconnectedPairs()).isZero();
        assertThat(r.pairs()).isEqualTo((long) in.switchCount() * in.maxLid());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat3:k=8,remove-switches=4,remove-links=12",
        "torus:dims=6x6,remove-links=8,degrade-seed=3", "mesh:dims=5x5,remove-switches=3,degrade-seed=2",
        "random:switches=30,radix=12,degree=3,hosts=2,remove-links=12,degrade-seed=5"})
    void routesEveryConnectedPairOfDegradedFabrics(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        assertCompleteAndMinimal(in, sssp(in), VERIFIER);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat2:k=8,leaves=4,spines=2,hosts=4", "mesh:dims=4x4,hosts=2", "fat3:k=8"})
    void routesEveryLidOfAnLmcRange(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 2);

        assertCompleteAndMinimal(in, sssp(in), VERIFIER);
    }

    @Test
    void spreadsTheLidsOfAnLmcRangeOverDifferentUplinks() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 2);
        LftTables lfts = sssp(in).lfts();
        int leaf = -1;
        int remoteHostBase = -1;
        for (int ep = 0; ep < in.endPortCount() && remoteHostBase < 0; ep++) {
            if (!in.endPortIsSwitch()[ep]) {
                if (leaf < 0) {
                    leaf = in.endPortSwitch()[ep];
                } else if (in.endPortSwitch()[ep] != leaf) {
                    remoteHostBase = in.endPortBaseLid()[ep];
                }
            }
        }
        java.util.Set<Integer> ports = new java.util.TreeSet<>();
        for (int lid = remoteHostBase; lid < remoteHostBase + 4; lid++) {
            ports.add(lfts.port(leaf, lid));
        }

        assertThat(ports).as("uplinks the 4 LIDs of one remote host leave on").hasSize(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, "fat2:k=12", "fat2:k=12,leaves=6,spines=3,hosts=6"})
    void balancesAllToAllLoadOnFullTwoLevelFatTrees(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = VERIFIER.verify(in, sssp(in).lfts());

        assertThat(r.linkLoad().maxOverMean()).as(r.format()).isLessThanOrEqualTo(1.05);
        assertThat(r.linkLoad().maxLoad()).isEqualTo(leafUplinkBound(in));
    }

    /**
     * On 3-level trees the spine links carry only inter-pod traffic, so max/mean exceeds 1 even for perfect routes:
     * the busiest link must carry no more than a leaf's uplinks must on average.
     */
    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT3_128, "fat3:k=12,pods=4", "fat3:k=8,pods=2"})
    void loadsNoLinkMoreThanTheLeafUplinksMustCarryOnThreeLevelFatTrees(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = VERIFIER.verify(in, sssp(in).lfts());
        VerifierReport minhop = VERIFIER.verify(in, minhop(in));

        assertThat(r.linkLoad().maxLoad()).as(r.format()).isEqualTo(leafUplinkBound(in));
        assertThat(r.linkLoad().maxOverMean()).isLessThan(minhop.linkLoad().maxOverMean());
    }

    /** The all-to-all flows the busiest leaf sends per uplink, rounded up: no routing can load a link less. */
    private static long leafUplinkBound(RoutingInput in) {
        int[] hosts = new int[in.switchCount()];
        int total = 0;
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (!in.endPortIsSwitch()[ep] && in.endPortSwitch()[ep] >= 0) {
                hosts[in.endPortSwitch()[ep]]++;
                total++;
            }
        }
        long bound = 0;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            long flows = (long) hosts[sw] * (total - hosts[sw]);
            int up = in.linkStart()[sw + 1] - in.linkStart()[sw];
            if (hosts[sw] > 0) {
                bound = Math.max(bound, (flows + up - 1) / up);
            }
        }
        return bound;
    }

    @Test
    void givesTheSameTablesOnEveryRun() {
        RoutingInput in = TopologySubnets.input("random:switches=30,radix=12,degree=3,hosts=2,seed=3", 1);

        assertThat(sssp(in).lfts().contentEquals(sssp(in).lfts())).isTrue();
        assertThat(sssp(TopologySubnets.input("random:switches=30,radix=12,degree=3,hosts=2,seed=3", 1)).lfts()
                .contentEquals(sssp(in).lfts())).isTrue();
    }

    @Test
    void isRegisteredUnderOpenSmsNames() {
        RoutingEngines known = RoutingEngines.load();

        assertThat(known.factory("sssp")).isInstanceOf(SsspEngineFactory.class);
        assertThat(known.factory("dfsssp")).isInstanceOf(DfssspEngineFactory.class);
    }

    private static LftTables minhop(RoutingInput in) {
        LftTables out = LftTables.forInput(in);
        new MinHopEngineFactory().create(EngineOptions.defaults()).route(in, out);
        return out;
    }
}
