package dev.jsm.subnet.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.TestFabric;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.VPortAttributes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Vports in the snapshot: listed per end port, found by GUID and by their own LID (as end ports for the SA), in the
 * LID map (routing's LFT size), refreshed with their states, and in the diff when their LIDs change.
 */
class VPortSnapshotTest {

    private static final long H2_PORT = TestFabric.H2 + 1;
    private static final long V1 = TestFabric.vportGuid(H2_PORT, 1);
    private static final long V2 = TestFabric.vportGuid(H2_PORT, 2);

    private static Subnet fabric() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        List<VPort> v = TestFabric.addVPorts(s, H2_PORT, 2);
        s.assignLid(v.get(1), 40);
        return s;
    }

    @Test
    void theVPortsAreListedPerEndPortWithWhatTheModelKnows() {
        SubnetSnapshot snap = SubnetSnapshot.of(fabric());
        EndPortView h2 = snap.endPort(H2_PORT);
        assertThat(snap.vports()).hasSize(3);
        assertThat(snap.vportsOf(h2)).extracting(VPortView::vportIndex).containsExactly(0, 1, 2);
        assertThat(snap.vportsOf(snap.endPort(TestFabric.H1 + 1))).isEmpty();
        VPortView v1 = snap.vport(V1);
        assertThat(v1.lid()).isEqualTo(40);
        assertThat(v1.endPortIndex()).isEqualTo(h2.index());
        assertThat(v1.portIndex()).isEqualTo(h2.portIndex());
        assertThat(v1.description()).isEqualTo("host 2c90000002000 vm1");
        assertThat(v1.vnode().partitionCap()).isEqualTo(32);
        assertThat(v1.isUp()).isTrue();
        assertThat(h2.virtualization().vportIndexTop()).isEqualTo(2);
        assertThat(snap.endPort(TestFabric.H1 + 1).virtualization()).isNull();
        assertThat(snap.vport(H2_PORT)).isNull();
        assertThat(snap.toString()).endsWith(", 3 vports]");
    }

    @Test
    void aVPortIsAnEndPortForReadersThatAddressPortsByGuidAndLid() {
        SubnetSnapshot snap = SubnetSnapshot.of(fabric());
        EndPortView h2 = snap.endPort(H2_PORT);
        EndPortView byLid = snap.endPortByLid(40);
        assertThat(byLid.portGuid()).isEqualTo(V1);
        assertThat(byLid.index()).isEqualTo(h2.index());
        assertThat(byLid.lidRange()).isEqualTo(LidRange.single(40));
        EndPortView v2 = snap.endPortOrVPort(V2);
        assertThat(v2.portGuid()).isEqualTo(V2);
        assertThat(v2.lidRange()).as("no LID of its own: its port's").isEqualTo(h2.lidRange());
        assertThat(snap.endPortOrVPort(H2_PORT)).isSameAs(h2);
        assertThat(snap.endPortOrVPort(0x99L)).isNull();
        assertThat(snap.endPort(V2)).as("endPort() knows only end ports").isNull();
        assertThat(snap.endPortByLid(8)).isSameAs(h2);
    }

    @Test
    void theLidMapHoldsTheVPortLidsOnTheirEndPort() {
        SubnetSnapshot snap = SubnetSnapshot.of(fabric());
        LidMap map = snap.lidMap();
        assertThat(map.maxLid()).isEqualTo(40);
        assertThat(map.endPortIndex(40)).isEqualTo(snap.endPort(H2_PORT).index());
        assertThat(map.vport(40).guid()).isEqualTo(V1);
        assertThat(map.vport(8)).isNull();
        assertThat(map.vport(41)).isNull();
        assertThat(SubnetSnapshot.of(TestFabric.twoSwitchesFourCas()).lidMap().vport(8)).isNull();
    }

    @Test
    void aRefreshCarriesTheVPortsStatesAndHeldTables() {
        Subnet s = fabric();
        SubnetSnapshot before = SubnetSnapshot.of(s);
        VPort v2 = s.vport(V2);
        v2.setAttributes(v2.attributes().withState(VPortAttributes.STATE_DOWN));
        byte[] block = new byte[64];
        block[1] = 7;
        v2.rateLimitTable().setHeld(0, block, 0);
        SubnetSnapshot after = before.refreshed(s);
        assertThat(after.endPorts()).isSameAs(before.endPorts());
        assertThat(after.vport(V2).isUp()).isFalse();
        assertThat(before.vport(V2).isUp()).isTrue();
        byte[] read = new byte[64];
        after.vport(V2).heldRateLimits().copy(0, read, 0);
        assertThat(read[1]).isEqualTo((byte) 7);
        assertThat(after.vport(V1).heldRateLimits()).isNull();
    }

    @Test
    void theDiffSeesAVPortLidAppearGoAndChange() {
        Subnet s = fabric();
        SubnetSnapshot before = SubnetSnapshot.of(s);
        assertThat(SubnetDiff.between(before, SubnetSnapshot.of(s)).isEmpty()).isTrue();
        s.assignLid(s.vport(V2), 41);
        s.assignLid(s.vport(V1), 42);
        SubnetDiff d = SubnetDiff.between(before, SubnetSnapshot.of(s));
        assertThat(d.topologyChanged()).isFalse();
        assertThat(d.lidChanges()).containsExactlyInAnyOrder(
                new SubnetDiff.LidChange(V1, LidRange.single(40), LidRange.single(42)),
                new SubnetDiff.LidChange(V2, null, LidRange.single(41)));
        SubnetSnapshot middle = SubnetSnapshot.of(s);
        s.removeVPort(s.vport(V1));
        assertThat(SubnetDiff.between(middle, SubnetSnapshot.of(s)).lidChanges())
                .containsExactly(new SubnetDiff.LidChange(V1, LidRange.single(42), null));
    }
}
