package dev.jsm.routing.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.testing.VPortFabrics;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A vport's own LID is routed exactly as its physical port's base LID by every engine that routes the fabric: the
 * routing input lists it as an extra LID of the port, the chain copies the base LID's entries onto it, and the route
 * verifier checks it like any other LID (docs/virtualization.md).
 */
class ExtraLidsRoutingTest {

    @ParameterizedTest
    @ValueSource(strings = {"minhop", "updn", "dnup", "ftree", "lash", "sssp", "dfsssp", "nue"})
    void everyEngineDeliversTheVPortLidsAsTheirPorts(String engine) {
        for (boolean below : new boolean[] {false, true}) {
            Subnet s = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
            List<VPort> vports = VPortFabrics.addVPorts(s, 3, below);
            RoutingInput in = RoutingInput.from(SubnetSnapshot.of(s), 0);
            assertThat(in.extraLids()).hasSize(vports.size());

            RoutingResult r = RoutingChain.parse(engine + ",no_fallback", EngineOptions.defaults(),
                    RoutingEngines.load()).route(in);

            assertThat(r.isRouted()).as(r.summary()).isTrue();
            LftTables t = r.tables();
            for (int k = 0; k < in.extraLids().length; k++) {
                for (int sw = 0; sw < in.switchCount(); sw++) {
                    assertThat(t.port(sw, in.extraLids()[k])).isEqualTo(t.port(sw, in.extraLidBase()[k]));
                }
            }
            VerifierReport report = new RouteVerifier().verify(in, t, r.routed());
            assertThat(report.unreachable()).as(engine + (below ? " (vport LIDs below)" : "")).isEmpty();
            assertThat(report.lids()).isEqualTo(16 + 6 + vports.size());
            assertThat(report.deliveredPairs()).isEqualTo((long) report.lids() * in.switchCount());
        }
    }
}
