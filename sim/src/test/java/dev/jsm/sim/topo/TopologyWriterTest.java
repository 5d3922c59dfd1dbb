package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TopologyWriterTest {

    @Test
    void writesTheExampleFabricsFormatExactly() throws Exception {
        String expected = TopoFixtures.resourceText("fat2-16.net");
        String[] header = expected.lines().limit(2).map(l -> l.substring(2)).toArray(String[]::new);

        String written = TopologyWriter.toText(new TwoLevelFatTree(8, 4, 2, 4, 2).build(), header);

        assertThat(written).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat2:k=8,leaves=4,spines=2,hosts=4", "fat2:k=12", "fat3:k=8", "fat3:k=12,pods=3",
        "torus:dims=3x4x2,links=2,hosts=2", "torus:dims=2x2", "mesh:dims=5x5,hosts=0", "hypercube:dim=4,hosts=3",
        "random:switches=30,radix=12,degree=5,hosts=3,seed=9", "fat2:k=16,remove-switches=2,remove-links=5"})
    void generatedFabricsSurviveARoundTrip(String shape) throws Exception {
        Topology t = TopologyShapes.parse(shape);

        Topology back = TopologyReader.parse(TopologyWriter.toText(t, "round trip of " + shape), shape);

        assertThat(back).isEqualTo(t);
    }

    @Test
    void ibnetdiscoverNamesDescriptionsAndSystemGuidsSurviveARoundTrip() throws Exception {
        Topology t = TopoFixtures.resource("fat2-16.ibnetdiscover");

        String text = TopologyWriter.toText(t);

        assertThat(text).contains("Switch 8 \"S-0002c90100000030\"\t# \"leaf-3\"\n");
        assertThat(TopologyReader.parse(text, "x.net")).isEqualTo(t);
    }

    @Test
    void nonDefaultAttributesAreWrittenSoTheyReadBackEqual() throws Exception {
        Topology.Builder b = Topology.builder();
        long[] swGuids = {0x51L, 0, 0, 0};
        int sw = b.addNode(new TopoNode(NodeKind.SWITCH, "sw", 0x50L, 0x7777L, 3, swGuids, 0x2c9, 0xc738, "Big SW"));
        int ca = b.addNode(new TopoNode(NodeKind.CA, "ca", 0x100L, 0x100L, 2, new long[] {0, 0x101L, 0x999L}, 0x2c9,
                0, "mlx5_0"));
        int rt = b.addNode(TopoNode.withDefaultGuids(NodeKind.ROUTER, "rt", 0x300L, 1));
        b.link(sw, 1, ca, 2).link(sw, 3, rt, 1);
        Topology t = b.build();

        String text = TopologyWriter.toText(t);

        assertThat(text).contains("switchguid=0x0000000000000050(0x0000000000000051)\n",
                "[2](999) \"sw\"[1]\n", "devid=0x0\n", "rtguid=0x0000000000000300\nRt 1 \"rt\"\n");
        assertThat(TopologyReader.parse(text, "x.net")).isEqualTo(t);
    }

    @Test
    void writesToAFile(@TempDir Path dir) throws Exception {
        Topology t = new HypercubeFabric(3, 1).build();
        Path file = dir.resolve("cube.net");

        TopologyWriter.write(t, file, "a cube");

        assertThat(Files.readString(file)).startsWith("# a cube\n\ncaguid=0x0002c90200000000\nHca 1 \"h-000-0\"\n");
        assertThat(TopologyReader.read(file)).isEqualTo(t);
    }

    @Test
    void refusesWhatTheFormatCannotCarry() {
        Topology quoted = single(TopoNode.withDefaultGuids(NodeKind.SWITCH, "a\"b", 1, 4));
        assertThatThrownBy(() -> TopologyWriter.toText(quoted)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be written");

        Topology customUncabled = single(
                new TopoNode(NodeKind.CA, "c", 0x100L, 0x100L, 1, new long[] {0, 0x555L}, 0, 0));
        assertThatThrownBy(() -> TopologyWriter.toText(customUncabled)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-default GUID but no cable");
    }

    private static Topology single(TopoNode n) {
        Topology.Builder b = Topology.builder();
        b.addNode(n);
        return b.build();
    }
}
