package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopologyComparisonTest {

    @Test
    void nodeOrderAndNamesDoNotMatterButGuidsAndCablesDo() throws Exception {
        Topology a = TopologyReader.parse("""
                caguid=0x10
                Ca 1 "a"
                [1] "s"[2]
                switchguid=0x20
                Switch 4 "s"
                """, "a.net");
        Topology renamedAndReordered = TopologyReader.parse("""
                switchguid=0x20
                Switch 4 "S-20"
                [2] "H-10"[1]
                caguid=0x10
                Ca 1 "H-10"
                """, "b.net");
        Topology recabled = TopologyReader.parse("""
                caguid=0x10
                Ca 1 "a"
                [1] "s"[3]
                switchguid=0x20
                Switch 4 "s"
                """, "c.net");

        assertThat(TopologyComparison.sameFabric(a, renamedAndReordered)).isTrue();
        assertThat(a).isNotEqualTo(renamedAndReordered);
        assertThat(TopologyComparison.differences(a, recabled, 10)).containsExactly(
                "0x0000000000000010 (\"a\")[1]: cabled to 0x0000000000000020 (\"s\")[2] in the first, to "
                        + "0x0000000000000020 (\"s\")[3] in the second",
                "0x0000000000000020 (\"s\")[2]: cabled to 0x0000000000000010 (\"a\")[1] in the first, to nothing "
                        + "in the second",
                "0x0000000000000020 (\"s\")[3]: cabled to nothing in the first, to 0x0000000000000010 (\"a\")[1] "
                        + "in the second");
    }

    @Test
    void reportsNodesOnOneSideAndAttributeDifferences() throws Exception {
        Topology a = TopologyReader.parse("caguid=0x10\nCa 1 \"a\"\nswitchguid=0x20\nSwitch 4 \"s\"\n", "a.net");
        Topology b = TopologyReader.parse("caguid=0x10\nCa 2 \"a\"\nswitchguid=0x30\nSwitch 4 \"s\"\n", "b.net");

        assertThat(TopologyComparison.differences(a, b, 10)).containsExactly(
                "0x0000000000000010 (\"a\"): CA with 1 ports in the first, CA with 2 ports in the second",
                "0x0000000000000020 (\"s\") is only in the first",
                "0x0000000000000030 (\"s\") is only in the second");
        assertThat(TopologyComparison.differences(a, b, 1)).hasSize(1);
    }

    @Test
    void topologyEqualityIgnoresTheOrderLinksWereAdded() {
        Topology.Builder x = Topology.builder();
        Topology.Builder y = Topology.builder();
        for (Topology.Builder b : new Topology.Builder[] {x, y}) {
            b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "s", 1, 4));
            b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "h", 0x10, 2));
        }
        x.link(0, 1, 1, 1).link(0, 2, 1, 2);
        y.link(1, 2, 0, 2).link(0, 1, 1, 1);

        assertThat(x.build()).isEqualTo(y.build()).hasSameHashCodeAs(y.build());
    }
}
