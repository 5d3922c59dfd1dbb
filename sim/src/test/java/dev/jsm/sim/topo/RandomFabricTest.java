package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RandomFabricTest {

    @Test
    void theSameSeedGivesTheSameFabricAndAnotherSeedAnother() {
        RandomFabric spec = new RandomFabric(40, 16, 4, 4, 7);

        assertThat(spec.build()).isEqualTo(spec.build());
        assertThat(new RandomFabric(40, 16, 4, 4, 8).build()).isNotEqualTo(spec.build());
    }

    @Test
    void fabricsAreConnectedSimpleAndWithinRadixForManySeeds() {
        for (long seed = 0; seed < 50; seed++) {
            RandomFabric spec = new RandomFabric(25 + (int) seed, 10, 3 + (int) (seed % 4), 2, seed);
            Topology t = spec.build();

            assertThat(TopoFixtures.connected(t)).as("seed " + seed).isTrue();
            assertThat(TopologyStats.of(t).interSwitchLinks()).isEqualTo(spec.interSwitchLinks());
            Set<Long> pairs = new HashSet<>();
            for (TopoLink l : t.links()) {
                boolean interSwitch = t.node(l.nodeA()).kind() == NodeKind.SWITCH
                        && t.node(l.nodeB()).kind() == NodeKind.SWITCH;
                if (interSwitch) {
                    assertThat(l.nodeA()).isNotEqualTo(l.nodeB());
                    assertThat(pairs.add((long) l.nodeA() << 32 | l.nodeB())).as("parallel link").isTrue();
                    assertThat(l.portA()).isLessThanOrEqualTo(8);
                    assertThat(l.portB()).isLessThanOrEqualTo(8);
                }
            }
        }
    }

    @Test
    void hostsSitOnTheLastPorts() {
        Topology t = new RandomFabric(40, 16, 4, 4, 7).build();

        TopologyStats s = TopologyStats.of(t);
        assertThat(s.headerLine()).isEqualTo("switches=40 hosts=160 inter_switch_links=80 total_ports=1000");
        int sw = t.indexOfName("rsw-05");
        for (int p = 13; p <= 16; p++) {
            assertThat(t.node(t.peerNode(sw, p)).name()).isEqualTo("h-05-" + (p - 13));
        }
    }

    @Test
    void impossibleParametersAreRefused() {
        assertThatThrownBy(() -> new RandomFabric(10, 8, 1, 2, 1)).hasMessage(
                "random: degree 1 gives 5 links, too few to connect 10 switches");
        assertThatThrownBy(() -> new RandomFabric(10, 8, 7, 2, 1)).hasMessage(
                "random: degree 7 needs more than the 6 free ports per switch");
        assertThatThrownBy(() -> new RandomFabric(4, 16, 4, 0, 1)).hasMessage(
                "random: degree 4 needs more links than there are switch pairs");
    }
}
