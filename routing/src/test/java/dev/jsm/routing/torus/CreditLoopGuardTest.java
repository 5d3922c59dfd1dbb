package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import org.junit.jupiter.api.Test;

/**
 * The engine's own credit-loop check: silent on routes the rules accept, and it finds the loop torus-2QoS(8)
 * describes for two failed switches adjacent in x (O and T on the 6x6 torus), when the refusal rule is bypassed.
 */
class CreditLoopGuardTest {

    @Test
    void acceptsAFailedSwitchAndFailedLinks() throws Exception {
        assertThat(guard(TorusTestFabric.torus(6, 6).failSwitch(at(3, 1)).failLink(at(0, 4), at(1, 4)))).isNull();
        assertThat(guard(TorusTestFabric.torus(4, 4, 3).failSwitch(at(1, 1, 1)))).isNull();
    }

    @Test
    void findsTheRingLoopsOfDorWithoutDatelines() throws Exception {
        TorusTestFabric f = TorusTestFabric.torus(6, 5);
        RoutingInput in = f.input();
        TorusTopology t = TorusDiscovery.discover(in, f.parsedConfig());
        DorNextHop hops = new DorNextHop(t, new TorusRings(t));

        assertThat(new CreditLoopGuard(t, hops.table(1), new TorusPathSl(in, t)::switchSl).findLoop()).isNull();
        String loop = new CreditLoopGuard(t, hops.table(1), (a, b) -> 0).findLoop();
        assertThat(loop).isNotNull().matches("[56] channels: \\(\\d,\\d,0\\)[+-][xy] VL0 -> .*");
    }

    /** Two failed switches adjacent in x: the rules refuse it; the routes approach T the long way round. */
    @Test
    void theRoutesAroundOAndTAreFreeOfLoopsAtSwitchGranularity() throws Exception {
        assertThat(guard(TorusTestFabric.torus(6, 6).failSwitch(at(3, 1)).failSwitch(at(4, 1)))).isNull();
    }

    private static String guard(TorusTestFabric f) throws TorusRefusal {
        RoutingInput in = f.input();
        TorusTopology t = TorusDiscovery.discover(in, f.parsedConfig());
        DorNextHop hops = new DorNextHop(t, new TorusRings(t));
        return new CreditLoopGuard(t, hops.table(1), new TorusPathSl(in, t)::switchSl).findLoop();
    }
}
