package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.subnet.Guid;
import org.junit.jupiter.api.Test;

class TorusDiscoveryTest {

    @Test
    void placesEverySwitchAtItsGeneratedCoordinates() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(5, 4, 3));
        TorusTopology t = run.summary().topology();

        assertThat(t.placedCount()).isEqualTo(60);
        assertThat(t.notes()).isEmpty();
        for (int z = 0; z < 3; z++) {
            for (int y = 0; y < 4; y++) {
                for (int x = 0; x < 5; x++) {
                    assertThat(t.switchAt(x, y, z)).isEqualTo(run.fabric.sw(run.in, x, y, z));
                }
            }
        }
    }

    @Test
    void radixFourNeedsBothSeedDirections() {
        TorusTestFabric f = TorusTestFabric.torus(4, 5, 3);
        String conf = "torus 4 5 3\n"
                + "xp_link " + Guid.toString(f.guid(0, 0, 0)) + " " + Guid.toString(f.guid(1, 0, 0)) + "\n"
                + "yp_link " + Guid.toString(f.guid(0, 0, 0)) + " " + Guid.toString(f.guid(0, 1, 0)) + "\n"
                + "zp_link " + Guid.toString(f.guid(0, 0, 0)) + " " + Guid.toString(f.guid(0, 0, 1)) + "\n";
        TorusRun run = new TorusRun(f, TorusTestFabric.parse(conf));

        assertThat(run.outcome).isEqualTo(RouteOutcome.declined("no usable torus seed: seed 1 (torus-2QoS.conf:2): "
                + "insufficient seed configuration: x is a radix-4 torus dimension and needs both xp_link and "
                + "xm_link"));
    }

    @Test
    void aFailedSeedSwitchFallsBackToTheNextSeedWithTheSameCoordinates() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failSwitch(at(0, 0)));
        TorusTopology t = run.summary().topology();

        assertThat(t.seedUsed()).isEqualTo(1);
        assertThat(t.switchAt(3, 2, 0)).isEqualTo(run.fabric.sw(run.in, 3, 2, 0));
        assertThat(t.switchAt(0, 0, 0)).isEqualTo(-1);
        assertThat(t.notes()).containsExactly("seed 1 (torus-2QoS.conf:2): switch "
                + Guid.toString(run.fabric.guid(0, 0, 0)) + " is not in the fabric",
                "1 torus position(s) have no switch: (0,0,0)");
        run.assertClean();
    }

    @Test
    void aMisconfiguredRadixLeavesSwitchesUnplacedWithNotesAndRoutesThePlacedPart() {
        TorusTestFabric f = TorusTestFabric.torus(6, 6);
        StringBuilder b = new StringBuilder("torus 6 5 1\n");
        f.appendSeed(b, new int[3]);
        TorusRun run = new TorusRun(f, TorusTestFabric.parse(b.toString()));

        assertThat(run.summary().topology().placedCount()).isEqualTo(30);
        assertThat(run.summary().notes()).hasSize(2);
        assertThat(run.summary().notes().get(0)).startsWith("6 switch(es) could not be placed in the torus "
                + "(degraded fabric or radix misconfigured): 0x");
        assertThat(run.summary().notes().get(1)).isEqualTo("12 inter-switch port(s) lead to switches not placed "
                + "next to them in the torus and are not used");
    }

    @Test
    void meshSeededInTheMiddleStartsAtItsEdge() {
        TorusTestFabric f = new TorusTestFabric(false, 1, 1, 4, 3);
        StringBuilder b = new StringBuilder("mesh 4 3 1\n");
        f.appendSeed(b, new int[] {1, 1, 0});
        TorusRun run = new TorusRun(f, TorusTestFabric.parse(b.toString()));
        TorusTopology t = run.summary().topology();

        assertThat(t.switchAt(0, 0, 0)).isEqualTo(f.sw(run.in, 0, 0, 0));
        assertThat(t.switchAt(3, 2, 0)).isEqualTo(f.sw(run.in, 3, 2, 0));
        assertThat(t.wraps(0)).isFalse();
        run.assertClean();
    }

    @Test
    void parallelLinksShareRoutesByDestinationPortAndRedistributeWhenOneFails() {
        TorusTestFabric f = new TorusTestFabric(true, 2, 2, 5, 3);
        TorusRun run = TorusRun.of(f);
        RoutingInput in = run.in;
        int from = f.sw(in, 0, 0, 0);
        int dst = f.sw(in, 1, 0, 0);
        int[] lids = hostLids(in, dst);

        assertThat(run.summary().topology().ports(from, 0)).containsExactly(1, 2);
        assertThat(run.lfts.port(from, lids[0])).isEqualTo(1);
        assertThat(run.lfts.port(from, lids[1])).isEqualTo(2);

        TorusRun degraded = TorusRun.of(new TorusTestFabric(true, 2, 2, 5, 3).failOneCable(at(0, 0), at(1, 0)));
        int left = degraded.summary().topology().ports(from, 0)[0];
        assertThat(degraded.lfts.port(from, lids[0])).isEqualTo(left);
        assertThat(degraded.lfts.port(from, lids[1])).isEqualTo(left);
        degraded.assertClean();
    }

    @Test
    void portOrderChangesTheRoundRobin() {
        TorusTestFabric f = new TorusTestFabric(true, 2, 2, 5, 3);
        String conf = f.config(new int[3]) + "port_order 10 9\n";
        TorusRun run = new TorusRun(f, TorusTestFabric.parse(conf));
        int from = f.sw(run.in, 0, 0, 0);
        int[] lids = hostLids(run.in, f.sw(run.in, 1, 0, 0));

        assertThat(run.lfts.port(from, lids[0])).isEqualTo(2);
        assertThat(run.lfts.port(from, lids[1])).isEqualTo(1);
    }

    @Test
    void dumpListsCoordinatesAndTheRoot() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failSwitch(at(5, 4)));
        String dump = run.summary().torusDump();

        assertThat(dump).startsWith("# torus-2QoS 6x5x1 (t t m), 29 of 30 switches placed\n# x y z node_guid\n"
                + "0 0 0 " + Guid.toString(run.fabric.guid(0, 0, 0)) + "\n");
        assertThat(dump).contains("3 2 0 " + Guid.toString(run.fabric.guid(3, 2, 0)) + " root\n")
                .contains("5 4 0 -\n");
        assertThat(dump.lines()).hasSize(32);
    }

    /** The LIDs of the two hosts (ports 9 and 10 of a 2-link 2D torus switch) of switch {@code sw}, port order. */
    private static int[] hostLids(RoutingInput in, int sw) {
        int[] lids = new int[2];
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            int p = in.lidOwnerPort()[lid] & 0xFF;
            if (in.lidOwnerSwitch()[lid] == sw && p >= 9) {
                lids[p - 9] = lid;
            }
        }
        return lids;
    }
}
