package dev.jsm.subnet.snapshot;

import static dev.jsm.subnet.TestFabric.H1;
import static dev.jsm.subnet.TestFabric.H2;
import static dev.jsm.subnet.TestFabric.H4;
import static dev.jsm.subnet.TestFabric.SW_A;
import static dev.jsm.subnet.TestFabric.SW_B;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.TestFabric;
import org.junit.jupiter.api.Test;

class SubnetDiffTest {

    @Test
    void sameModelGivesAnEmptyDiff() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        SubnetSnapshot before = SubnetSnapshot.of(s);
        s.node(SW_A).asSwitch().lft().setWantedPort(4, 3);
        s.node(H1).setDescription("renamed");
        SubnetDiff d = SubnetDiff.between(before, SubnetSnapshot.of(s));

        assertThat(d.isEmpty()).isTrue();
        assertThat(d.topologyChanged()).isFalse();
        assertThat(d).hasToString("+0 -0 nodes, +0 -0 links, 0 LID changes");
    }

    @Test
    void reportsAddedAndRemovedNodesAndLinks() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        SubnetSnapshot before = SubnetSnapshot.of(s);
        Node a = s.node(SW_A);
        Node b = s.node(SW_B);
        s.removeNode(s.node(H4));
        s.connect(a.port(2), b.port(2));
        TestFabric.addCa(s, 0x0002c90000000500L, b, 5);
        s.disconnect(a.port(4));
        s.connect(a.port(4), s.node(H2).port(1));
        SubnetDiff d = SubnetDiff.between(before, SubnetSnapshot.of(s));

        assertThat(d.addedNodes()).extracting(NodeView::nodeGuid).containsExactly(0x0002c90000000500L);
        assertThat(d.removedNodes()).extracting(NodeView::nodeGuid).containsExactly(H4);
        assertThat(d.addedLinks()).extracting(LinkView::ends).containsExactly(
                LinkEnds.of(SW_B, 2, SW_A, 2), LinkEnds.of(SW_B, 5, 0x0002c90000000500L, 1));
        assertThat(d.removedLinks()).extracting(LinkView::ends).containsExactly(LinkEnds.of(H4, 1, SW_B, 4));
        assertThat(d.lidChanges()).containsExactly(new SubnetDiff.LidChange(H4 + 1, LidRange.single(10), null));
        assertThat(d.topologyChanged()).isTrue();
        assertThat(d).hasToString("+1 -1 nodes, +2 -1 links, 1 LID changes");
    }

    @Test
    void recabledPortIsOneLinkRemovedAndOneAdded() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        SubnetSnapshot before = SubnetSnapshot.of(s);
        s.disconnect(s.node(H1).port(1));
        s.connect(s.node(H1).port(1), s.node(SW_A).port(7));
        SubnetDiff d = SubnetDiff.between(before, SubnetSnapshot.of(s));

        assertThat(d.removedLinks()).extracting(LinkView::ends).containsExactly(LinkEnds.of(SW_A, 3, H1, 1));
        assertThat(d.addedLinks()).extracting(LinkView::ends).containsExactly(LinkEnds.of(H1, 1, SW_A, 7));
        assertThat(d.addedNodes()).isEmpty();
    }

    @Test
    void nodeWithOtherKindOrPortCountIsReplaced() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        SubnetSnapshot before = SubnetSnapshot.of(s);
        s.removeNode(s.node(H2));
        Node h2 = s.addNode(NodeKind.CA, H2, 2);
        s.addPort(h2, 1, H2 + 1);
        SubnetDiff d = SubnetDiff.between(before, SubnetSnapshot.of(s));

        assertThat(d.addedNodes()).extracting(NodeView::nodeGuid).containsExactly(H2);
        assertThat(d.removedNodes()).extracting(NodeView::nodeGuid).containsExactly(H2);
    }

    @Test
    void reportsLidChanges() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        SubnetSnapshot before = SubnetSnapshot.of(s);
        s.assignLids(s.endPort(H1 + 1), LidRange.of(16, 1));
        Node h5 = s.addNode(NodeKind.CA, 0x9000, 1);
        s.addPort(h5, 1, 0x9001);
        s.assignLids(s.endPort(0x9001), LidRange.single(20));
        Node h6 = s.addNode(NodeKind.CA, 0xA000, 1);
        s.addPort(h6, 1, 0xA001);
        SubnetDiff d = SubnetDiff.between(before, SubnetSnapshot.of(s));

        assertThat(d.lidChanges()).containsExactly(
                new SubnetDiff.LidChange(H1 + 1, LidRange.of(4, 2), LidRange.of(16, 1)),
                new SubnetDiff.LidChange(0x9001, null, LidRange.single(20)));
        assertThat(d.isEmpty()).isFalse();
        assertThat(d.addedLinks()).isEmpty();
    }
}
