package dev.jsm.routing.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Subnet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopologyModelTest {

    @Test
    void everyNodeCableAndEndPortIsModelledWithAlignedDistinctLids() {
        Topology t = TopologyShapes.parse("fat2:k=4");
        Subnet s = TopologyModel.subnet(t, 2);

        assertThat(s.nodeCount()).isEqualTo(t.nodeCount());
        assertThat(s.linkCount()).isEqualTo(t.links().size());
        Set<Integer> used = new HashSet<>();
        for (EndPort e : s.endPorts()) {
            assertThat(e.hasLids()).as("%s has LIDs", e).isTrue();
            int base = e.lidRange().base();
            if (e.node().isSwitch()) {
                assertThat(e.lidRange().count()).isEqualTo(1);
            } else {
                assertThat(base % 4).as("base LID of %s aligned to 2^lmc", e).isZero();
                assertThat(e.lidRange().count()).isEqualTo(4);
            }
            for (int l = base; l < base + e.lidRange().count(); l++) {
                assertThat(used.add(l)).as("LID %d given once", l).isTrue();
            }
        }
        assertThat(s.isIndexed()).isTrue();
    }

    @Test
    void aFabricNeedingMoreLidsThanExistIsRefused() {
        Topology t = TopologyShapes.parse("fat2:k=36");

        assertThatThrownBy(() -> TopologyModel.subnet(t, 7))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than 49151 unicast LIDs");
    }

    @Test
    void lmcOutsideItsRangeIsRefused() {
        assertThatThrownBy(() -> TopologyModel.subnet(TopologyShapes.parse("fat2:k=4"), 8))
                .hasMessageContaining("LMC must be 0..7");
    }
}
