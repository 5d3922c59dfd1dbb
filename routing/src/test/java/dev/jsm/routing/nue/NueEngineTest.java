package dev.jsm.routing.nue;

import static dev.jsm.routing.nue.NueTesting.VERIFIER;
import static dev.jsm.routing.nue.NueTesting.WITH_SWITCHES;
import static dev.jsm.routing.nue.NueTesting.assertCompleteAndLoopFree;
import static dev.jsm.routing.nue.NueTesting.nue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.IdentitySl2Vl;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.sssp.SsspEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.TopologyReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** nue on generated fabrics: complete and free of credit loops per the verifier's per-VL check, within its VLs. */
class NueEngineTest {

    private static final int[] VLS = {1, 2, 8};

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.RING_6, "torus:dims=4x4", "torus:dims=5x5", "torus:dims=6x6,links=2",
        "torus:dims=4x4x4,hosts=2", "torus:dims=5x3,links=2", "mesh:dims=5x4", "mesh:dims=3x3x3", "hypercube:dim=5",
        "random:switches=40,radix=16,degree=4,hosts=2,seed=7", "random:switches=24,radix=10,degree=5,hosts=1,seed=2",
        Fabrics.FAT2_16, Fabrics.FAT3_128})
    void routesHealthyFabricsCompletelyWithoutCreditLoopsOnOneTwoAndEightVls(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        for (int vls : VLS) {
            NueTesting.Result r = nue(in, vls);

            VerifierReport v = assertCompleteAndLoopFree(in, r, VERIFIER);

            assertThat(v.disconnectedPairs()).isZero();
            assertThat(r.summary().layers()).isEqualTo(vls);
            assertThat(v.creditLoops().vlCount()).isEqualTo(vls == 1 ? 1 : 15);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=6x6,remove-links=8,degrade-seed=3", "torus:dims=4x4x3,remove-switches=3",
        "mesh:dims=5x5,remove-switches=3,degrade-seed=2", "fat3:k=8,remove-switches=4,remove-links=12",
        "random:switches=30,radix=12,degree=3,hosts=2,remove-links=12,degrade-seed=5"})
    void routesDegradedFabricsWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        for (int vls : VLS) {
            assertCompleteAndLoopFree(in, nue(in, vls), VERIFIER);
        }
    }

    /**
     * The shortest routes of a 6x6 torus with doubled cables close credit loops on one VL; nue routes it on one VL
     * anyway, some destinations over the escape paths, and stays free of loops.
     */
    @Test
    void runsOutOfVlsAndStaysDeadlockFreeOnTheEscapePaths() {
        RoutingInput in = TopologySubnets.input("torus:dims=6x6,links=2", 0);
        LftTables shortest = LftTables.forInput(in);
        new SsspEngineFactory().create(EngineOptions.defaults()).route(in, shortest);
        assertThat(VERIFIER.verify(in, shortest).creditLoops().hasCycle()).isTrue();

        NueTesting.Result r = nue(in, 1);

        assertCompleteAndLoopFree(in, r, VERIFIER);
        assertThat(r.summary().escaped()).isPositive();
        assertThat(r.summary().backtracked()).isPositive();
        assertThat(r.summary().layerLids()).isEqualTo(36);
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4,hosts=2", "mesh:dims=3x3,hosts=2", "fat2:k=8,leaves=4,spines=2,hosts=4"})
    void routesEveryLidOfAnLmcRangeInTheLayerOfItsPort(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 2);
        NueTesting.Result r = nue(in, 2);

        assertCompleteAndLoopFree(in, r, VERIFIER);
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int base = in.endPortBaseLid()[ep];
            for (int lid = base; lid < base + in.endPortLidCount()[ep]; lid++) {
                assertThat(r.outcome().pathSl().pathSl(1, lid)).isEqualTo(r.outcome().pathSl().pathSl(1, base));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=5x5", "torus:dims=4x4x4", "random:switches=24,radix=10,degree=5,hosts=1,seed=2",
        Fabrics.FAT3_128})
    void withIncludeSwitchesSwitchTrafficIsFreeOfCreditLoopsToo(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        for (int vls : VLS) {
            NueTesting.Result r = nue(in, EngineOptions.defaults().with(NueOptions.NUE_MAX_NUM_VLS,
                    Integer.toString(vls)).with(NueOptions.NUE_INCLUDE_SWITCHES, "TRUE"));

            assertCompleteAndLoopFree(in, r, WITH_SWITCHES);
            assertThat(r.summary().layerLids()).isEqualTo(in.maxLid());
        }
    }

    @Test
    void withoutIncludeSwitchesTheSwitchLidsAreRoutedOutsideTheLayersOnSlZero() {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4", 0);
        NueTesting.Result r = nue(in, 4);

        assertCompleteAndLoopFree(in, r, VERIFIER);
        assertThat(r.summary().layerLids()).isEqualTo(16);
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (in.endPortIsSwitch()[ep]) {
                assertThat(r.outcome().pathSl().pathSl(1, in.endPortBaseLid()[ep])).isZero();
            }
        }
    }

    @Test
    void givesEachDestinationItsLayerAsSlForEverySourceWithSlsOnTheSameVls() {
        RoutingInput in = TopologySubnets.input("torus:dims=5x4,hosts=2", 0);
        NueTesting.Result r = nue(in, EngineOptions.defaults().with(NueOptions.NUE_MAX_NUM_VLS, "4")
                .with(EngineOptions.MAX_OP_VLS, "4"));
        int[] perLayer = new int[4];

        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (!in.endPortIsSwitch()[ep]) {
                int d = in.endPortBaseLid()[ep];
                int sl = r.outcome().pathSl().pathSl(1, d);
                for (int s = 2; s <= in.maxLid(); s++) {
                    assertThat(r.outcome().pathSl().pathSl(s, d)).isEqualTo(sl);
                }
                perLayer[sl]++;
            }
        }

        assertThat(r.outcome().pathSl()).isInstanceOf(NuePathSl.class);
        assertThat(perLayer).containsExactly(10, 10, 10, 10);
        assertThat(r.outcome().sl2Vl()).isEqualTo(new IdentitySl2Vl(8));
        assertThat(r.summary().availableVls()).isEqualTo(8);
    }

    @Test
    void onOneLayerLeavesSlsAndVlsToTheQosConfigurationAsOpenSmDoes() {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4", 0);
        NueTesting.Result r = nue(in, EngineOptions.defaults());

        assertThat(r.summary().layers()).isEqualTo(1);
        assertThat(r.outcome().pathSl()).isSameAs(PathSlProvider.DEFAULT);
        assertThat(r.outcome().sl2Vl()).isSameAs(Sl2VlProvider.ALL_VL0);
    }

    @Test
    void usesEveryVlTheFabricRunsWithZeroAndNoMoreThanItRunsOtherwise() {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4", 0);

        NueTesting.Result all = nue(in, EngineOptions.defaults().with(NueOptions.NUE_MAX_NUM_VLS, "0")
                .with(EngineOptions.MAX_OP_VLS, "3"));
        NueTesting.Result capped = nue(in, EngineOptions.defaults().with(NueOptions.NUE_MAX_NUM_VLS, "8")
                .with(EngineOptions.MAX_OP_VLS, "2").with(EngineOptions.QOS, "TRUE"));

        assertThat(all.summary().layers()).isEqualTo(4);
        assertThat(capped.summary().layers()).isEqualTo(2);
        assertThat(capped.outcome().notes()).contains(
                "nue_max_num_vls 8 is more than the 2 VLs the fabric runs; using 2");
        assertThat(all.outcome().notes()).anyMatch(n -> n.contains("qos is off"));
        assertThat(capped.outcome().notes()).noneMatch(n -> n.contains("qos is off"));
        assertCompleteAndLoopFree(in, capped, VERIFIER);
    }

    @Test
    void routesEachConnectedPartOfADisconnectedFabric() throws Exception {
        StringBuilder net = new StringBuilder();
        for (int part = 0; part < 2; part++) {
            for (int i = 0; i < 3; i++) {
                String sw = "s" + part + i;
                net.append("switchguid=0x0002c9010000").append(part).append(i).append("0\nSwitch 3 \"").append(sw)
                        .append("\"\n[1] \"h").append(part).append(i).append("\"[1]\n[2] \"s").append(part)
                        .append((i + 1) % 3).append("\"[3]\n[3] \"s").append(part).append((i + 2) % 3)
                        .append("\"[2]\n\n");
                net.append("caguid=0x0002c9020000").append(part).append(i).append("0\nHca 1 \"h").append(part)
                        .append(i).append("\"\n[1] \"").append(sw).append("\"[1]\n\n");
            }
        }
        RoutingInput in = TopologySubnets.input(TopologyReader.parse(net.toString(), "two-rings"), 0);

        NueTesting.Result r = nue(in, 1);

        VerifierReport v = assertCompleteAndLoopFree(in, r, VERIFIER);
        assertThat(v.disconnectedPairs()).isEqualTo(6L * 6);
        assertThat(v.deliveredPairs()).isEqualTo(6L * 6);
    }

    @Test
    void givesTheSameTablesAndSlsOnEveryRun() {
        String shape = "random:switches=30,radix=12,degree=4,hosts=2,seed=11";
        NueTesting.Result a = nue(TopologySubnets.input(shape, 1), 4);
        NueTesting.Result b = nue(TopologySubnets.input(shape, 1), 4);

        assertThat(a.lfts().contentEquals(b.lfts())).isTrue();
        for (int d = 1; d <= a.lfts().maxLid(); d++) {
            assertThat(a.outcome().pathSl().pathSl(1, d)).isEqualTo(b.outcome().pathSl().pathSl(1, d));
        }
    }

    @Test
    void isABuiltInEngineTheChainCanRun() {
        RoutingEngines known = RoutingEngines.load();
        RoutingInput in = TopologySubnets.input("torus:dims=4x4", 0);

        assertThat(known.names()).contains("nue");
        RoutingChain chain = RoutingChain.parse("nue,no_fallback", EngineOptions.defaults(), known);
        assertThat(chain.route(in).engineUsed()).contains("nue");
    }

    @Test
    void rejectsMalformedOptionsNamingThem() {
        NueEngineFactory f = new NueEngineFactory();

        assertThatThrownBy(() -> f.create(EngineOptions.defaults().with(NueOptions.NUE_MAX_NUM_VLS, "16")))
                .hasMessage("option nue_max_num_vls: expected 0-15, found 16");
        assertThatThrownBy(() -> f.create(EngineOptions.defaults().with(NueOptions.NUE_INCLUDE_SWITCHES, "maybe")))
                .hasMessageContaining("nue_include_switches");
    }
}
