package dev.jsm.subnet.snapshot;

import static dev.jsm.subnet.TestFabric.SW_A;
import static dev.jsm.subnet.TestFabric.SW_B;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.TestFabric;
import org.junit.jupiter.api.Test;

class SwitchGraphTest {

    @Test
    void oneLinkBetweenTwoSwitches() {
        SwitchGraph g = SubnetSnapshot.of(TestFabric.twoSwitchesFourCas()).switchGraph();

        assertThat(g.switchCount()).isEqualTo(2);
        assertThat(g.switchGuid(0)).isEqualTo(SW_B);
        assertThat(g.switchGuid(1)).isEqualTo(SW_A);
        assertThat(g.edgeCount()).isEqualTo(2);
        assertThat(g.linkStart(0)).isZero();
        assertThat(g.linkStart(1)).isEqualTo(1);
        assertThat(g.linkStart(2)).isEqualTo(2);
        assertThat(g.peerSwitch(0)).isEqualTo(1);
        assertThat(g.localPort(0)).isEqualTo(1);
        assertThat(g.peerPort(0)).isEqualTo(1);
        assertThat(g.peerSwitch(1)).isZero();
    }

    @Test
    void parallelLinksAreSeparateEdgesInLocalPortOrder() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node a = s.node(SW_A);
        Node b = s.node(SW_B);
        s.connect(a.port(8), b.port(2));
        s.connect(b.port(7), a.port(5));
        Node c = TestFabric.addSwitch(s, 0x0002c90000000300L, 36);
        s.connect(c.port(36), a.port(2));
        SwitchGraph g = SubnetSnapshot.of(s).switchGraph();

        // switch 0 = B: ports 1 (A[1]), 2 (A[8]), 7 (A[5]); switch 1 = A: ports 1, 2 (C[36]), 5, 8; switch 2 = C
        assertThat(g.switchCount()).isEqualTo(3);
        assertThat(g.degree(0)).isEqualTo(3);
        assertThat(g.degree(1)).isEqualTo(4);
        assertThat(g.degree(2)).isEqualTo(1);
        assertThat(g.edgeCount()).isEqualTo(8);
        assertThat(edges(g, 0)).containsExactly("1->1:1", "2->1:8", "7->1:5");
        assertThat(edges(g, 1)).containsExactly("1->0:1", "2->2:36", "5->0:7", "8->0:2");
        assertThat(edges(g, 2)).containsExactly("36->1:2");

        for (int sw = 0; sw < g.switchCount(); sw++) {
            for (int e = g.linkStart(sw); e < g.linkStart(sw + 1); e++) {
                assertThat(hasReverse(g, sw, e)).as("reverse of edge %d", e).isTrue();
            }
        }
    }

    @Test
    void switchesWithoutSwitchLinksHaveNoEdges() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.disconnect(s.node(SW_A).port(1));
        SwitchGraph g = SubnetSnapshot.of(s).switchGraph();
        assertThat(g.edgeCount()).isZero();
        assertThat(g.degree(0)).isZero();
        assertThat(g.degree(1)).isZero();
    }

    private static String[] edges(SwitchGraph g, int sw) {
        String[] out = new String[g.degree(sw)];
        for (int e = g.linkStart(sw); e < g.linkStart(sw + 1); e++) {
            out[e - g.linkStart(sw)] = g.localPort(e) + "->" + g.peerSwitch(e) + ":" + g.peerPort(e);
        }
        return out;
    }

    private static boolean hasReverse(SwitchGraph g, int sw, int e) {
        int peer = g.peerSwitch(e);
        for (int r = g.linkStart(peer); r < g.linkStart(peer + 1); r++) {
            if (g.peerSwitch(r) == sw && g.localPort(r) == g.peerPort(e) && g.peerPort(r) == g.localPort(e)) {
                return true;
            }
        }
        return false;
    }
}
