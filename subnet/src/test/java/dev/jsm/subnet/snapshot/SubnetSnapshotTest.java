package dev.jsm.subnet.snapshot;

import static dev.jsm.subnet.TestFabric.H1;
import static dev.jsm.subnet.TestFabric.H3;
import static dev.jsm.subnet.TestFabric.SW_A;
import static dev.jsm.subnet.TestFabric.SW_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.TestFabric;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class SubnetSnapshotTest {

    @Test
    void copiesTheModelInIndexOrder() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.beginSweep();
        s.node(H3).setDrPath(1, 3);
        SubnetSnapshot snap = SubnetSnapshot.of(s);

        assertThat(snap.sweep()).isEqualTo(1);
        assertThat(snap.nodes()).extracting(NodeView::nodeGuid).startsWith(SW_B, SW_A, H1);
        assertThat(snap.switches()).extracting(SwitchView::nodeGuid).containsExactly(SW_B, SW_A);
        assertThat(snap.ports()).hasSize(22);
        assertThat(snap.endPorts()).hasSize(6);
        assertThat(snap.links()).hasSize(5);

        NodeView h3 = snap.node(H3);
        assertThat(h3.kind()).isEqualTo(NodeKind.CA);
        assertThat(h3.description()).isEqualTo("host 2c90000003000");
        assertThat(h3.drPath()).containsExactly(1, 3);
        assertThat(h3.switchIndex()).isEqualTo(-1);
        assertThat(snap.nodes().get(h3.index())).isSameAs(h3);

        PortView h3p = snap.port(h3.index(), 1);
        assertThat(snap.port(h3.index(), 2)).isNull();
        PortView swPort = snap.peer(h3p);
        assertThat(swPort.nodeGuid()).isEqualTo(SW_B);
        assertThat(swPort.portNum()).isEqualTo(3);
        assertThat(swPort.endPortIndex()).isEqualTo(-1);
        assertThat(snap.nodeOf(swPort).isSwitch()).isTrue();
        assertThat(snap.switchOf(snap.nodeOf(swPort)).nodeGuid()).isEqualTo(SW_B);
        assertThat(snap.switchOf(h3)).isNull();
        assertThat(snap.links().get(h3p.linkIndex()).ends()).isEqualTo(LinkEnds.of(H3, 1, SW_B, 3));

        NodeView b = snap.node(SW_B);
        assertThat(snap.portsOf(b)).extracting(PortView::portNum).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(snap.portsOf(h3)).containsExactly(h3p);

        EndPortView h1 = snap.endPort(H1 + 1);
        assertThat(h1.lidRange()).isEqualTo(LidRange.of(4, 2));
        assertThat(snap.endPortByLid(6)).isSameAs(h1);
        assertThat(snap.endPortByLid(3)).isNull();
        assertThat(snap.portOf(h1).nodeGuid()).isEqualTo(H1);
        assertThat(snap.node(0x1234)).isNull();
        assertThat(snap.endPort(H1)).isNull();
        assertThat(snap).hasToString("SubnetSnapshot[sweep 1: 6 nodes, 2 switches, 5 links]");
    }

    @Test
    void mutatingTheModelAfterwardsDoesNotChangeTheSnapshot() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node a = s.node(SW_A);
        SwitchLft lft = a.asSwitch().lft();
        lft.setWantedPort(4, 3);
        lft.markProgrammed(0);
        a.asSwitch().mft().setWantedPort(0xC000, 3, true);
        a.asSwitch().mft().markProgrammed(0, 0);
        a.asSwitch().setAttributes(new SwitchAttributes(48, 0, 64, 10, 0, 0, 0, 18, 0, 0, 0, 32, 1, 1, 0, 0, 0,
                0xC000));
        PortAttributes active = PortAttributes.NONE.withLid(4, 2).withPortState(PortAttributes.STATE_ACTIVE);
        s.node(H1).port(1).setAttributes(active);
        SubnetSnapshot snap = SubnetSnapshot.of(s);

        lft.setWantedPort(4, 7);
        lft.markProgrammed(0);
        a.asSwitch().mft().setWantedPort(0xC000, 4, true);
        a.asSwitch().mft().markProgrammed(0, 0);
        a.setDescription("renamed");
        s.node(H1).port(1).setAttributes(active.withPortState(PortAttributes.STATE_DOWN));
        s.assignLids(s.endPort(H1 + 1), LidRange.single(40));
        s.removeNode(s.node(H3));
        s.connect(a.port(2), s.node(SW_B).port(2));
        TestFabric.addCa(s, 0x5000, a, 6);

        SwitchView sa = snap.switchOf(snap.node(SW_A));
        assertThat(sa.lftPort(4)).isEqualTo(3);
        assertThat(sa.mftMask(0xC000, 0)).isEqualTo(1 << 3);
        assertThat(sa.mftHasPort(0xC000, 3)).isTrue();
        assertThat(sa.mftHasPort(0xC000, 4)).isFalse();
        assertThat(sa.attributes().linearFdbTop()).isEqualTo(10);
        assertThat(snap.node(SW_A).description()).isEqualTo("switch 2c90000000200");
        PortView h1 = snap.port(snap.node(H1).index(), 1);
        assertThat(h1.attributes().portState()).isEqualTo(PortAttributes.STATE_ACTIVE);
        assertThat(h1.attributes().lmc()).isEqualTo(2);
        assertThat(snap.endPort(H1 + 1).lidRange()).isEqualTo(LidRange.of(4, 2));
        assertThat(snap.lidMap().endPort(40)).isNull();
        assertThat(snap.node(H3)).isNotNull();
        assertThat(snap.links()).hasSize(5);
        assertThat(snap.nodes()).hasSize(6);
    }

    @Test
    void tablesAndListsCannotBeModifiedThroughTheSnapshot() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.node(SW_A).asSwitch().lft().setWantedPort(2, 0);
        s.node(SW_A).asSwitch().lft().markProgrammed(0);
        SubnetSnapshot snap = SubnetSnapshot.of(s);
        SwitchView sa = snap.switchOf(snap.node(SW_A));

        sa.lftCopy()[2] = 9;
        assertThat(sa.lftPort(2)).isZero();
        assertThat(sa.lftSize()).isEqualTo(64);
        byte[] block = new byte[64];
        sa.copyLftBlock(0, block, 0);
        assertThat(block[2]).isZero();
        assertThat(block[3]).isEqualTo((byte) 0xFF);
        assertThat(sa.lftPort(5000)).isEqualTo(SwitchLft.NO_PATH);
        assertThat(sa.mftMask(0xC000, 0)).isZero();
        assertThat(sa.mftMask(0x10, 0)).isZero();

        assertThatThrownBy(() -> snap.nodes().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> snap.portsOf(snap.node(SW_A)).clear())
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> snap.node(H3).drPath().add(1)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void emptySnapshotAndLazyViewsFromAnotherThread() throws Exception {
        SubnetSnapshot empty = SubnetSnapshot.empty();
        assertThat(empty.nodes()).isEmpty();
        assertThat(empty.lidMap().maxLid()).isZero();
        assertThat(empty.endPortByLid(1)).isNull();

        SubnetSnapshot snap = SubnetSnapshot.of(TestFabric.twoSwitchesFourCas());
        CompletableFuture<LidMap> other = CompletableFuture.supplyAsync(snap::lidMap);
        assertThat(other.get()).isSameAs(snap.lidMap());
    }

    @Test
    void refreshedTakesPortStatesAndTablesAnewAndSharesTheRest() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.beginSweep();
        Node a = s.node(SW_A);
        PortAttributes init = PortAttributes.NONE.withLid(4, 2).withPortState(PortAttributes.STATE_INIT);
        s.node(H1).port(1).setAttributes(init);
        SubnetSnapshot routed = SubnetSnapshot.of(s);
        SwitchLft lft = a.asSwitch().lft();
        lft.setWantedPort(4, 3);
        lft.markProgrammed(0);
        s.node(H1).port(1).setAttributes(init.withPortState(PortAttributes.STATE_ACTIVE));

        SubnetSnapshot up = routed.refreshed(s);

        assertThat(up.port(up.node(H1).index(), 1).attributes().portState()).isEqualTo(PortAttributes.STATE_ACTIVE);
        assertThat(up.switchOf(up.node(SW_A)).lftPort(4)).isEqualTo(3);
        assertThat(routed.port(routed.node(H1).index(), 1).attributes().portState())
                .as("the earlier copy is unchanged").isEqualTo(PortAttributes.STATE_INIT);
        assertThat(routed.switchOf(routed.node(SW_A)).lftPort(4)).isEqualTo(SwitchLft.NO_PATH);
        assertThat(up.nodes()).as("nodes are shared, not copied again").isSameAs(routed.nodes());
        assertThat(up.endPorts()).isSameAs(routed.endPorts());
        assertThat(up.links()).isSameAs(routed.links());
        assertThat(up.endPortByLid(6)).isSameAs(routed.endPort(H1 + 1));
        assertThat(up.sweep()).isEqualTo(routed.sweep());
    }

    @Test
    void refreshedCopiesEverythingWhenTheStructureChanged() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.beginSweep();
        SubnetSnapshot routed = SubnetSnapshot.of(s);
        s.removeNode(s.node(H3));

        SubnetSnapshot up = routed.refreshed(s);

        assertThat(up.nodes()).isNotSameAs(routed.nodes()).hasSize(5);
        assertThat(up.node(H3)).isNull();
        assertThat(up.links()).hasSize(4);
    }

    @Test
    void portsCarryCopiesOfTheTableBlocksTheyAreKnownToHold() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.beginSweep();
        byte[] pKeys = new byte[64];
        pKeys[0] = (byte) 0xFF;
        pKeys[1] = (byte) 0xFF;
        BlockTable h1 = s.node(H1).port(1).pKeyTable(2);
        h1.setHeld(1, pKeys, 0);
        BlockTable out3 = s.node(SW_B).port(3).sl2VlTable();
        out3.setWanted(2, new byte[8], 0);
        SubnetSnapshot routed = SubnetSnapshot.of(s);
        h1.setHeld(0, pKeys, 0);
        out3.setHeld(2, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 0);

        SubnetSnapshot up = routed.refreshed(s);

        HeldBlocks before = routed.port(routed.node(H1).index(), 1).heldPKeys();
        assertThat(before.blockCount()).isEqualTo(2);
        assertThat(before.isKnown(0)).isFalse();
        assertThat(before.isKnown(1)).isTrue();
        HeldBlocks after = up.port(up.node(H1).index(), 1).heldPKeys();
        assertThat(after.isKnown(0)).isTrue();
        byte[] block = new byte[64];
        after.copy(0, block, 0);
        assertThat(block).isEqualTo(pKeys);
        HeldBlocks sl2Vl = up.port(up.node(SW_B).index(), 3).heldSl2Vl();
        assertThat(sl2Vl.blockCount()).isEqualTo(9);
        assertThat(sl2Vl.isKnown(2)).isTrue();
        assertThat(sl2Vl.isKnown(9)).isFalse();
        byte[] table = new byte[8];
        sl2Vl.copy(2, table, 0);
        assertThat(table).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(routed.port(routed.node(SW_B).index(), 3).heldSl2Vl().isKnown(2)).isFalse();
        PortView h3 = up.port(up.node(H3).index(), 1);
        assertThat(h3.heldPKeys()).isNull();
        assertThat(h3.heldSl2Vl()).isNull();
        assertThat(h3.heldVlArb()).isNull();
        assertThatThrownBy(() -> before.copy(0, block, 0)).hasMessage("block 0 was not known to be held");
    }
}
