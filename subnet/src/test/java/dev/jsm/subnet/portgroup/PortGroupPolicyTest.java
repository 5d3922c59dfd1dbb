package dev.jsm.subnet.portgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.TestFabric;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The port group policy: NVIDIA's documented examples parse and select what the document says,
 * every rule and qualifier, the
 * predefined groups, and the failures, each with {@code file:line} and the qualifier's name.
 */
class PortGroupPolicyTest {

    /** NVIDIA's "Port Groups Policy Examples", one qualifier per line as a file holds them. */
    static final String SEED_EXAMPLE = """
            port-group
            name: grp3
            use: Subtract of groups grp1 and grp2
            subtract-rule: grp1, grp2
            end-port-group

            port-group
            name: grp1
            port-guid: 0x281, 0x282, 0x283
            end-port-group

            port-group
            name: grp2
            port-guid-range: 0x282-0x286
            port-name: hostname=server1 port=1
            end-port-group

            port-group
            name: grp4
            port-name: hostname=kika port=1 hca_idx=1
            end-port-group

            port-group
            name: grp3
            union-rule: grp3, grp4
            end-port-group
            """;

    /**
     * Switches 0x100 and 0x200 (8 ports, descriptions "SW-A", "SW-B"), cabled 0x100[1]-0x200[1]; CAs 0x281-0x289
     * (host281 ... host289 HCA-1, one port, on 0x100 ports 2-8 and 0x200 ports 2-3), and two-port CAs server1
     * (0x290, "server1 HCA-1"), kika (0x291, "kika HCA-1") and kika's second card (0x292, "kika HCA-2") on 0x200.
     * A CA's port GUID is its node GUID with bit 40 set.
     */
    static SubnetSnapshot fabric() {
        Subnet s = new Subnet();
        Node a = TestFabric.addSwitch(s, 0x100, 8);
        Node b = TestFabric.addSwitch(s, 0x200, 8);
        a.setDescription("SW-A");
        b.setDescription("SW-B");
        s.connect(a.port(1), b.port(1));
        int lid = 1;
        s.assignLids(s.endPort(0x100), LidRange.single(lid++));
        s.assignLids(s.endPort(0x200), LidRange.single(lid++));
        for (long g = 0x281; g <= 0x289; g++) {
            Node sw = g <= 0x287 ? a : b;
            int port = g <= 0x287 ? (int) (g - 0x281 + 2) : (int) (g - 0x288 + 2);
            lid = ca(s, g, "host" + Long.toHexString(g) + " HCA-1", 1, sw, port, lid);
        }
        lid = ca(s, 0x290, "server1 HCA-1", 2, b, 4, lid);
        lid = ca(s, 0x291, "kika HCA-1", 2, b, 6, lid);
        ca(s, 0x292, "kika HCA-2", 1, b, 8, lid);
        return SubnetSnapshot.of(s);
    }

    private static int ca(Subnet s, long guid, String description, int ports, Node sw, int swPort, int lid) {
        Node n = s.addNode(NodeKind.CA, guid, ports);
        n.setDescription(description);
        int next = lid;
        for (int p = 1; p <= ports; p++) {
            s.addPort(n, p, caPort(guid, p));
            if (swPort + p - 1 <= 8) {
                s.connect(n.port(p), sw.port(swPort + p - 1));
            }
            s.assignLids(s.endPort(caPort(guid, p)), LidRange.single(next++));
        }
        return next;
    }

    static long caPort(long nodeGuid, int port) {
        return nodeGuid | (1L << 40) | ((long) port << 32);
    }

    /** The ports of a group as {@code guid[port]} strings, sorted. */
    static TreeSet<String> ports(PortGroups groups, String name) {
        TreeSet<String> out = new TreeSet<>();
        for (PortView p : groups.get(name).ports()) {
            out.add(Long.toHexString(p.nodeGuid()) + "[" + p.portNum() + "]");
        }
        return out;
    }

    private static PortGroups resolve(String text) throws PolicyFileException {
        return PortGroupPolicy.parse("pg.conf", text).resolve(PortGroupFabric.of(fabric()));
    }

    @Test
    void theSeedsExampleParsesAndSelectsWhatItSays() throws PolicyFileException {
        PortGroupPolicy policy = PortGroupPolicy.parse("pg.conf", SEED_EXAMPLE);
        assertThat(policy.names()).containsExactly("grp3", "grp1", "grp2", "grp4");
        PortGroups g = policy.resolve(PortGroupFabric.of(fabric()));
        assertThat(ports(g, "grp1")).containsExactly("281[1]", "282[1]", "283[1]");
        assertThat(ports(g, "grp2")).containsExactly("282[1]", "283[1]", "284[1]", "285[1]", "286[1]",
                "290[1]");
        assertThat(ports(g, "grp4")).containsExactly("291[1]");
        // the first grp3 is grp1 - grp2 = 0x281; the second widens it by grp4
        assertThat(ports(g, "grp3")).containsExactly("281[1]", "291[1]");
        assertThat(policy.use("grp3")).isEmpty();
        assertThat(policy.use("grp1")).isEmpty();
    }

    @Test
    void portGuidListsPickPhysicalPorts() throws PolicyFileException {
        PortGroups g = resolve("""
                port-group
                name: a
                port-guid: 0x100@3
                port-guid: 0x200@1/5/7
                end-port-group
                port-group
                name: b
                port-guid: 0x100@2-5
                end-port-group
                port-group
                name: c
                port-guid: 0x100@2-3/5/6-7, 0x289
                end-port-group
                port-group
                name: whole
                port-guid: 0x200
                end-port-group
                """);
        assertThat(ports(g, "a")).containsExactly("100[3]", "200[1]", "200[5]", "200[7]");
        assertThat(ports(g, "b")).containsExactly("100[2]", "100[3]", "100[4]", "100[5]");
        assertThat(ports(g, "c")).containsExactly("100[2]", "100[3]", "100[5]", "100[6]", "100[7]", "289[1]");
        assertThat(ports(g, "whole")).hasSize(9).contains("200[0]", "200[8]");
    }

    @Test
    void theSeedsComplexGuidRuleParses() throws PolicyFileException {
        PortGroups g = resolve("""
                port-group
                name: complex
                port-guid: 0x100@5-8/12/14, 0x286, 0x200/6/ 8/12
                end-port-group
                """);
        assertThat(ports(g, "complex")).containsExactly("100[5]", "100[6]", "100[7]", "100[8]", "200[6]",
                "200[8]", "286[1]");
    }

    @Test
    void aPortGuidOfACaPicksThatPortOnly() throws PolicyFileException {
        PortGroups g = resolve("port-group\nname: p\nport-guid: " + Long.toHexString(caPort(0x290, 2))
                + "\nend-port-group\n");
        assertThat(ports(g, "p")).containsExactly("290[2]");
    }

    @Test
    void aGuidRangeTakesWholeNodes() throws PolicyFileException {
        PortGroups g = resolve("port-group\nname: r\nport-guid-range: 0x288-0x290\nend-port-group\n");
        assertThat(ports(g, "r")).containsExactly("288[1]", "289[1]", "290[1]", "290[2]");
    }

    @Test
    void aListOfRangesFailsThePolicy() {
        assertThatThrownBy(() -> PortGroupPolicy.parse("pg.conf", """
                port-group
                name: r
                port-guid-range: 0x283-0x289, 0x290-0x295
                end-port-group
                """)).isInstanceOf(PolicyFileException.class)
                .hasMessageStartingWith("pg.conf:3: qualifier 'port-guid-range': a list of ranges");
        assertThatThrownBy(() -> PortGroupPolicy.parse("pg.conf",
                "port-group\nname: r\nport-guid-range: 0x283@1-0x289\nend-port-group\n"))
                .hasMessageStartingWith("pg.conf:3: qualifier 'port-guid-range': physical ports");
    }

    @Test
    void portNamesPickHostsByDescriptionPortAndCard() throws PolicyFileException {
        PortGroups g = resolve("""
                port-group
                name: n
                port-name: hostname=kika; port=2; hca_idx=1 , hostname=server1; port=1, hostname=host288
                end-port-group
                port-group
                name: allKika
                port-name: hostname=kika
                end-port-group
                port-group
                name: notSwitches
                port-name: hostname=SW-A
                end-port-group
                """);
        assertThat(ports(g, "n")).containsExactly("288[1]", "290[1]", "291[2]");
        assertThat(ports(g, "allKika")).containsExactly("291[1]", "291[2]", "292[1]");
        assertThat(g.get("notSwitches").isEmpty()).isTrue();
    }

    @Test
    void portRegexpMatchesTheStartOfTheDescriptionWithAnOptionalPort() throws PolicyFileException {
        PortGroups g = resolve("""
                port-group
                name: sw
                port-regexp: SW
                end-port-group
                port-group
                name: sw3
                port-regexp: SW:3
                end-port-group
                port-group
                name: kika
                port-regexp: k.ka HCA-[12]
                end-port-group
                """);
        assertThat(ports(g, "sw")).hasSize(18);
        assertThat(ports(g, "sw3")).containsExactly("100[3]", "200[3]");
        assertThat(ports(g, "kika")).containsExactly("291[1]", "291[2]", "292[1]");
    }

    @Test
    void nodeTypesPartitionsAndSelf() throws PolicyFileException {
        String text = """
                port-group
                name: t
                node-type: ROUTER, SELF
                end-port-group
                port-group
                name: cas
                node-type: CA
                end-port-group
                port-group
                name: storage
                partition: storage
                end-port-group
                """;
        long sm = caPort(0x281, 1);
        PortGroupFabric fabric = new PortGroupFabric(fabric(), sm,
                (name, guid) -> name.equals("storage") && (guid == caPort(0x290, 1) || guid == 0x100));
        PortGroups g = PortGroupPolicy.parse("pg.conf", text).resolve(fabric);
        assertThat(ports(g, "t")).containsExactly("281[1]");
        assertThat(ports(g, "cas")).isEqualTo(ports(g, "ALL_CAS"));
        assertThat(ports(g, "storage")).containsExactly("100[0]", "290[1]");
    }

    @Test
    void thePredefinedGroupsExistAndCannotBeDefined() throws PolicyFileException {
        PortGroups g = resolve("");
        assertThat(g.get("ALL").size()).isEqualTo(18 + 9 + 2 + 2 + 1);
        assertThat(g.get("ALL_SWITCHES").size()).isEqualTo(18);
        assertThat(g.get("ALL_CAS").size()).isEqualTo(14);
        assertThat(g.get("ALL_ROUTERS").isEmpty()).isTrue();
        PortGroups sub = resolve("port-group\nname: x\nsubtract-rule: ALL, ALL_SWITCHES\nend-port-group\n");
        assertThat(ports(sub, "x")).isEqualTo(ports(sub, "ALL_CAS"));
        for (String name : List.of("ALL", "ALL_SWITCHES", "ALL_CAS", "ALL_ROUTERS")) {
            assertThatThrownBy(() -> PortGroupPolicy.parse("pg.conf",
                    "port-group\nname: " + name + "\nnode-type: CA\nend-port-group\n"))
                    .hasMessage("pg.conf:2: qualifier 'name': '" + name
                            + "' is a predefined port group and cannot be defined");
        }
    }

    @Test
    void aColonInTheNameOrUseFailsThePolicy() {
        assertThatThrownBy(() -> PortGroupPolicy.parse("pg.conf",
                "port-group\nname: a:b\nnode-type: CA\nend-port-group\n"))
                .hasMessageStartingWith("pg.conf:2: qualifier 'name': a colon inside the value 'a:b'");
        assertThatThrownBy(() -> PortGroupPolicy.parse("pg.conf",
                "port-group\nname: a\nuse: for: something\nnode-type: CA\nend-port-group\n"))
                .hasMessageStartingWith("pg.conf:3: qualifier 'use': a colon inside the value");
    }

    @Test
    void malformedGroupsFailWithFileAndLine() {
        assertFails("port-group\nuse: nameless\nnode-type: CA\nend-port-group\n",
                "pg.conf:1: qualifier 'name' is missing (it is mandatory)");
        assertFails("port-group\nname: a\nuse: nothing\nend-port-group\n", "pg.conf:1: port group 'a' has no rule");
        assertFails("port-group\nname: a\nport-guids: 0x1\nend-port-group\n",
                "pg.conf:3: unknown qualifier 'port-guids'");
        assertFails("port-group\nname: a\nport-guid 0x1\nend-port-group\n",
                "pg.conf:3: expected 'qualifier: value', found 'port-guid 0x1'");
        assertFails("port-group\nname: a\nport-guid: 0xZZ\nend-port-group\n",
                "pg.conf:3: qualifier 'port-guid': expected a GUID, found '0xZZ'");
        assertFails("port-group\nname: a\nport-guid: 0x100@300\nend-port-group\n",
                "pg.conf:3: qualifier 'port-guid': expected a port number 0-254, found '300'");
        assertFails("port-group\nname: a\nunion-rule: b, c\nend-port-group\n",
                "pg.conf:3: qualifier 'union-rule': unknown port group 'b'");
        assertFails("port-group\nname: a\nunion-rule: ALL_CAS, ALL, ALL_SWITCHES\nend-port-group\n",
                "pg.conf:3: qualifier 'union-rule': expected two port group names, found 3");
        assertFails("port-group\nname: a\nport-name: port=2\nend-port-group\n",
                "pg.conf:3: qualifier 'port-name': 'hostname=' is mandatory in 'port=2'");
        assertFails("port-group\nname: a\nnode-type: HUB\nend-port-group\n",
                "pg.conf:3: qualifier 'node-type': expected CA, SWITCH, ROUTER, ALL or SELF, found 'HUB'");
        assertFails("port-group\nname: a\nname: b\nnode-type: CA\nend-port-group\n",
                "pg.conf:3: qualifier 'name': given twice (first at line 2)");
        assertFails("name: a\n", "pg.conf:1: expected 'port-group', found 'name: a'");
        assertFails("port-group\nname: a\nnode-type: CA\n", "pg.conf:1: 'port-group' is not closed");
        assertFails("end-port-group\n", "pg.conf:1: 'end-port-group' without 'port-group'");
        assertFails("port-group\nname: a\nunion-rule: b, ALL\nend-port-group\n"
                        + "port-group\nname: b\nunion-rule: a, ALL\nend-port-group\n",
                "pg.conf:1: port group 'a' is part of a circle");
    }

    @Test
    void qualifierNamesIgnoreCaseAndCommentsAreSkipped() throws PolicyFileException {
        PortGroups g = resolve("# switches\nPort-Group\nName: s\nNode-Type: SWITCH\nEND-PORT-GROUP\n");
        assertThat(g.get("s").size()).isEqualTo(18);
    }

    private static void assertFails(String text, String messageStart) {
        assertThatThrownBy(() -> PortGroupPolicy.parse("pg.conf", text)).isInstanceOf(PolicyFileException.class)
                .hasMessageStartingWith(messageStart);
    }
}
