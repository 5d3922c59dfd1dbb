package dev.jsm.routing.updn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.MinHopEngine;
import dev.jsm.routing.minhop.MinHopOptions;
import dev.jsm.routing.testing.TopologySubnets;
import org.junit.jupiter.api.Test;

/** updn and dnup tables are bit-identical whatever the number of threads. */
class UpDownDeterminismTest {

    private static EngineOptions threads(int n) {
        return EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, Integer.toString(n))
                .with(EngineOptions.PORT_SHIFTING, "TRUE");
    }

    @Test
    void parallelUpdnEqualsSingleThreaded() {
        RoutingInput in = TopologySubnets.input("fat3:k=24", 0);
        assertThat(MinHopEngine.threads(in, MinHopOptions.from(threads(4)))).isEqualTo(4);

        LftTables single = UpDownTesting.updn(in, threads(1)).routed();
        LftTables parallel = UpDownTesting.updn(in, threads(4)).routed();

        assertThat(parallel.contentEquals(single)).isTrue();
    }

    @Test
    void parallelDnupWithLmcEqualsSingleThreaded() {
        RoutingInput in = TopologySubnets.input("fat3:k=16", 2);
        assertThat(MinHopEngine.threads(in, MinHopOptions.from(threads(3)))).isEqualTo(3);

        LftTables single = UpDownTesting.dnup(in, threads(1)).routed();
        LftTables parallel = UpDownTesting.dnup(in, threads(3)).routed();

        assertThat(parallel.contentEquals(single)).isTrue();
    }

    @Test
    void parallelHopTableEqualsSingleThreaded() {
        RoutingInput in = TopologySubnets.input("torus:dims=8x8x4", 0);
        boolean[] root = new boolean[in.switchCount()];
        root[0] = true;
        int[] rank = SwitchRanks.fromSources(in, root);
        UpDownOrder order = UpDownOrder.of(in, rank, in.switchGuid(), true);

        assertThat(UpDownHops.compute(in, order, 4).raw()).isEqualTo(UpDownHops.compute(in, order, 1).raw());
    }
}
