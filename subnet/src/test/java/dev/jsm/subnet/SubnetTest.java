package dev.jsm.subnet;

import static dev.jsm.subnet.TestFabric.H1;
import static dev.jsm.subnet.TestFabric.H2;
import static dev.jsm.subnet.TestFabric.H3;
import static dev.jsm.subnet.TestFabric.H4;
import static dev.jsm.subnet.TestFabric.SW_A;
import static dev.jsm.subnet.TestFabric.SW_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SubnetTest {

    @Test
    void indicesAreDenseAndSortedByGuid() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        TestFabric.addSwitch(s, 0xf452140300001000L, 4);
        s.index();

        assertThat(s.nodeCount()).isEqualTo(7);
        long[] nodeGuids = new long[s.nodeCount()];
        for (int i = 0; i < s.nodeCount(); i++) {
            assertThat(s.nodeAt(i).index()).isEqualTo(i);
            nodeGuids[i] = s.nodeAt(i).nodeGuid();
        }
        assertThat(nodeGuids).containsExactly(SW_B, SW_A, H1, H2, H3, H4, 0xf452140300001000L);

        assertThat(s.switchCount()).isEqualTo(3);
        assertThat(s.switchAt(0).nodeGuid()).isEqualTo(SW_B);
        assertThat(s.switchAt(1).nodeGuid()).isEqualTo(SW_A);
        assertThat(s.switchAt(2).nodeGuid()).isEqualTo(0xf452140300001000L);
        for (int i = 0; i < 3; i++) {
            assertThat(s.switchAt(i).index()).isEqualTo(i);
        }

        // ports: B[0..8], A[0..8], H1..H4 [1], new switch [0..4]
        assertThat(s.physPortCount()).isEqualTo(9 + 9 + 4 + 5);
        for (int i = 0; i < s.physPortCount(); i++) {
            PhysPort p = s.physPortAt(i);
            assertThat(p.index()).isEqualTo(i);
            if (i > 0) {
                PhysPort prev = s.physPortAt(i - 1);
                assertThat(Subnet.comparePorts(prev, p)).isNegative();
            }
        }
        assertThat(s.physPortAt(0)).isSameAs(s.node(SW_B).port(0));
        assertThat(s.physPortAt(9)).isSameAs(s.node(SW_A).port(0));

        assertThat(s.endPortCount()).isEqualTo(7);
        for (int i = 0; i < s.endPortCount(); i++) {
            assertThat(s.endPortAt(i).index()).isEqualTo(i);
        }
        assertThat(s.endPortAt(0).portGuid()).isEqualTo(SW_B);
        assertThat(s.endPortAt(2).portGuid()).isEqualTo(H1 + 1);

        assertThat(s.linkCount()).isEqualTo(5);
        for (int i = 1; i < s.linkCount(); i++) {
            assertThat(s.linkAt(i).index()).isEqualTo(i);
            assertThat(s.linkAt(i).a().index()).isGreaterThan(s.linkAt(i - 1).a().index());
        }
    }

    @Test
    void linkEndsAreCanonicalAndParallelLinksAreKept() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node a = s.node(SW_A);
        Node b = s.node(SW_B);
        Link second = s.connect(a.port(2), b.port(2));
        Link third = s.connect(b.port(6), a.port(5));

        assertThat(s.linkCount()).isEqualTo(7);
        assertThat(second.a()).isSameAs(b.port(2));
        assertThat(third.a()).isSameAs(b.port(6));
        assertThat(third.b()).isSameAs(a.port(5));
        assertThat(a.port(5).remote()).isSameAs(b.port(6));
        assertThat(b.port(6).remote()).isSameAs(a.port(5));
        assertThat(third.other(a.port(5))).isSameAs(b.port(6));
        assertThat(third.isSwitchToSwitch()).isTrue();
        assertThat(a.port(3).link().isSwitchToSwitch()).isFalse();
        assertThat(third).hasToString("0x0002c90000000100[6] <-> 0x0002c90000000200[5]");
    }

    @Test
    void connectIsIdempotentButRefusesRecabling() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node a = s.node(SW_A);
        Node b = s.node(SW_B);
        Link l = a.port(1).link();

        assertThat(s.connect(b.port(1), a.port(1))).isSameAs(l);
        assertThatThrownBy(() -> s.connect(a.port(1), b.port(7)))
                .hasMessage("cannot cable 0x0002c90000000200[1] to 0x0002c90000000100[7]: 0x0002c90000000200[1] is "
                        + "cabled to 0x0002c90000000100[1] (disconnect it first)");
        assertThatThrownBy(() -> s.connect(a.port(0), b.port(7)))
                .hasMessage("0x0002c90000000200[0] is switch port 0, which has no cable");
        assertThatThrownBy(() -> s.connect(a.port(7), a.port(7))).hasMessageContaining("to itself");

        assertThat(s.disconnect(a.port(1))).isSameAs(l);
        assertThat(b.port(1).remote()).isNull();
        assertThat(s.disconnect(a.port(1))).isNull();
        assertThat(s.connect(a.port(1), b.port(7)).b()).isSameAs(a.port(1));
    }

    @Test
    void rejectsDuplicatesAndBadPorts() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        assertThatThrownBy(() -> s.addNode(NodeKind.CA, H1, 2))
                .hasMessage("duplicate node GUID: CA 0x0002c90000001000 is already in the subnet");
        assertThatThrownBy(() -> s.addNode(NodeKind.CA, 0, 2)).hasMessage("node GUID 0 is invalid");
        assertThatThrownBy(() -> s.addNode(NodeKind.SWITCH, 0x99, 255))
                .hasMessage("node 0x0000000000000099: NumPorts 255 out of range (expected 1-254)");

        Node ca = s.addNode(NodeKind.CA, 0x77, 2);
        assertThatThrownBy(() -> s.addPort(ca, 0, 0x78)).hasMessage("CA 0x0000000000000077: port 0 out of range "
                + "(expected 1-2)");
        assertThatThrownBy(() -> s.addPort(ca, 3, 0x78)).hasMessageContaining("out of range");
        assertThatThrownBy(() -> s.addPort(ca, 1, H2 + 1))
                .hasMessage("duplicate port GUID 0x0002c90000002001: 0x0002c90000002000[1] and "
                        + "0x0000000000000077[1]");
        assertThatThrownBy(() -> s.addPort(ca, 1, 0)).hasMessage("0x0000000000000077[1]: port GUID 0 is invalid");
        s.addPort(ca, 1, 0x78);
        assertThatThrownBy(() -> s.addPort(ca, 1, 0x79)).hasMessage("CA 0x0000000000000077: port 1 already added");
        assertThat(ca.port(2)).isNull();
        assertThat(ca.ports()).extracting(PhysPort::portNum).containsExactly(1);
    }

    @Test
    void switchExternalPortsAreNotEndPorts() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node a = s.node(SW_A);
        assertThat(a.port(0).endPort()).isSameAs(s.endPort(SW_A));
        assertThat(a.port(0).isSwitchPort0()).isTrue();
        assertThat(a.port(3).endPort()).isNull();
        assertThat(a.port(3).portGuid()).isEqualTo(SW_A);
        assertThat(s.endPort(H3 + 1).node()).isSameAs(s.node(H3));
        assertThat(s.node(H3).port(1).isSwitchPort0()).isFalse();
        assertThatThrownBy(() -> s.node(H3).asSwitch()).hasMessage("CA 0x0002c90000003000 is a CA, not a switch");
    }

    @Test
    void structuralChangeInvalidatesIndices() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.index();
        Node a = s.node(SW_A);
        assertThat(a.index()).isEqualTo(1);

        s.node(H1).port(1).setAttributes(PortAttributes.NONE.withPortState(PortAttributes.STATE_ACTIVE));
        a.asSwitch().lft().setWantedPort(4, 3);
        assertThat(s.isIndexed()).isTrue();

        s.addNode(NodeKind.CA, 0x1, 1);
        assertThat(s.isIndexed()).isFalse();
        assertThatThrownBy(a::index).isInstanceOf(IllegalStateException.class)
                .hasMessage("SWITCH 0x0002c90000000200 has no index: call Subnet.index() after the last structural "
                        + "change");
        assertThatThrownBy(() -> s.switchAt(0)).isInstanceOf(IllegalStateException.class);
        s.index();
        assertThat(a.index()).isEqualTo(2);
        assertThat(a.asSwitch().index()).isEqualTo(1);
    }

    @Test
    void lidAssignmentRefusesOverlapsAndAnswersByLid() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        EndPort h1 = s.endPort(H1 + 1);
        EndPort h2 = s.endPort(H2 + 1);

        assertThat(s.endPortByLid(4)).isSameAs(h1);
        assertThat(s.endPortByLid(7)).isSameAs(h1);
        assertThat(s.endPortByLid(3)).isNull();
        assertThat(s.endPortByLid(0xBFFF)).isNull();
        assertThatThrownBy(() -> s.assignLids(h2, LidRange.of(4, 1)))
                .hasMessage("cannot give port 0x0002c90000002001 LIDs 0x0004-0x0005: 0x0004 belongs to port "
                        + "0x0002c90000001001 (0x0004-0x0007)");
        assertThat(h2.lidRange()).isEqualTo(LidRange.single(8));

        s.assignLids(h1, LidRange.of(16, 3));
        assertThat(s.endPortByLid(4)).isNull();
        assertThat(s.endPortByLid(23)).isSameAs(h1);
        s.assignLids(h2, LidRange.of(4, 2));
        assertThat(s.endPortByLid(5)).isSameAs(h2);
        s.releaseLids(h2);
        assertThat(h2.hasLids()).isFalse();
        assertThat(s.endPortByLid(5)).isNull();
    }

    @Test
    void removeNodeDropsPortsLinksAndLids() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node h1 = s.node(H1);
        s.removeNode(h1);

        assertThat(s.node(H1)).isNull();
        assertThat(s.endPort(H1 + 1)).isNull();
        assertThat(s.endPortByLid(4)).isNull();
        assertThat(s.node(SW_A).port(3).remote()).isNull();
        assertThat(s.linkCount()).isEqualTo(4);
        assertThatThrownBy(() -> s.removeNode(h1)).hasMessage("CA 0x0002c90000001000 is not in this subnet");
    }

    @Test
    void nodesSeenInTheSweepAreMarkedAndTheOthersCanBeDropped() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        int sweep = s.beginSweep();
        assertThat(sweep).isEqualTo(1);
        assertThat(s.currentSweep()).isEqualTo(1);
        for (long g : new long[] {SW_A, SW_B, H1, H3}) {
            s.node(g).markSeen(sweep);
        }
        assertThat(s.node(H2).lastSeenSweep()).isNotEqualTo(sweep);
        s.removeNode(s.node(H2));
        s.removeNode(s.node(H4));
        assertThat(s.nodeCount()).isEqualTo(4);
        assertThat(s.linkCount()).isEqualTo(3);
        assertThat(s.node(H1).lastSeenSweep()).isEqualTo(1);
    }

    @Test
    void drPathIsCopiedAndValidated() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node h3 = s.node(H3);
        int[] path = {1, 1, 3};
        h3.setDrPath(path);
        path[0] = 9;
        assertThat(h3.drPath()).containsExactly(1, 1, 3);
        h3.drPath()[0] = 9;
        assertThat(h3.drPath()).containsExactly(1, 1, 3);
        assertThatThrownBy(() -> h3.setDrPath(1, 256))
                .hasMessage("directed route to CA 0x0002c90000003000: port 256 out of range");
        assertThatThrownBy(() -> h3.setDrPath(new int[64])).hasMessageContaining("longer than 63 hops");
    }

    @Test
    void nodeKindFromWire() {
        assertThat(NodeKind.fromWire(2)).isEqualTo(NodeKind.SWITCH);
        assertThat(NodeKind.ROUTER.wireValue()).isEqualTo(3);
        assertThatThrownBy(() -> NodeKind.fromWire(0))
                .hasMessage("NodeType 0 is not CA (1), switch (2) or router (3)");
    }
}
