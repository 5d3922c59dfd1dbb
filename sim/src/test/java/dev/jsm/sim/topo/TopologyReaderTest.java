package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopologyReaderTest {

    @Test
    void readsIbsimNetFile() throws Exception {
        Topology t = TopoFixtures.resource("fat2-16.net");

        assertThat(TopologyStats.of(t).headerLine())
                .isEqualTo("switches=6 hosts=16 inter_switch_links=16 total_ports=86");
        TopoNode first = t.node(0);
        assertThat(first.name()).isEqualTo("host-0-0");
        assertThat(first.kind()).isEqualTo(NodeKind.CA);
        assertThat(first.nodeGuid()).isEqualTo(0x0002c90200000000L);
        assertThat(first.portGuid(1)).isEqualTo(0x0002c90200000001L);
        assertThat(first.description()).isEqualTo("host-0-0");
        int leaf0 = t.indexOfName("leaf-0");
        assertThat(t.peerNode(0, 1)).isEqualTo(leaf0);
        assertThat(t.peerPort(0, 1)).isEqualTo(1);
        assertThat(t.node(leaf0).portGuid(5)).isEqualTo(0x0002c90100000000L);
        int spine0 = t.indexOfName("spine-0");
        assertThat(t.peerNode(leaf0, 6)).isEqualTo(spine0);
        assertThat(t.peerPort(leaf0, 6)).isEqualTo(2);
    }

    @Test
    void ibnetdiscoverOutputDescribesTheFabricItWasTakenFrom() throws Exception {
        Topology net = TopoFixtures.resource("fat2-16.net");
        Topology discovered = TopoFixtures.resource("fat2-16.ibnetdiscover");

        assertThat(TopologyComparison.differences(net, discovered, 10)).isEmpty();
        int leaf3 = discovered.indexOfName("S-0002c90100000030");
        assertThat(leaf3).isZero();
        TopoNode sw = discovered.node(leaf3);
        assertThat(sw.description()).isEqualTo("leaf-3");
        assertThat(sw.portGuid(0)).isEqualTo(0x0002c90100000030L);
        TopoNode host = discovered.node(discovered.indexOfGuid(0x0002c902000000c0L));
        assertThat(host.name()).isEqualTo("H-0002c902000000c0");
        assertThat(host.description()).isEqualTo("host-3-0");
        assertThat(host.portGuid(1)).isEqualTo(0x0002c902000000c1L);
        for (TopoNode n : discovered.nodes()) {
            assertThat(n.description()).isEqualTo(net.node(net.indexOfGuid(n.nodeGuid())).name());
        }
    }

    @Test
    void guidsDefaultToIbsimsRunningCounters() throws Exception {
        Topology t = TopologyReader.parse("""
                Switch 8 "s1"
                [1] "h1"[1]
                [2] "h2"[2]

                Hca 2 "h1"

                Switch 4 "s2"
                Hca 2 "h2"
                Rt 1 "r1"
                Rt 2 "r2"
                caguid=0x1000
                Ca 2 "c1"
                Ca 1 "c2"
                caguid+0x20
                Ca 1 "c3"
                switchguid=0x5000(0x5001)
                Switch 4 "s3"
                Switch 4 "s4"
                """, "t.net");

        assertThat(guid(t, "s1")).isEqualTo(0x200000L);
        assertThat(t.node(t.indexOfName("s1")).portGuid(3)).isEqualTo(0x200000L);
        assertThat(guid(t, "s2")).isEqualTo(0x200001L);
        assertThat(guid(t, "h1")).isEqualTo(0x100000L);
        assertThat(t.node(t.indexOfName("h1")).portGuid(2)).isEqualTo(0x100002L);
        assertThat(guid(t, "h2")).isEqualTo(0x100003L);
        assertThat(guid(t, "r1")).isEqualTo(0L);
        assertThat(guid(t, "r2")).isEqualTo(2L);
        assertThat(guid(t, "c1")).isEqualTo(0x1000L);
        assertThat(guid(t, "c2")).isEqualTo(0x1003L);
        assertThat(guid(t, "c3")).isEqualTo(0x1020L);
        assertThat(guid(t, "s3")).isEqualTo(0x5000L);
        assertThat(t.node(t.indexOfName("s3")).portGuid(1)).isEqualTo(0x5001L);
        assertThat(guid(t, "s4")).isEqualTo(0x5001L);
        assertThat(t.node(t.indexOfName("s4")).portGuid(1)).isEqualTo(0x5001L);
        assertThat(t.node(t.indexOfName("s1")).systemImageGuid()).isEqualTo(0x200000L);
    }

    @Test
    void sysimgguidAndVendidApplyToTheNextNodeOnlyWhileDevidSticks() throws Exception {
        Topology t = TopologyReader.parse("""
                vendid=0x2c9
                devid=0xc738
                sysimgguid=0x1234
                switchguid=0x10
                Switch 4 "a"

                switchguid=0x20
                Switch 4 "b"
                """, "t.net");

        TopoNode a = t.node(0);
        TopoNode b = t.node(1);
        assertThat(a.vendorId()).isEqualTo(0x2c9);
        assertThat(a.deviceId()).isEqualTo(0xc738);
        assertThat(a.systemImageGuid()).isEqualTo(0x1234L);
        assertThat(b.vendorId()).isZero();
        assertThat(b.deviceId()).isEqualTo(0xc738);
        assertThat(b.systemImageGuid()).isEqualTo(0x20L);
    }

    /** Numbers are 0x hex or decimal as ibsim reads them, a leading 0 being decimal (never octal). */
    @Test
    void aLeadingZeroIsDecimal() throws Exception {
        Topology t = TopologyReader.parse("""
                caguid=010
                Ca 02 "c"
                [02] "s"[003]
                switchguid=0X00FF
                Switch 04 "s"
                """, "t.net");

        int c = t.indexOfName("c");
        assertThat(guid(t, "c")).isEqualTo(10L);
        assertThat(t.node(c).numPorts()).isEqualTo(2);
        assertThat(t.peerNode(c, 2)).isEqualTo(t.indexOfName("s"));
        assertThat(t.peerPort(c, 2)).isEqualTo(3);
        assertThat(guid(t, "s")).isEqualTo(0xffL);
    }

    @Test
    void aCableMayBeGivenOnOneSideAndThePeerPortDefaultsToOne() throws Exception {
        Topology t = TopologyReader.parse("""
                Switch 4 "s"
                [2] "h"
                [3] "h2"[2]
                Hca 1 "h"
                Hca 2 "h2"
                [2] "s"[3]
                """, "t.net");

        int s = t.indexOfName("s");
        assertThat(t.peerNode(s, 2)).isEqualTo(t.indexOfName("h"));
        assertThat(t.peerPort(s, 2)).isEqualTo(1);
        assertThat(t.links()).hasSize(2);
    }

    @Test
    void acceptsCommentsPortOptionsDescriptionsAndIbnetdiscoverDecorations() throws Exception {
        Topology t = TopologyReader.parse("""
                # a comment
                width=4
                speed=1
                extspeed=0
                Chassis 1 (guid 0x1)
                Hostname: box
                switchguid=0x10(10)\t\t# Chassis 1
                Switch\t36 "S-10"\t\t# "spine 1 #a" enhanced port 0 lid 3 lmc 0
                # a comment inside the record
                [1][ext 1]\t"H-20"[1](21) \t\t# "host a" lid 4 4xQDR s=4 w=2 v=4
                [2] "H-20"[2] w=12 s=2 e=0
                caguid=0x20
                Ca\t2 "H-20"\t\t# mlx5_0 lid 4 lmc 0
                [1](21) \t"S-10"[1]\t\t# lid 4 lmc 0 "spine" lid 3 4xQDR
                """.replace("\n", "\r\n"), "t.net");

        TopoNode sw = t.node(0);
        assertThat(sw.description()).isEqualTo("spine 1 #a");
        assertThat(t.node(1).description()).isEqualTo("mlx5_0");
        assertThat(t.links()).hasSize(2);
        assertThat(t.peerPort(0, 2)).isEqualTo(2);
    }

    @Test
    void aPortGuidOnACaPortLineOverridesTheDefault() throws Exception {
        Topology t = TopologyReader.parse("""
                caguid=0x100
                Ca 2 "c"
                [2](0x999) "s"[1]
                Switch 4 "s"
                [1] "c"[2](999)
                """, "t.net");

        assertThat(t.node(0).portGuid(1)).isEqualTo(0x101L);
        assertThat(t.node(0).portGuid(2)).isEqualTo(0x999L);
    }

    private static long guid(Topology t, String name) {
        return t.node(t.indexOfName(name)).nodeGuid();
    }
}
