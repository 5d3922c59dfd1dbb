package dev.jsm.routing.minhop;

import static dev.jsm.routing.minhop.MinHopEngineTest.route;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import org.junit.jupiter.api.Test;

/** Tables are bit-identical whatever the number of threads. */
class MinHopDeterminismTest {

    private static EngineOptions threads(int n, EngineOptions base) {
        return base.with(EngineOptions.ROUTING_THREADS, Integer.toString(n));
    }

    @Test
    void parallelRoutingEqualsSingleThreaded() {
        RoutingInput in = TopologySubnets.input("fat3:k=24", 0);
        assertThat((long) in.switchCount() * (in.maxLid() + 1)).isGreaterThanOrEqualTo(MinHopEngine.PARALLEL_THRESHOLD);

        LftTables single = route(in, threads(1, EngineOptions.defaults()));
        LftTables parallel = route(in, threads(4, EngineOptions.defaults()));

        assertThat(parallel.contentEquals(single)).isTrue();
    }

    @Test
    void parallelRoutingWithLmcAndOptionsEqualsSingleThreaded() {
        RoutingInput in = TopologySubnets.input("fat3:k=16", 2);
        assertThat((long) in.switchCount() * (in.maxLid() + 1)).isGreaterThanOrEqualTo(MinHopEngine.PARALLEL_THRESHOLD);
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.PORT_SHIFTING, "TRUE")
                .with(EngineOptions.SCATTER_PORTS, "42");

        LftTables single = route(in, threads(1, options));
        LftTables parallel = route(in, threads(3, options));

        assertThat(parallel.contentEquals(single)).isTrue();
    }

    @Test
    void parallelHopTableEqualsSingleThreaded() {
        RoutingInput in = TopologySubnets.input("fat3:k=24", 0);

        HopTable single = HopTable.compute(in, 1);
        HopTable parallel = HopTable.compute(in, 4);

        assertThat(parallel.raw()).isEqualTo(single.raw());
        assertThat(single.hops(0, 0)).isZero();
        assertThat(single.hops(0, in.switchCount() - 1)).isEqualTo(2);
    }
}
