package dev.jsm.routing.ftree;

import static dev.jsm.routing.ftree.FatTreeTesting.ftree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ftree declines, with a reason, every fabric it cannot route as a fat tree (OpenSM falls back silently). */
class FatTreeDeclineTest {

    private static final long IO_GUID = 0x0002c90300000010L;

    @ParameterizedTest
    @ValueSource(strings = {"torus:dims=4x4x4,hosts=2", "torus:dims=6x5,links=2", Fabrics.RING_6, "mesh:dims=5x4",
        "mesh:dims=3x3x3", "hypercube:dim=5", "random:switches=40,radix=16,degree=4,hosts=2,seed=7"})
    void declinesFabricsWhereEverySwitchHasCas(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        String reason = ftree(in).declineReason();

        assertThat(reason).isEqualTo("ftree: every switch is at rank 0 (" + in.switchCount() + " roots; each switch "
                + "has CAs or is a root): not a fat tree");
    }

    @Test
    void declinesAFabricWhoseCasAreAtDifferentDepths() {
        Topology t = FatTreeTesting.withCa(TopologyShapes.parse("fat3:k=8,leaves=3"), "mid-p0-0", 8, "io", IO_GUID);
        RoutingInput in = TopologySubnets.input(t, 0);

        assertThat(ftree(in).declineReason()).matches("ftree: compute node port 0x[0-9a-f]{16} is cabled to switch "
                + "0x[0-9a-f]{16} of rank 2, while the leaf rank is 4 \\(all compute nodes must hang off leaves of "
                + "one rank\\)");
    }

    @Test
    void declinesLmcAboveZero() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 1);

        assertThat(ftree(in).declineReason()).isEqualTo("ftree: LMC 1 is not supported (fat-tree routing gives each "
                + "port one path); set lmc 0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat3:k=8,remove-links=12,degrade-seed=4", "fat2:k=36,remove-links=40",
        "fat3:k=12,remove-switches=6,degrade-seed=7"})
    void declinesDegradedTreesWithoutRootFileNamingTheAsymmetry(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        String reason = ftree(in).declineReason();

        assertThat(reason).startsWith("ftree: ").endsWith("; list the roots in root_guid_file to route it anyway")
                .containsPattern("not a pure fat tree: switch 0x[0-9a-f]{16} has \\d+ (up|down) port groups but "
                        + "switch 0x[0-9a-f]{16} has \\d+ \\(rank \\d\\)");
    }

    @Test
    void declinesAFabricWithoutCas() {
        RoutingInput in = TopologySubnets.input("fat2:k=8,hosts=0", 0);

        assertThat(ftree(in).declineReason()).isEqualTo("ftree: the fabric has 0 CA or router ports cabled to "
                + "switches; a fat tree needs at least 2");
    }

    @Test
    void routesWhatRemainsAPureFatTreeAfterLosingASwitch() {
        RoutingInput in = TopologySubnets.input("fat2:k=8,remove-switches=1", 0);

        FatTreeTesting.assertCompleteAndLoopFree(in, ftree(in).routed());
    }
}
