package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.sim.SimFabric;
import org.junit.jupiter.api.Test;

/** Twins: a node with another's GUIDs, the rest of the fabric unchanged, and the simulator answering with them. */
class DuplicateGuidsTest {

    @Test
    void theTwinTakesTheGuidsAndKeepsItsNameAndCables() {
        Topology t = TopologyShapes.parse("fat2:k=4");
        int a = 0;
        int b = firstOtherOfKind(t, a);
        Topology twins = DuplicateGuids.cloneGuids(t, a, b);
        assertThat(twins.node(b).nodeGuid()).isEqualTo(t.node(a).nodeGuid());
        assertThat(twins.node(b).portGuids()).isEqualTo(t.node(a).portGuids());
        assertThat(twins.node(b).name()).isEqualTo(t.node(b).name());
        assertThat(twins.links()).isEqualTo(t.links());
        assertThat(twins.node(a)).isEqualTo(t.node(a));
        assertThatThrownBy(() -> DuplicateGuids.cloneGuids(t, a, a)).isInstanceOf(IllegalArgumentException.class);
        Topology ports = DuplicateGuids.clonePortGuids(t, a, b);
        assertThat(ports.node(b).nodeGuid()).isEqualTo(t.node(b).nodeGuid());
        assertThat(ports.node(b).portGuids()).isEqualTo(t.node(a).portGuids());
    }

    @Test
    void backToBackTwinsAnswerNodeInfoAlike() {
        Topology t = DuplicateGuids.backToBackTwins(2);
        assertThat(t.peerNode(0, 1)).isEqualTo(1);
        assertThat(t.peerPort(0, 1)).isEqualTo(1);
        try (SimFabric f = new SimFabric(t)) {
            assertThat(t.node(0).nodeGuid()).isEqualTo(t.node(1).nodeGuid());
            assertThat(t.node(0).portGuid(1)).isEqualTo(t.node(1).portGuid(1));
            assertThat(f.topology().nodeCount()).isEqualTo(2);
        }
    }

    private static int firstOtherOfKind(Topology t, int a) {
        for (int i = 0; i < t.nodeCount(); i++) {
            if (i != a && t.node(i).kind() == t.node(a).kind() && t.node(i).numPorts() == t.node(a).numPorts()) {
                return i;
            }
        }
        throw new AssertionError("no twin candidate");
    }
}
