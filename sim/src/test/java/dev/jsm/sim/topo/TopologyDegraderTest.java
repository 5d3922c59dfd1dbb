package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopologyDegraderTest {

    @Test
    void removedSwitchesTakeTheirHostsAlongAndEverythingElseKeepsItsGuid() {
        Topology full = TwoLevelFatTree.full(36).build();

        Topology t = TopologyDegrader.degrade(full, 1, 6, 3);

        TopologyStats s = TopologyStats.of(t);
        assertThat(s.switches()).isEqualTo(53);
        boolean leafRemoved = s.hosts() == 630;
        assertThat(s.hosts()).isIn(630, 648);
        assertThat(s.interSwitchLinks()).isEqualTo(648 - (leafRemoved ? 18 : 36) - 6);
        assertThat(TopologyComparison.differences(full, t, 1000))
                .allMatch(d -> d.contains("is only in the first") || d.contains("in the second"));
        for (int n = 0; n < t.nodeCount(); n++) {
            int orig = full.indexOfGuid(t.node(n).nodeGuid());
            assertThat(full.node(orig)).isEqualTo(t.node(n));
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                if (peer >= 0) {
                    assertThat(full.node(full.peerNode(orig, p)).nodeGuid()).isEqualTo(t.node(peer).nodeGuid());
                }
            }
        }
    }

    @Test
    void degradationIsDeterministicPerSeed() {
        Topology full = TorusFabric.torus(1, 1, 4, 4).build();

        assertThat(TopologyDegrader.degrade(full, 2, 3, 11)).isEqualTo(TopologyDegrader.degrade(full, 2, 3, 11));
        assertThat(TopologyDegrader.degrade(full, 0, 3, 11)).isNotEqualTo(TopologyDegrader.degrade(full, 0, 3, 12));
        assertThat(TopologyDegrader.degrade(full, 0, 0, 1)).isSameAs(full);
    }

    @Test
    void cannotRemoveMoreThanThereIs() {
        Topology cube = new HypercubeFabric(2, 1).build();

        assertThatThrownBy(() -> TopologyDegrader.degrade(cube, 5, 0, 1)).hasMessage(
                "cannot remove 5 switches: the fabric has 4");
        assertThatThrownBy(() -> TopologyDegrader.degrade(cube, 0, 5, 1)).hasMessage(
                "cannot remove 5 inter-switch links: the fabric has 4");
    }
}
