package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Virtual ports in topologies: the spec, the shape keys, the {@code # jsm-virt} lines of net files. */
class VPortTopologyTest {

    private static final String TWO_HOSTS = """
            Switch 4 "sw"
            [1] "hca-1"[1]
            [2] "hca-2"[1]

            Hca 1 "hca-1"
            [1] "sw"[1]

            Hca 1 "hca-2"
            [1] "sw"[2]
            """;

    @Test
    void specSaysWhichVPortsNeedTheirOwnLid() {
        VPortSpec half = new VPortSpec(4, VPortSpec.Lids.HALF);
        assertThat(half.needsOwnLid(0)).isFalse();
        assertThat(half.needsOwnLid(1)).isTrue();
        assertThat(half.needsOwnLid(2)).isFalse();
        assertThat(half.needsOwnLid(3)).isTrue();
        assertThat(new VPortSpec(2, VPortSpec.Lids.ALL).needsOwnLid(2)).isTrue();
        assertThat(new VPortSpec(2, VPortSpec.Lids.NONE).needsOwnLid(1)).isFalse();
        assertThat(new VPortSpec(2, VPortSpec.Lids.ALL).needsOwnLid(0)).isFalse();
        assertThatThrownBy(() -> new VPortSpec(256, VPortSpec.Lids.ALL)).hasMessage("vports 256 outside 0..255");
    }

    @Test
    void guidsAreDerivedFromThePortGuid() {
        assertThat(VPortSpec.vportGuid(0x0002c90200000011L, 0)).isEqualTo(0x0002c90200000011L);
        assertThat(VPortSpec.vportGuid(0x0002c90200000011L, 3)).isEqualTo(0x8003c90200000011L);
        assertThat(VPortSpec.vnodeGuid(0x0002c90200000011L, 3)).isEqualTo(0x4003c90200000011L);
    }

    @Test
    void shapeKeysGiveEveryCaTheSameVPorts() {
        Topology t = TopologyShapes.parse("fat2:k=8,leaves=4,spines=2,hosts=4,vports=4,vport-lids=half");
        Topology plain = TopologyShapes.parse("fat2:k=8,leaves=4,spines=2,hosts=4");
        assertThat(t).isNotEqualTo(plain);
        assertThat(t).isEqualTo(plain.withVPorts(new VPortSpec(4, VPortSpec.Lids.HALF)));
        for (int n = 0; n < t.nodeCount(); n++) {
            Optional<VPortSpec> v = t.vports(n);
            assertThat(v.isPresent()).as(t.node(n).toString()).isEqualTo(t.node(n).kind() == NodeKind.CA);
        }
        Topology two = TopologyShapes.parse("fat2:k=4,vports=2");
        assertThat(two.vports(first(two, NodeKind.CA)).orElseThrow().lids()).isEqualTo(VPortSpec.Lids.ALL);
        Topology none = TopologyShapes.parse("fat2:k=4,vports=0");
        assertThat(none.vports(first(none, NodeKind.CA))).contains(new VPortSpec(0, VPortSpec.Lids.ALL));
        assertThat(plain.hasVPorts()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fat2:k=4,vports=300|shape 'fat2:k=4,vports=300': vports 300 outside 0..255",
        "fat2:k=4,vports=2,vport-lids=some|shape 'fat2:k=4,vports=2,vport-lids=some': expected vport-lids all, half"
            + " or none, found 'some'",
        "fat2:k=4,vport-lids=all|shape 'fat2:k=4,vport-lids=all': vport-lids needs vports",
        "fat2:k=4,vports=x|shape 'fat2:k=4,vports=x': expected an integer for 'vports', found 'x'"})
    void malformedShapesAreRefused(String shape, String message) {
        assertThatThrownBy(() -> TopologyShapes.parse(shape)).hasMessage(message);
    }

    @Test
    void netFileLinesForEveryCaAndForOne() throws Exception {
        Topology t = TopologyReader.parse("# jsm-virt vports=2 vport-lids=none\n"
                + "#jsm-virt \"hca-2\" vports=4\n" + TWO_HOSTS, "v.net");
        assertThat(t.vports(t.indexOfName("hca-1"))).contains(new VPortSpec(2, VPortSpec.Lids.NONE));
        assertThat(t.vports(t.indexOfName("hca-2"))).contains(new VPortSpec(4, VPortSpec.Lids.ALL));
        assertThat(t.vports(t.indexOfName("sw"))).isEmpty();
        Topology onlyOne = TopologyReader.parse(TWO_HOSTS + "# jsm-virt \"hca-1\" vports=1 vport-lids=half\n",
                "v.net");
        assertThat(onlyOne.vports(onlyOne.indexOfName("hca-1"))).contains(new VPortSpec(1, VPortSpec.Lids.HALF));
        assertThat(onlyOne.vports(onlyOne.indexOfName("hca-2"))).isEmpty();
        assertThat(TopologyReader.parse("# jsm-virtual is just a comment\n" + TWO_HOSTS, "v.net").hasVPorts())
                .isFalse();
    }

    @Test
    void writerWritesTheLinesBackSoReadingGivesAnEqualFabric() throws Exception {
        Topology all = TopologyShapes.parse("fat2:k=4,vports=3,vport-lids=half");
        String text = TopologyWriter.toText(all, "generated");
        assertThat(text).startsWith("# generated\n\n# jsm-virt vports=3 vport-lids=half\n\n");
        assertThat(TopologyReader.parse(text, "w.net")).isEqualTo(all);

        Topology some = TopologyReader.parse(TWO_HOSTS, "v.net").withVPorts(1, new VPortSpec(2, VPortSpec.Lids.ALL));
        String someText = TopologyWriter.toText(some);
        assertThat(someText).contains("# jsm-virt \"hca-1\" vports=2 vport-lids=all\ncaguid=");
        assertThat(someText).doesNotContain("\"hca-2\" vports");
        assertThat(TopologyReader.parse(someText, "w.net")).isEqualTo(some);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
        "# jsm-virt vport-lids=all => v.net:1: expected vports=N in a '# jsm-virt' line, found none",
        "# jsm-virt vports=2 lids=all => v.net:1: expected vports=N or vport-lids=all|half|none in a '# jsm-virt' line,"
            + " found 'lids=all'",
        "# jsm-virt vports=999 => v.net:1: expected vports=0..255, found vports=999",
        "# jsm-virt vports=2 vport-lids=odd => v.net:1: expected vport-lids all, half or none, found 'odd'",
        "# jsm-virt \"sw\" vports=2 => v.net:1: expected the name of a CA defined in the file after '# jsm-virt',"
            + " found \"sw\"",
        "# jsm-virt \"nosuch\" vports=2 => v.net:1: expected the name of a CA defined in the file after '# jsm-virt',"
            + " found \"nosuch\"",
        "# jsm-virt \"hca-1 vports=2 => v.net:1: expected a quoted CA name after '# jsm-virt', found \"hca-1 vports=2"})
    void malformedLinesNameFileAndLine(String line, String message) {
        assertThatThrownBy(() -> TopologyReader.parse(line + "\n" + TWO_HOSTS, "v.net")).hasMessage(message);
    }

    @Test
    void aSecondLineForTheSameCasIsRefused() {
        assertThatThrownBy(() -> TopologyReader.parse("# jsm-virt vports=1\n# jsm-virt vports=2\n" + TWO_HOSTS,
                "v.net")).hasMessage("v.net:2: expected one '# jsm-virt' line for every CA, found a second (first at"
                + " line 1)");
    }

    @Test
    void virtualGuidsThatCollideAreRefused() {
        Topology.Builder b = Topology.builder();
        b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "a", 0x1000, 1));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "b", 0x8001000000001001L, 1));
        Topology t = b.build();
        assertThatThrownBy(() -> t.withVPorts(new VPortSpec(1, VPortSpec.Lids.ALL)))
                .hasMessageContaining("virtual GUID 0x8001000000001001 of vport 1 is already a GUID of the fabric");
        assertThat(t.withVPorts(0, new VPortSpec(0, VPortSpec.Lids.ALL)).vports(0)).isPresent();
        Topology fat = TopologyShapes.parse("fat2:k=4");
        assertThatThrownBy(() -> fat.withVPorts(first(fat, NodeKind.SWITCH), new VPortSpec(1, VPortSpec.Lids.ALL)))
                .hasMessageContaining("only CAs have virtual ports");
    }

    private static int first(Topology t, NodeKind kind) {
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == kind) {
                return n;
            }
        }
        throw new AssertionError("no " + kind);
    }
}
