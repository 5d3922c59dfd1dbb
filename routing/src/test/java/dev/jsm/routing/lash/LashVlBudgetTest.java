package dev.jsm.routing.lash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The VLs lash may fill come from the switch ports' OperationalVLs, as in OpenSM. */
class LashVlBudgetTest {

    /** The input of {@code shape}: one switch port at OperationalVLs {@code narrowCode}, the others at {@code code}. */
    private static RoutingInput withOperationalVls(String shape, int code, int narrowCode) {
        Subnet s = TopologySubnets.subnet(TopologyShapes.parse(shape), 0);
        boolean first = true;
        for (Node n : s.nodes()) {
            if (!n.isSwitch()) {
                continue;
            }
            for (PhysPort p : n.ports()) {
                if (p.portNum() > 0) {
                    p.setAttributes(operationalVls(first ? narrowCode : code));
                    first = false;
                }
            }
        }
        return RoutingInput.from(SubnetSnapshot.of(s), 0);
    }

    private static PortAttributes operationalVls(int code) {
        return new PortAttributes(0L, 0L, 0, 0, 0L, 0, 0, 0, 0, 0, PortAttributes.STATE_ACTIVE, 5, 0, 0, 0, 0, 0, 0,
                code, 0, 0, 0, 0, 0, 0, code, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @ParameterizedTest
    @CsvSource({"4, 4, 8", "5, 5, 15", "5, 3, 4", "4, 2, 2", "4, 1, 1", "4, 0, 8"})
    void theNarrowestCabledSwitchPortDecides(int code, int narrowCode, int vls) {
        RoutingInput in = withOperationalVls("torus:dims=3x3", code, narrowCode);

        assertThat(VlBudget.of(in, 0).operationalVls()).isEqualTo(vls);
        assertThat(VlBudget.of(in, 1).layers()).isEqualTo(vls - 1);
    }

    @ParameterizedTest
    @CsvSource({"1, false", "3, true"})
    void aRingNeedsMoreThanOneVl(int narrowCode, boolean routes) {
        RoutingInput in = withOperationalVls("torus:dims=6", 4, narrowCode);

        RouteOutcome outcome = new LashEngineFactory().create(EngineOptions.defaults())
                .route(in, LftTables.forInput(in));

        assertThat(outcome.isRouted()).as(outcome.toString()).isEqualTo(routes);
        if (!routes) {
            assertThat(((RouteOutcome.Failed) outcome).reason()).contains("only 1 VL is available",
                    "1 VLs operated by the narrowest switch port");
        }
    }
}
