package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Port widths, speeds and alias GUIDs in topologies: read from net files (jsm's {@code width=}/{@code speed=}, ibsim's
 * {@code w=}/{@code e=}, {@code # jsm-alias}), made by the shape keys {@code routers}, {@code speed}, {@code width} and
 * {@code host-speeds}, and written back so that they read back equal.
 */
class PortOptionsTopologyTest {

    @Test
    void netFileOptionsAndAliasLines() throws Exception {
        Topology t = TopologyReader.parse("""
                # jsm-alias "rt"[2] 0x0002c90300000001 0x0002c90300000002
                Switch 8 "sw"
                [1] "ca"[1] speed=ndr width=8x
                [2] "rt"[2] w=3 s=7 e=3

                Hca 1 "ca"
                [1] "sw"[1] speed=xdr
                Rt 2 "rt"
                [2] "sw"[2] speed=fdr10
                """, "options.net");

        int sw = t.indexOfName("sw");
        int rt = t.indexOfName("rt");
        assertThat(t.node(rt).kind()).isEqualTo(NodeKind.ROUTER);
        assertThat(t.portOptions().port(sw, 1)).isEqualTo(new PortOptions.Port(LinkWidth.X8, LinkSpeed.NDR,
                new long[0]));
        assertThat(t.portOptions().port(sw, 2).speed()).as("ibsim's e=3: EDR").isEqualTo(LinkSpeed.EDR);
        assertThat(t.portOptions().port(sw, 2).width()).as("ibsim's w=3: 4x").isEqualTo(LinkWidth.X4);
        assertThat(t.portOptions().port(t.indexOfName("ca"), 1).width()).isNull();
        assertThat(t.portOptions().port(rt, 2).aliasGuids()).containsExactly(0x0002c90300000001L, 0x0002c90300000002L);
        assertThat(t.portOptions().port(rt, 1)).as("no options").isEqualTo(new PortOptions.Port(null, null,
                new long[0]));
        assertThat(TopologyReader.parse(TopologyWriter.toText(t), "back.net")).isEqualTo(t);
    }

    @Test
    void routersAndMixedSpeedsFromAShape() throws Exception {
        Topology t = TopologyShapes.parse("fat2:k=8,leaves=4,spines=2,hosts=4,routers=2,router-aliases=3,speed=ndr,"
                + "width=4x,host-speeds=edr/hdr/ndr/xdr");

        int routers = 0;
        Map<LinkSpeed, Integer> hostLinks = new EnumMap<>(LinkSpeed.class);
        for (int n = 0; n < t.nodeCount(); n++) {
            TopoNode node = t.node(n);
            if (node.kind() == NodeKind.ROUTER) {
                routers++;
                assertThat(node.name()).startsWith("router-");
                long[] aliases = t.portOptions().port(n, 1).aliasGuids();
                assertThat(aliases).hasSize(3).contains(node.portGuid(1) + (1L << 32));
            }
            if (node.kind() != NodeKind.SWITCH) {
                LinkSpeed s = t.portOptions().port(n, 1).speed();
                hostLinks.merge(s, 1, Integer::sum);
                assertThat(t.portOptions().port(t.peerNode(n, 1), t.peerPort(n, 1)).speed()).as("both ends")
                        .isEqualTo(s);
            }
            for (int p = 1; p <= node.numPorts(); p++) {
                assertThat(t.portOptions().port(n, p).width()).isEqualTo(LinkWidth.X4);
            }
        }
        assertThat(routers).isEqualTo(2);
        assertThat(hostLinks).containsEntry(LinkSpeed.EDR, 4).containsEntry(LinkSpeed.HDR, 4)
                .containsEntry(LinkSpeed.NDR, 4).containsEntry(LinkSpeed.XDR, 4);
        int spine = t.indexOfName("spine-0");
        assertThat(t.portOptions().port(spine, 1).speed()).as("switch to switch").isEqualTo(LinkSpeed.NDR);
        assertThat(TopologyReader.parse(TopologyWriter.toText(t), "back.net")).isEqualTo(t);
    }

    @Test
    void badShapeValuesAreNamed() {
        assertThatThrownBy(() -> TopologyShapes.parse("fat2:k=8,speed=zdr"))
                .hasMessageContaining("expected a link speed").hasMessageContaining("'zdr'");
        assertThatThrownBy(() -> TopologyShapes.parse("fat2:k=4,hosts=1,leaves=1,routers=9"))
                .hasMessageContaining("routers=9 but the fabric has 1 hosts");
        assertThatThrownBy(() -> TopologyShapes.parse("fat2:k=8,width=3x")).hasMessageContaining("'3x'");
    }
}
