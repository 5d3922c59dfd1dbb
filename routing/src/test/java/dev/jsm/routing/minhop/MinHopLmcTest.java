package dev.jsm.routing.minhop;

import static dev.jsm.routing.minhop.MinHopEngineTest.assertCompleteAndMinimal;
import static dev.jsm.routing.minhop.MinHopEngineTest.route;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.TopoLink;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** OpenSM's LMC spreading rules: base LIDs as with LMC 0, then other systems, other nodes, least used. */
class MinHopLmcTest {

    /** 16 leaves of 8 hosts, 8 spines. */
    private static final String FAT2_128 = "fat2:k=16,hosts=8";

    @Test
    void baseLidsAreRoutedAsWithLmcZero() {
        RoutingInput plain = TopologySubnets.input(FAT2_128, 0);
        RoutingInput lmc = TopologySubnets.input(FAT2_128, 2);
        LftTables a = route(plain);
        LftTables b = route(lmc);

        assertThat(lmc.endPortCount()).isEqualTo(plain.endPortCount());
        for (int sw = 0; sw < plain.switchCount(); sw++) {
            for (int x = 0; x < plain.endPortCount(); x++) {
                assertThat(b.port(sw, lmc.endPortBaseLid()[x])).as("switch %d, end port %d", sw, x)
                        .isEqualTo(a.port(sw, plain.endPortBaseLid()[x]));
            }
        }
    }

    @Test
    void theLidsOfOneDestinationLeaveThroughDistinctSpines() {
        RoutingInput in = TopologySubnets.input(FAT2_128, 2);
        LftTables out = route(in);

        for (int leaf = 0; leaf < 16; leaf++) {
            for (int x = 0; x < in.endPortCount(); x++) {
                if (in.endPortIsSwitch()[x] || in.endPortSwitch()[x] == leaf) {
                    continue;
                }
                Set<Integer> spines = new HashSet<>();
                for (int i = 0; i < 4; i++) {
                    spines.add(neighbour(in, leaf, out.port(leaf, in.endPortBaseLid()[x] + i)));
                }
                assertThat(spines).as("leaf %d to end port %d", leaf, x).hasSize(4);
            }
        }
        assertCompleteAndMinimal(in, out);
    }

    @Test
    void theSecondLidPrefersASpineOfAnotherSystemImage() {
        // fat2:k=8,hosts=4: 8 leaves of 4 hosts, 4 spines on leaf ports 5..8; spines 0,1 form one chassis, 2,3 another.
        Topology plain = TopologyShapes.parse("fat2:k=8,hosts=4");
        Topology chassis = withSpineSystems(plain);
        RoutingInput in = TopologySubnets.input(chassis, 1);
        RoutingInput control = TopologySubnets.input(plain, 1);
        LftTables out = route(in);
        LftTables controlOut = route(control);

        int sameChassisInControl = 0;
        for (int leaf = 0; leaf < 8; leaf++) {
            for (int x = 0; x < in.endPortCount(); x++) {
                if (in.endPortIsSwitch()[x] || in.endPortSwitch()[x] == leaf) {
                    continue;
                }
                int base = in.endPortBaseLid()[x];
                long sys0 = in.switchSystemImageGuid()[neighbour(in, leaf, out.port(leaf, base))];
                long sys1 = in.switchSystemImageGuid()[neighbour(in, leaf, out.port(leaf, base + 1))];
                assertThat(sys1).as("leaf %d to end port %d", leaf, x).isNotEqualTo(sys0);
                int c0 = neighbour(control, leaf, controlOut.port(leaf, base)) - 8;
                int c1 = neighbour(control, leaf, controlOut.port(leaf, base + 1)) - 8;
                if (c0 / 2 == c1 / 2) {
                    sameChassisInControl++;
                }
            }
        }
        assertThat(sameChassisInControl).as("without chassis the rule would not be visible").isPositive();
        assertCompleteAndMinimal(in, out);
    }

    /** The switch on the far side of {@code port} of {@code sw}. */
    private static int neighbour(RoutingInput in, int sw, int port) {
        return in.peerSwitch()[in.edgeOfPort(sw, port)];
    }

    private static Topology withSpineSystems(Topology t) {
        Topology.Builder b = Topology.builder();
        for (TopoNode n : t.nodes()) {
            long sys = n.systemImageGuid();
            if (n.name().startsWith("spine-")) {
                sys = Integer.parseInt(n.name().substring(6)) < 2 ? 0x5A5A000000000001L : 0x5A5A000000000002L;
            }
            b.addNode(new TopoNode(n.kind(), n.name(), n.nodeGuid(), sys, n.numPorts(), n.portGuids(), n.vendorId(),
                    n.deviceId(), n.description()));
        }
        for (TopoLink l : t.links()) {
            b.link(l.nodeA(), l.portA(), l.nodeB(), l.portB());
        }
        return b.build();
    }
}
