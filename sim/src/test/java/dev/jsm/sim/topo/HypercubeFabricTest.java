package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HypercubeFabricTest {

    @Test
    void portBReachesTheSwitchThatDiffersInBitB() {
        int dim = 6;
        Topology t = new HypercubeFabric(dim, 2).build();

        TopologyStats s = TopologyStats.of(t);
        assertThat(s.switches()).isEqualTo(64);
        assertThat(s.hosts()).isEqualTo(128);
        assertThat(s.interSwitchLinks()).isEqualTo(dim * 32);
        for (int n = 0; n < t.nodeCount(); n++) {
            TopoNode node = t.node(n);
            if (node.kind() != NodeKind.SWITCH) {
                continue;
            }
            int i = Integer.parseInt(node.name().substring(3), 2);
            assertThat(node.nodeGuid()).isEqualTo(0x0002c90100000000L + 0x10L * i);
            for (int b = 0; b < dim; b++) {
                int peer = t.peerNode(n, b + 1);
                assertThat(Integer.parseInt(t.node(peer).name().substring(3), 2)).isEqualTo(i ^ (1 << b));
                assertThat(t.peerPort(n, b + 1)).isEqualTo(b + 1);
            }
            assertThat(t.node(t.peerNode(n, dim + 2)).kind()).isEqualTo(NodeKind.CA);
        }
    }

    @Test
    void badDimensionsAreRefused() {
        assertThatThrownBy(() -> new HypercubeFabric(0, 1)).hasMessage("hypercube: dimension must be 1..16, not 0");
    }
}
