package dev.jsm.routing.repair;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.testing.VPortFabrics;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

/**
 * Vport LIDs that appear after a routing (VMs started that need LIDs of their own) are delivered by the repair of the
 * routes in force, which moves no other entry: each is its port's base LID's column.
 */
class ExtraLidsRepairTest {

    @Test
    void newVPortLidsAreRoutedByTheRepairAsTheirPorts() {
        Subnet s = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        RoutingEngine minhop = RepairChecks.engine("minhop", EngineOptions.defaults());
        RoutingInput before = RoutingInput.from(SubnetSnapshot.of(s), 0);
        LftTables old = RepairChecks.route(minhop, before);
        VPortFabrics.addVPorts(s, 2, false);
        RoutingInput after = RoutingInput.from(SubnetSnapshot.of(s), 0);
        assertThat(after.maxLid()).isEqualTo(before.maxLid() + 16);

        RepairOutcome o = RouteRepair.repair(before, old, after, RepairPolicy.of(minhop), 1);

        assertThat(o).isInstanceOf(RepairOutcome.Repaired.class);
        LftTables t = ((RepairOutcome.Repaired) o).tables();
        for (int sw = 0; sw < after.switchCount(); sw++) {
            for (int lid = 1; lid <= before.maxLid(); lid++) {
                assertThat(t.port(sw, lid)).isEqualTo(old.port(sw, lid));
            }
            for (int k = 0; k < after.extraLids().length; k++) {
                assertThat(t.port(sw, after.extraLids()[k])).isEqualTo(t.port(sw, after.extraLidBase()[k]));
            }
        }
        assertThat(RepairChecks.VERIFIER.verify(after, t).unreachablePairs()).isZero();
    }
}
