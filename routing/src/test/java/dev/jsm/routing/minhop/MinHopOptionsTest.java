package dev.jsm.routing.minhop;

import static dev.jsm.routing.minhop.MinHopEngineTest.assertCompleteAndMinimal;
import static dev.jsm.routing.minhop.MinHopEngineTest.route;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** port_shifting, scatter_ports, port_profile_switch_nodes. */
class MinHopOptionsTest {

    private static final EngineOptions SHIFTING = EngineOptions.defaults().with(EngineOptions.PORT_SHIFTING, "TRUE");

    private static EngineOptions scatter(long seed) {
        return EngineOptions.defaults().with(EngineOptions.SCATTER_PORTS, Long.toString(seed));
    }

    @Test
    void portShiftingKeepsRoutesMinimalAndChangesThem() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT3_128, 0);

        LftTables shifted = route(in, SHIFTING);

        assertCompleteAndMinimal(in, shifted);
        assertThat(shifted.contentEquals(route(in))).isFalse();
    }

    @Test
    void scatterPortsIsSeededAndKeepsTheLoadBalanced() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_648, 0);

        LftTables a = route(in, scatter(7));

        assertCompleteAndMinimal(in, a);
        assertThat(route(in, scatter(7)).contentEquals(a)).isTrue();
        assertThat(route(in, scatter(8)).contentEquals(a)).isFalse();
        assertThat(a.contentEquals(route(in))).isFalse();
        int[] perPort = new int[37];
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            if (!in.endPortIsSwitch()[in.lidEndPort()[lid]] && in.lidOwnerSwitch()[lid] != 0) {
                perPort[a.port(0, lid)]++;
            }
        }
        for (int up = 19; up <= 36; up++) {
            assertThat(perPort[up]).as("leaf up port %d", up).isEqualTo(35);
        }
    }

    @Test
    void optionsCombineWithLmc() {
        RoutingInput in = TopologySubnets.input("fat2:k=16,hosts=8", 2);

        assertCompleteAndMinimal(in, route(in, SHIFTING.with(EngineOptions.SCATTER_PORTS, "3")));
        assertCompleteAndMinimal(in, route(in, SHIFTING));
        assertCompleteAndMinimal(in, route(in, scatter(11)));
    }

    @Test
    void portProfileSwitchNodesCountsSwitchLidsToo() {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4,hosts=1", 0);
        EngineOptions counted = EngineOptions.defaults().with(EngineOptions.PORT_PROFILE_SWITCH_NODES, "TRUE");

        LftTables out = route(in, counted);

        assertCompleteAndMinimal(in, out);
        assertThat(out.contentEquals(route(in))).isFalse();
    }

    @Test
    void malformedOptionsAreRejectedWhenTheEngineIsCreated() {
        EngineOptions bad = EngineOptions.defaults().with(EngineOptions.PORT_SHIFTING, "maybe");

        assertThatThrownBy(() -> new MinHopEngineFactory().create(bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option port_shifting: expected TRUE or FALSE, found 'maybe'");
        assertThatThrownBy(() -> new MinHopOptions(false, 0, false, 0, Optional.empty(), false,
                Optional.empty(), Optional.empty(), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
