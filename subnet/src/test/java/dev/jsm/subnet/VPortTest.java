package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Vports in the mutable model: identity checks, their own LIDs beside the end ports', removal with their port. */
class VPortTest {

    private static final long H1_PORT = TestFabric.H1 + 1;
    private static final long H2_PORT = TestFabric.H2 + 1;

    @Test
    void vportsAreKeptPerEndPortInIndexOrderAndFoundByGuid() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        List<VPort> v = TestFabric.addVPorts(s, H2_PORT, 3);
        EndPort ep = s.endPort(H2_PORT);
        assertThat(ep.vports()).containsExactlyElementsOf(v);
        assertThat(ep.vport(2)).isSameAs(v.get(2));
        assertThat(s.vport(TestFabric.vportGuid(H2_PORT, 3))).isSameAs(v.get(3));
        assertThat(s.vport(H2_PORT)).as("vport 0 has its port's GUID and is found through the port").isNull();
        assertThat(s.vports()).hasSize(3);
        assertThat(v.get(1).toString()).isEqualTo("vport 0x8001c90000002001 (0x0002c90000002001/1)");
    }

    @Test
    void aVPortGuidMustBeNewAndVPortZeroMustHaveThePortsGuid() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        EndPort ep = s.endPort(H2_PORT);
        VPortAttributes a = new VPortAttributes(VPortAttributes.STATE_INIT, false, 8, 1, 0, 0);
        assertThatThrownBy(() -> s.addVPort(ep, 0, 0x1234L, a)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not the port's own");
        assertThatThrownBy(() -> s.addVPort(ep, 1, H1_PORT, a)).hasMessageContaining("is taken by port "
                + Guid.toString(H1_PORT));
        assertThatThrownBy(() -> s.addVPort(ep, 1, 0, a)).hasMessageContaining("is invalid");
        s.addVPort(ep, 1, 0x77L, a);
        assertThatThrownBy(() -> s.addVPort(ep, 1, 0x78L, a)).hasMessageContaining("already added");
        assertThatThrownBy(() -> s.addVPort(s.endPort(H1_PORT), 1, 0x77L, a)).hasMessageContaining("is taken by");
        assertThatThrownBy(() -> s.addVPort(s.endPort(TestFabric.SW_A), 1, 0x79L, a))
                .hasMessageContaining("is not a CA port");
    }

    @Test
    void aVPortLidIsNeverAnEndPortsLidNorAnotherVPorts() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        List<VPort> v = TestFabric.addVPorts(s, H2_PORT, 3);
        s.assignLid(v.get(1), 20);
        assertThat(s.vportByLid(20)).isSameAs(v.get(1));
        assertThat(s.endPortByLid(20)).isNull();
        assertThatThrownBy(() -> s.assignLid(v.get(3), 20)).hasMessageContaining("it belongs to vport");
        assertThatThrownBy(() -> s.assignLid(v.get(3), 8)).hasMessageContaining("belongs to port");
        assertThatThrownBy(() -> s.assignLids(s.endPort(H1_PORT), LidRange.of(20, 0)))
                .hasMessageContaining("0x0014 belongs to vport");
        assertThatThrownBy(() -> s.assignLid(v.get(3), 0xC000)).hasMessageContaining("not unicast");
        s.assignLid(v.get(1), 21);
        assertThat(s.vportByLid(20)).isNull();
        assertThat(v.get(1).lid()).isEqualTo(21);
        s.releaseLid(v.get(1));
        assertThat(v.get(1).hasLid()).isFalse();
        assertThat(s.vportByLid(21)).isNull();
    }

    @Test
    void removingThePortRemovesItsVPortsAndFreesTheirLids() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        List<VPort> v = TestFabric.addVPorts(s, H2_PORT, 2);
        s.assignLid(v.get(1), 30);
        s.removePort(s.endPort(H2_PORT).physPort());
        assertThat(s.vports()).isEmpty();
        assertThat(s.vportByLid(30)).isNull();
        s.assignLids(s.endPort(H1_PORT), LidRange.single(30));
    }

    @Test
    void forgettingTheProgrammedTablesForgetsTheVPortsAndRateLimitsToo() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        VPort v = TestFabric.addVPorts(s, H2_PORT, 1).get(1);
        byte[] block = new byte[64];
        for (BlockTable t : List.of(v.pKeyTable(1), v.guidTable(1), v.rateLimitTable(),
                s.endPort(H2_PORT).physPort().rateLimitTable())) {
            t.setWanted(0, block, 0);
            t.setHeld(0, block, 0);
            assertThat(t.blockDiffers(0)).isFalse();
        }
        s.forgetProgrammedTables();
        assertThat(v.pKeyTableIfAny().blockDiffers(0)).isTrue();
        assertThat(v.guidTableIfAny().blockDiffers(0)).isTrue();
        assertThat(v.rateLimitTableIfAny().blockDiffers(0)).isTrue();
        assertThat(s.endPort(H2_PORT).physPort().rateLimitTableIfAny().blockDiffers(0)).isTrue();
        BlockTable old = v.pKeyTableIfAny();
        assertThat(v.pKeyTable(1)).isSameAs(old);
        assertThat(v.pKeyTable(2)).as("a new capacity makes a new table").isNotSameAs(old);
    }
}
