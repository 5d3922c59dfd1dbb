package dev.jsm.routing.updn;

import static dev.jsm.routing.updn.UpDownTesting.assertCaCompleteAndLoopFree;
import static dev.jsm.routing.updn.UpDownTesting.rootFile;
import static dev.jsm.routing.updn.UpDownTesting.updn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** updn on generated fabrics: reachability, credit loops, path lengths. */
class UpDownEngineTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT2_648, Fabrics.FAT3_128, "fat3:k=12,pods=4",
        "fat2:k=36,remove-switches=3"})
    void routesFatTreesWithDetectedRootsOnShortestLoopFreePaths(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        LftTables out = updn(in, EngineOptions.defaults()).routed();

        VerifierReport r = assertCaCompleteAndLoopFree(in, out);
        assertThat(r.hops().maxExtraHops()).as(r.format()).isZero();
    }

    @Test
    void leavesOnlySwitchToSwitchPairsOfUpperLevelsUnreachableOnAFullTree() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT3_128, 0);
        boolean[] withCas = SwitchRanks.withEndNodes(in);

        VerifierReport r = new RouteVerifier(new VerifierOptions(1_000_000, false))
                .verify(in, updn(in, EngineOptions.defaults().with(UpDownOptions.COMPLETE_SWITCH_LIDS, "FALSE"))
                        .routed());

        // 4 groups of 8 mids (one per pod) and 4 cores: core to core, and mid or core to a mid or core of another group
        assertThat(r.unreachablePairs()).isEqualTo(16 * 15 + 32 * 24 + 32 * 12 + 16 * 24);
        for (VerifierReport.UnreachablePair p : r.unreachable()) {
            int from = in.switchIndexOf(p.sourceSwitchGuid());
            assertThat(withCas[from]).as(p.toString()).isFalse();
            assertThat(in.endPortIsSwitch()[in.lidEndPort()[p.lid()]]).as(p.toString()).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat3:k=8,remove-links=12,degrade-seed=4", "fat3:k=8,remove-links=20,degrade-seed=6",
        "fat3:k=12,remove-switches=6,degrade-seed=7", "fat2:k=36,remove-links=40",
        "fat3:k=16,remove-links=100,degrade-seed=3"})
    void routesDegradedFatTreesWithDetectedRootsWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        assertCaCompleteAndLoopFree(in, updn(in, EngineOptions.defaults()).routed());
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4,hosts=2", "torus:dims=6x5,links=2", Fabrics.RING_6, "mesh:dims=5x4",
        "mesh:dims=3x3x3", "hypercube:dim=5", "random:switches=40,radix=16,degree=4,hosts=2,seed=7",
        "torus:dims=6x6,remove-links=8,degrade-seed=3", "random:switches=30,radix=12,degree=3,hosts=2,"
        + "remove-links=12,degrade-seed=5", "mesh:dims=4x4,remove-switches=3,degrade-seed=2",
        "hypercube:dim=4,remove-links=10", "fat3:k=8,remove-switches=4,remove-links=12"})
    void routesAnyFabricFromOneRootWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        String root = Guid.toString(in.switchGuid()[in.switchCount() / 2]);

        LftTables out = updn(in, rootFile(dir, root + "\n")).routed();

        assertCaCompleteAndLoopFree(in, out);
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4,hosts=2", "torus:dims=6x6,remove-links=8,degrade-seed=3",
        "random:switches=40,radix=16,degree=4,hosts=2,seed=7"})
    void avoidsTheCreditLoopsMinhopHasOnTheSameFabric(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        LftTables minhop = LftTables.forInput(in);
        new MinHopEngineFactory().create(EngineOptions.defaults()).route(in, minhop);
        assertThat(UpDownTesting.VERIFIER.verify(in, minhop).creditLoops().hasCycle()).isTrue();

        LftTables out = updn(in, rootFile(dir, Guid.toString(in.switchGuid()[0]))).routed();

        assertCaCompleteAndLoopFree(in, out);
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT3_128, "torus:dims=4x4,hosts=2"})
    void routesEveryLidOfAnLmcRange(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 2);
        EngineOptions options = shape.startsWith("torus") ? rootFile(dir, Guid.toString(in.switchGuid()[3]))
                : EngineOptions.defaults();

        assertCaCompleteAndLoopFree(in, updn(in, options).routed());
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4,hosts=2", "mesh:dims=5x4", "hypercube:dim=4",
        "random:switches=40,radix=16,degree=4,hosts=2,seed=7"})
    void declinesWithoutRootsWhereNoSwitchLooksLikeASpine(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        UpDownTesting.Run run = updn(in, EngineOptions.defaults());

        assertThat(run.outcome()).isInstanceOf(RouteOutcome.Declined.class);
        assertThat(((RouteOutcome.Declined) run.outcome()).reason())
                .isEqualTo("updn: no root switches found: no switch sees over 90% of the CA ports at one hop distance "
                        + "(not a fat tree?); list the roots in root_guid_file");
        assertThat(run.engine().lastSummary().orElseThrow().rankZeroGuids()).isEmpty();
    }
}
