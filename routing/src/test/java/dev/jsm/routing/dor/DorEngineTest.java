package dev.jsm.routing.dor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** dor on generated meshes, hypercubes and tori, checked by the route verifier. */
class DorEngineTest {

    private static final RouteVerifier VERIFIER = new RouteVerifier();

    @TempDir
    Path dir;

    static LftTables route(RoutingInput in, EngineOptions options) {
        LftTables out = LftTables.forInput(in);
        RouteOutcome outcome = new DorEngineFactory().create(options).route(in, out);
        assertThat(outcome).isEqualTo(RouteOutcome.routed());
        return out;
    }

    static LftTables route(RoutingInput in) {
        return route(in, EngineOptions.defaults());
    }

    /** Every pair delivered on a shortest path, none in another island. */
    static VerifierReport assertCompleteAndMinimal(RoutingInput in, LftTables out) {
        VerifierReport r = VERIFIER.verify(in, out);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.hops().nonMinimalPairs()).as(r.format()).isZero();
        assertThat(r.deliveredPairs()).isEqualTo(r.pairs());
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {"mesh:dims=5x5", "mesh:dims=6x4,hosts=2", "mesh:dims=3x3x3", "mesh:dims=4x3x5,hosts=2",
        "mesh:dims=3x3x3,links=2", "mesh:dims=8", "hypercube:dim=5", "hypercube:dim=6,hosts=2"})
    void meshesAndHypercubesAreRoutedMinimallyWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = assertCompleteAndMinimal(in, route(in));

        assertThat(r.disconnectedPairs()).isZero();
        assertThat(r.pairs()).isEqualTo((long) in.switchCount() * in.maxLid());
        assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
        assertThat(r.creditLoops().dependencies()).isPositive();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mesh:dims=4x4,hosts=2", "hypercube:dim=4,hosts=2"})
    void everyLidOfAnLmcRangeIsRoutedWithoutCreditLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 2);

        VerifierReport r = assertCompleteAndMinimal(in, route(in));

        assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4,hosts=2", "torus:dims=6x5,links=2", Fabrics.RING_6, Fabrics.FAT3_128})
    void toriAndOtherFabricsAreRoutedMinimally(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = assertCompleteAndMinimal(in, route(in));

        assertThat(r.disconnectedPairs()).isZero();
        if (shape.equals(Fabrics.RING_6)) {
            assertThat(r.creditLoops().hasCycle()).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mesh:dims=5x5,remove-switches=3,degrade-seed=2", "hypercube:dim=5,remove-links=12",
        "torus:dims=6x6,remove-links=8,degrade-seed=3"})
    void degradedFabricsAreRoutedBetweenEveryConnectedPair(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        VerifierReport r = assertCompleteAndMinimal(in, route(in));

        assertThat(r.pairs() + r.disconnectedPairs()).isEqualTo((long) in.switchCount() * r.lids());
    }

    @Test
    void meshRoutesRunAlongXThenY() {
        RoutingInput in = TopologySubnets.input("mesh:dims=5x5", 0);
        LftTables out = route(in);

        assertThat(portsAlongPath(in, out, 0, hostLidOn(in, 24))).containsExactly(1, 1, 1, 1, 3, 3, 3, 3, 5);
        assertThat(portsAlongPath(in, out, 24, hostLidOn(in, 0))).containsExactly(2, 2, 2, 2, 4, 4, 4, 4, 5);
        assertThat(portsAlongPath(in, out, 4, hostLidOn(in, 20))).containsExactly(2, 2, 2, 2, 3, 3, 3, 3, 5);
    }

    @Test
    void hypercubeRoutesFixTheLowestDifferingBitFirst() {
        RoutingInput in = TopologySubnets.input("hypercube:dim=5", 0);
        LftTables out = route(in);

        assertThat(portsAlongPath(in, out, 0b00000, hostLidOn(in, 0b10110))).containsExactly(2, 3, 5, 6);
        assertThat(portsAlongPath(in, out, 0b11111, hostLidOn(in, 0b00000))).containsExactly(1, 2, 3, 4, 5, 6);
    }

    @Test
    void aPortSearchOrderingFileChangesTheDimensionOrder() throws IOException {
        RoutingInput in = TopologySubnets.input("mesh:dims=3x3", 0);
        int lid = hostLidOn(in, 8);
        Path p = Files.writeString(dir.resolve("dimn"), "# y before x at switch 0 only\n0x0002c90100000000 3 4\n");

        LftTables yFirst = route(in, EngineOptions.defaults().with(EngineOptions.PORT_SEARCH_ORDERING_FILE,
                p.toString()));
        LftTables deprecatedName = route(in, EngineOptions.defaults().with(EngineOptions.DIMN_PORTS_FILE,
                p.toString()));

        assertThat(portsAlongPath(in, route(in), 0, lid)).containsExactly(1, 1, 3, 3, 5);
        assertThat(portsAlongPath(in, yFirst, 0, lid)).containsExactly(3, 1, 1, 3, 5);
        assertThat(portsAlongPath(in, yFirst, 1, lid)).containsExactly(1, 3, 3, 5);
        assertThat(deprecatedName.contentEquals(yFirst)).isTrue();
        assertCompleteAndMinimal(in, yFirst);
    }

    @Test
    void parallelLinksOfTheFirstDimensionShareTheLoad() {
        RoutingInput in = TopologySubnets.input("mesh:dims=3x3,links=2,hosts=2", 0);
        LftTables out = route(in);

        int[] perPort = new int[in.switchNumPorts()[0] + 1];
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            int owner = in.lidOwnerSwitch()[lid];
            if (owner != 0 && !in.endPortIsSwitch()[in.lidEndPort()[lid]]) {
                perPort[out.port(0, lid)]++;
            }
        }

        assertThat(perPort[1]).isEqualTo(6);
        assertThat(perPort[2]).isEqualTo(6);
        assertThat(perPort[5] + perPort[6]).isEqualTo(4);
        assertThat(perPort[5]).isEqualTo(2);
        assertThat(perPort[3] + perPort[4] + perPort[7] + perPort[8]).isZero();
    }

    @Test
    void parallelRoutingEqualsSingleThreaded() {
        RoutingInput in = TopologySubnets.input("hypercube:dim=10", 0);
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.PORT_SHIFTING, "TRUE");

        LftTables single = route(in, options.with(EngineOptions.ROUTING_THREADS, "1"));
        LftTables parallel = route(in, options.with(EngineOptions.ROUTING_THREADS, "3"));

        assertThat((long) in.switchCount() * (in.maxLid() + 1)).isGreaterThanOrEqualTo(1L << 20);
        assertThat(parallel.contentEquals(single)).isTrue();
        assertThat(VERIFIER.verify(in, single).creditLoops().hasCycle()).isFalse();
    }

    @Test
    void aBadOrderFileFailsDorAndTheMinhopFallbackAlike() throws IOException {
        RoutingInput in = TopologySubnets.input("mesh:dims=3x3", 0);
        Path p = Files.writeString(dir.resolve("dimn"), "0x0002c90100000000 1 2 1\n");
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.PORT_SEARCH_ORDERING_FILE, p.toString());

        RouteOutcome outcome = new DorEngineFactory().create(options).route(in, LftTables.forInput(in));
        RoutingResult result = RoutingChain.parse("dor", options, RoutingEngines.load()).route(in);

        assertThat(outcome).isEqualTo(RouteOutcome.failed(p + ":1: expected each port once on a line, found port 1 "
                + "again"));
        assertThat(result.engineUsed()).isEmpty();
        assertThat(result.warnings()).anySatisfy(w -> assertThat(w).contains("'dor' failed: " + p + ":1:"))
                .anySatisfy(w -> assertThat(w).contains("'minhop' failed: " + p + ":1:"))
                .anySatisfy(w -> assertThat(w).startsWith("ROUT-0104"));
    }

    @Test
    void isABuiltInNamedDor() {
        RoutingEngines known = RoutingEngines.load();

        assertThat(known.names()).contains("dor");
        assertThat(known.factory("dor").create(EngineOptions.defaults())).isInstanceOf(DorEngine.class);
        assertThat(known.factory("dor").create(EngineOptions.defaults()).name()).isEqualTo("dor");
    }

    /** The base LID of the first host on switch {@code sw}. */
    private static int hostLidOn(RoutingInput in, int sw) {
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x] && in.endPortSwitch()[x] == sw) {
                return in.endPortBaseLid()[x];
            }
        }
        throw new AssertionError("no host on switch " + sw);
    }

    /** The egress ports from switch {@code sw} to {@code lid}, the last one being the host's port. */
    static List<Integer> portsAlongPath(RoutingInput in, LftTables out, int sw, int lid) {
        List<Integer> ports = new ArrayList<>();
        for (int hop = 0; hop < 64; hop++) {
            int p = out.port(sw, lid);
            ports.add(p);
            int e = in.edgeOfPort(sw, p);
            if (e < 0) {
                return ports;
            }
            sw = in.peerSwitch()[e];
        }
        throw new AssertionError("loop: " + ports);
    }
}
