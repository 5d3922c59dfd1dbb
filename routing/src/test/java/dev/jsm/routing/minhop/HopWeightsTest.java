package dev.jsm.routing.minhop;

import static dev.jsm.routing.minhop.MinHopEngineTest.route;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** hop_weights_file: weighted shortest paths by a bucket-queue Dijkstra. */
class HopWeightsTest {

    private static final RouteVerifier VERIFIER = new RouteVerifier();

    @TempDir
    Path dir;

    @Test
    void aHeavyLinkIsAvoidedWhereALighterPathExists() throws IOException {
        RoutingInput in = TopologySubnets.input(Fabrics.RING_6, 0);

        LftTables out = route(in, weights("0x0002c90100000000 1 10\n"));

        for (int lid = 1; lid <= in.maxLid(); lid++) {
            assertThat(out.port(0, lid)).as("LID %d", lid).isNotEqualTo(1);
        }
        VerifierReport r = VERIFIER.verify(in, out);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.hops().nonMinimalPairs()).isPositive();
        assertThat(r.hops().maxExtraHops()).isEqualTo(4);
    }

    @Test
    void heavyUplinksOfOneLeafSendItsTrafficOverTheOtherSpineWithoutLoops() throws IOException {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        int leaf = in.endPortSwitch()[in.lidEndPort()[firstHostLid(in)]];
        int[] up = MinHopFilesTest.upPorts(in, leaf);
        int spine = in.peerSwitch()[in.edgeOfPort(leaf, up[0])];
        StringBuilder file = new StringBuilder();
        for (int p : up) {
            if (in.peerSwitch()[in.edgeOfPort(leaf, p)] == spine) {
                file.append(String.format("0x%016x %d 5%n", in.switchGuid()[leaf], p));
            }
        }

        LftTables out = route(in, weights(file.toString()));

        for (int lid = 1; lid <= in.maxLid(); lid++) {
            int p = out.port(leaf, lid);
            if (p != 0 && in.edgeOfPort(leaf, p) >= 0) {
                assertThat(in.peerSwitch()[in.edgeOfPort(leaf, p)]).as("LID %d", lid).isNotEqualTo(spine);
            }
        }
        VerifierReport r = VERIFIER.verify(in, out);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.creditLoops().hasCycle()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT3_128, "torus:dims=4x4x4,hosts=2", "random:switches=40,radix=16,degree=4,"
        + "hosts=2,seed=7,remove-links=10,degrade-seed=3"})
    void unitWeightsGiveTheUnweightedTables(String shape) throws IOException {
        RoutingInput in = TopologySubnets.input(shape, 0);
        String file = String.format("0x%016x 1 1%n", in.switchGuid()[0]);

        assertThat(route(in, weights(file)).contentEquals(route(in))).isTrue();
    }

    @Test
    void weightedCostsMatchABruteForceRelaxation() throws RoutingFileException {
        RoutingInput in = TopologySubnets.input("random:switches=30,radix=12,degree=3,hosts=1,seed=5", 0);
        byte[] w = new byte[in.portStart()[in.switchCount()]];
        Random random = new Random(11);
        for (int i = 0; i < w.length; i++) {
            w[i] = (byte) (1 + random.nextInt(255));
        }

        WeightedHopTable table = WeightedHopTable.compute(in, w, 1);

        int s = in.switchCount();
        long[][] d = new long[s][s];
        for (int a = 0; a < s; a++) {
            Arrays.fill(d[a], Long.MAX_VALUE / 4);
            d[a][a] = 0;
        }
        for (int k = 0; k < s; k++) {
            for (int a = 0; a < s; a++) {
                for (int e = in.linkStart()[a]; e < in.linkStart()[a + 1]; e++) {
                    int b = in.peerSwitch()[e];
                    long c = w[in.portStart()[a] + (in.localPort()[e] & 0xFF)] & 0xFF;
                    for (int t = 0; t < s; t++) {
                        d[a][t] = Math.min(d[a][t], c + d[b][t]);
                    }
                }
            }
        }
        for (int a = 0; a < s; a++) {
            for (int t = 0; t < s; t++) {
                long expected = d[a][t] >= Long.MAX_VALUE / 4 ? WeightedHopTable.UNREACHABLE : d[a][t];
                assertThat(table.cost(a, t)).as("%d -> %d", a, t).isEqualTo((int) expected);
            }
        }
        assertThat(WeightedHopTable.compute(in, w, 3).raw()).isEqualTo(table.raw());
    }

    @Test
    void distancesAreCostsWithWeightsAndHopsWithout() throws IOException, RoutingFileException {
        RoutingInput in = TopologySubnets.input(Fabrics.RING_6, 0);
        MinHopOptions heavy = MinHopOptions.from(weights("0x0002c90100000000 1 10\n"));

        ShortestPaths weighted = ShortestPaths.compute(in, MinHopFiles.load(in, heavy), 1);
        ShortestPaths plain = ShortestPaths.compute(in, MinHopFiles.none(in), 1);

        assertThat(weighted.weighted()).isTrue();
        assertThat(plain.weighted()).isFalse();
        assertThat(weighted.distance(0, 1)).isEqualTo(5);
        assertThat(weighted.distance(1, 0)).isEqualTo(1);
        assertThat(plain.distance(0, 1)).isEqualTo(1);
        assertThat(plain.distance(0, 3)).isEqualTo(3);
    }

    @Test
    void parallelWeightedRoutingEqualsSingleThreaded() throws IOException {
        RoutingInput in = TopologySubnets.input("fat3:k=24", 0);
        StringBuilder file = new StringBuilder();
        for (int sw = 0; sw < in.switchCount(); sw += 7) {
            file.append(String.format("0x%016x %d %d%n", in.switchGuid()[sw], 1 + sw % 24, 2 + sw % 9));
        }
        EngineOptions options = weights(file.toString());

        LftTables single = route(in, options.with(EngineOptions.ROUTING_THREADS, "1"));
        LftTables parallel = route(in, options.with(EngineOptions.ROUTING_THREADS, "4"));

        assertThat(parallel.contentEquals(single)).isTrue();
        assertThat(VERIFIER.verify(in, single).unreachablePairs()).isZero();
    }

    @Test
    void aMalformedWeightFailsThePass() throws IOException {
        RoutingInput in = TopologySubnets.input(Fabrics.RING_6, 0);
        EngineOptions options = weights("0x0002c90100000000 1 300\n");

        RouteOutcome outcome = new MinHopEngineFactory().create(options).route(in, LftTables.forInput(in));

        assertThat(outcome).isEqualTo(RouteOutcome.failed(dir.resolve("weights")
                + ":1: expected a hop weight 1..255, found '300'"));
    }

    private EngineOptions weights(String text) throws IOException {
        Path p = Files.writeString(dir.resolve("weights"), text);
        return EngineOptions.defaults().with(EngineOptions.HOP_WEIGHTS_FILE, p.toString());
    }

    private static int firstHostLid(RoutingInput in) {
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x]) {
                return in.endPortBaseLid()[x];
            }
        }
        throw new AssertionError("no host");
    }
}
