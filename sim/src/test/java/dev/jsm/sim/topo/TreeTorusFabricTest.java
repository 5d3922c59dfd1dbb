package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The tree-and-torus generator: what {@code fabrics/tree-torus.net} holds, its bridges and its GUID families. */
class TreeTorusFabricTest {

    private static final String SHAPE = "tree-torus:k=8,pods=4,leaves=4,mids=4,cores=4,hosts=4,dims=4x4x4,bridges=4";

    @Test
    void theRepositorysFileIsTheShape() throws Exception {
        Topology generated = TopologyShapes.parse(SHAPE);
        assertThat(TopologyReader.read(Path.of("..", "fabrics", "tree-torus.net"))).isEqualTo(generated);
        TopologyStats stats = TopologyStats.of(generated);
        assertThat(stats.headerLine()).isEqualTo("switches=112 hosts=128 inter_switch_links=324 total_ports=1204");
    }

    @Test
    void bridgesJoinTheTreesCoresToTheTorusAndEachPartKeepsItsGuidFamily() {
        Topology t = TopologyShapes.parse(SHAPE);
        int bridges = 0;
        for (TopoLink l : t.links()) {
            String a = t.node(l.nodeA()).name();
            String b = t.node(l.nodeB()).name();
            if (a.startsWith("core-") != b.startsWith("core-") && (a.startsWith("t-sw") || b.startsWith("t-sw"))) {
                bridges++;
            }
        }
        assertThat(bridges).isEqualTo(4);
        for (TopoNode n : t.nodes()) {
            long family = n.nodeGuid() >>> 32;
            boolean torus = n.name().startsWith("t-");
            boolean sw = n.kind() == NodeKind.SWITCH;
            assertThat(family).as(n.name()).isEqualTo(torus ? (sw ? 0x0002c903L : 0x0002c904L)
                    : (sw ? 0x0002c901L : 0x0002c902L));
        }
        assertThat(t.node(0).kind()).isEqualTo(NodeKind.CA);
        assertThat(new TreeTorusFabric(ThreeLevelFatTree.of(8, 4), TorusFabric.torus(1, 1, 4, 4, 4), 4).shape())
                .isEqualTo("tree-torus:radix=8,pods=4,leaves=4,mids=4,cores=4,hosts=4,dims=4x4x4,torus-links=1,"
                        + "torus-hosts=1,bridges=4");
    }

    @Test
    void theShapeStringRoundTripsAndBadBridgesFail() {
        TreeTorusFabric f = new TreeTorusFabric(ThreeLevelFatTree.of(8, 4), TorusFabric.mesh(1, 2, 3, 3), 2);
        assertThat(TopologyShapes.parse(f.shape())).isEqualTo(f.build());
        assertThatThrownBy(() -> TopologyShapes.parse("tree-torus:k=8,pods=4,dims=4x4,bridges=99"))
                .hasMessageContaining("bridges must be 1..16");
        assertThatThrownBy(() -> TopologyShapes.parse("tree-torus:k=8,dims=4x4"))
                .hasMessageContaining("no spare port");
    }
}
