package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FatTreeTest {

    @Test
    void fullTwoLevelTreeUsesEverySwitchPort() {
        Topology t = TwoLevelFatTree.full(36).build();

        TopologyStats s = TopologyStats.of(t);
        assertThat(s.switches()).isEqualTo(54);
        assertThat(s.hosts()).isEqualTo(648);
        assertThat(s.interSwitchLinks()).isEqualTo(648);
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH) {
                assertThat(TopoFixtures.cabledPorts(t, n)).as(t.node(n).name()).isEqualTo(36);
            }
        }
        assertThat(TopoFixtures.connected(t)).isTrue();
    }

    @Test
    void twoLevelCablingFollowsTheExampleFabric() {
        Topology t = new TwoLevelFatTree(8, 4, 2, 4, 2).build();

        int leaf1 = t.indexOfName("leaf-1");
        int spine1 = t.indexOfName("spine-1");
        assertThat(t.peerNode(leaf1, 7)).isEqualTo(spine1);
        assertThat(t.peerPort(leaf1, 7)).isEqualTo(3);
        assertThat(t.peerPort(leaf1, 8)).isEqualTo(4);
        assertThat(t.node(t.peerNode(leaf1, 2)).name()).isEqualTo("host-1-1");
        assertThat(t.node(0).name()).isEqualTo("host-0-0");
        assertThat(t.node(1).nodeGuid()).isEqualTo(0x0002c90100000000L);
        assertThat(t.node(t.indexOfName("host-3-3")).nodeGuid()).isEqualTo(0x0002c902000000f0L);
    }

    @Test
    void standardThreeLevelTreeOfRadix36IsFullyCabledAndFast() {
        long best = Long.MAX_VALUE;
        Topology t = null;
        for (int i = 0; i < 3; i++) {
            long start = System.nanoTime();
            t = ThreeLevelFatTree.of(36).build();
            best = Math.min(best, System.nanoTime() - start);
        }

        TopologyStats s = TopologyStats.of(t);
        assertThat(s.hosts()).isEqualTo(11664);
        assertThat(s.switches()).isEqualTo(1620);
        assertThat(s.interSwitchLinks()).isEqualTo(23328);
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH) {
                assertThat(TopoFixtures.cabledPorts(t, n)).isEqualTo(36);
            }
        }
        assertThat(TopoFixtures.connected(t)).isTrue();
        assertThat(best / 1_000_000).as("best of 3 generation times, ms").isLessThan(1000);
    }

    @Test
    void threeLevelTreeWiresLeavesToTheirPodAndMidsToTheirCoreGroup() {
        ThreeLevelFatTree spec = new ThreeLevelFatTree(36, 4, 9, 9, 9, 18);
        Topology t = spec.build();

        assertThat(spec.leafMidLinks()).isEqualTo(2);
        assertThat(spec.midCoreLinks()).isEqualTo(2);
        for (int n = 0; n < t.nodeCount(); n++) {
            String name = t.node(n).name();
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                String peerName = peer < 0 ? "" : t.node(peer).name();
                if (name.startsWith("leaf-p") && p > 18) {
                    assertThat(peerName).startsWith("mid-" + name.substring(5, 7));
                } else if (name.startsWith("mid-") && p > 18) {
                    assertThat(peerName).startsWith("core-g" + name.substring(name.lastIndexOf('-') + 1) + "-");
                } else if (name.startsWith("core-")) {
                    assertThat(peerName).isEqualTo(p <= 8 ? "mid-p" + (p - 1) / 2 + "-" + name.charAt(6) : "");
                }
            }
        }
        assertThat(t.nodes()).filteredOn(n -> n.name().startsWith("core-")).hasSize(81);
    }

    @Test
    void fewerPodsLeaveCorePortsUnused() {
        Topology t = ThreeLevelFatTree.of(36, 7).build();

        TopologyStats s = TopologyStats.of(t);
        assertThat(s.switches()).isEqualTo(576);
        assertThat(s.hosts()).isEqualTo(2268);
        int core = t.indexOfName("core-g17-17");
        assertThat(TopoFixtures.cabledPorts(t, core)).isEqualTo(7);
        assertThat(t.node(core).numPorts()).isEqualTo(36);
    }

    @Test
    void generationIsDeterministic() {
        assertThat(ThreeLevelFatTree.of(8).build()).isEqualTo(ThreeLevelFatTree.of(8).build());
    }

    @Test
    void impossibleTreesAreRefusedWithAReason() {
        assertThatThrownBy(() -> new TwoLevelFatTree(8, 4, 3, 4, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fat2: a leaf needs 4 + 3*2 ports, more than radix 8");
        assertThatThrownBy(() -> new TwoLevelFatTree(8, 9, 4, 4, 1)).hasMessage(
                "fat2: a spine needs 9*1 ports, more than radix 8");
        assertThatThrownBy(() -> ThreeLevelFatTree.of(36, 37)).hasMessage(
                "fat3: a core needs 37*1 ports, more than radix 36");
        assertThatThrownBy(() -> new ThreeLevelFatTree(8, 2, 4, 4, 4, 8)).hasMessage(
                "fat3: a leaf with 8 hosts has no port left for 4 mids");
    }
}
