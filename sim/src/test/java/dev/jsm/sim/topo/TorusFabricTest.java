package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TorusFabricTest {

    private static final Pattern SWITCH = Pattern.compile("sw-x(\\d+)-y(\\d+)(?:-z(\\d+))?");

    @Test
    void everyTorusPortReachesTheRightNeighbourOnTheOppositePort() {
        int[] dims = {4, 3, 5};
        int links = 2;
        Topology t = TorusFabric.torus(links, 2, dims).build();

        assertThat(TopologyStats.of(t).switches()).isEqualTo(60);
        assertThat(TopologyStats.of(t).interSwitchLinks()).isEqualTo(60 * 3 * links);
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() != NodeKind.SWITCH) {
                continue;
            }
            int[] c = coords(t.node(n).name());
            assertThat(t.node(n).numPorts()).isEqualTo(14);
            for (int d = 0; d < 3; d++) {
                for (int l = 0; l < links; l++) {
                    int plus = 2 * links * d + l + 1;
                    int[] expected = c.clone();
                    expected[d] = (c[d] + 1) % dims[d];
                    assertThat(coords(t.node(t.peerNode(n, plus)).name())).isEqualTo(expected);
                    assertThat(t.peerPort(n, plus)).isEqualTo(plus + links);
                    int minus = plus + links;
                    expected[d] = (c[d] + dims[d] - 1) % dims[d];
                    assertThat(coords(t.node(t.peerNode(n, minus)).name())).isEqualTo(expected);
                }
            }
            assertThat(t.node(t.peerNode(n, 13)).name()).isEqualTo("h-" + t.node(n).name().substring(3) + "-0");
            assertThat(t.node(t.peerNode(n, 14)).name()).endsWith("-1");
        }
        assertThat(TopoFixtures.connected(t)).isTrue();
    }

    @Test
    void aMeshLeavesItsOuterPortsUnused() {
        Topology t = TorusFabric.mesh(1, 2, 5, 5).build();

        assertThat(TopologyStats.of(t).interSwitchLinks()).isEqualTo(40);
        int corner = t.indexOfName("sw-x4-y4");
        assertThat(t.node(corner).numPorts()).isEqualTo(6);
        assertThat(t.peerNode(corner, 1)).isEqualTo(-1);
        assertThat(t.peerNode(corner, 3)).isEqualTo(-1);
        assertThat(t.node(t.peerNode(corner, 2)).name()).isEqualTo("sw-x3-y4");
        assertThat(t.node(t.peerNode(corner, 4)).name()).isEqualTo("sw-x4-y3");
    }

    @Test
    void aRadixTwoRingHasTwoCablesBetweenItsSwitches() {
        Topology t = TorusFabric.torus(1, 0, 2).build();

        assertThat(t.links()).hasSize(2);
        assertThat(t.peerNode(0, 1)).isEqualTo(1);
        assertThat(t.peerPort(0, 1)).isEqualTo(2);
        assertThat(t.peerNode(0, 2)).isEqualTo(1);
        assertThat(t.peerPort(0, 2)).isEqualTo(1);
    }

    @Test
    void switchGuidsFollowPosition() {
        Topology t = TorusFabric.torus(1, 1, 6, 5).build();

        int sw = t.indexOfName("sw-x2-y3");
        assertThat(t.node(sw).nodeGuid()).isEqualTo(0x0002c90100000000L + 0x10L * (2 + 6 * 3));
        assertThat(t.node(t.indexOfName("h-x2-y3-0")).nodeGuid()).isEqualTo(0x0002c90200000000L + 0x10L * 20);
    }

    @Test
    void badSizesAreRefused() {
        assertThatThrownBy(() -> TorusFabric.torus(1, 1, 6, 1)).hasMessage(
                "torus: each dimension must be at least 2, not 1");
        assertThatThrownBy(() -> TorusFabric.mesh(1, 1, 2, 2, 2, 2)).hasMessage("mesh: 1 to 3 dimensions, not 4");
        assertThatThrownBy(() -> TorusFabric.torus(40, 30, 4, 4, 4)).hasMessage(
                "torus: a switch would need more than 254 ports");
    }

    private static int[] coords(String name) {
        Matcher m = SWITCH.matcher(name);
        assertThat(m.matches()).as(name).isTrue();
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
            m.group(3) == null ? 0 : Integer.parseInt(m.group(3))};
    }
}
