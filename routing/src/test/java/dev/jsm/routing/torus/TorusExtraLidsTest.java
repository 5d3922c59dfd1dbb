package dev.jsm.routing.torus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.testing.VPortFabrics;
import org.junit.jupiter.api.Test;

/**
 * torus-2QoS on a torus with doubled cables whose hosts carry vports with LIDs below their own: the engine spreads a
 * host's LIDs over parallel cables by their offset in its LMC range, which an extra LID does not have (a negative
 * offset picked no cable at all); it must route, and the copied vport LIDs be delivered.
 */
class TorusExtraLidsTest {

    @Test
    void vportLidsBelowTheirPortsAreRoutedAndDelivered() {
        TorusTestFabric f = new TorusTestFabric(true, 2, 2, 4, 4);
        VPortFabrics.addVPorts(f.subnet, 1, true);
        TorusRun run = TorusRun.of(f);
        assertThat(run.outcome).isInstanceOf(RouteOutcome.Routed.class);
        assertThat(run.in.extraLids()).hasSize(32);
        run.lfts.copyExtraLids(run.in);
        run.assertClean();
    }
}
