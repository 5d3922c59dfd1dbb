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

class LidMapTest {

    @Test
    void lidsMapToEndPorts() {
        SubnetSnapshot snap = SubnetSnapshot.of(TestFabric.twoSwitchesFourCas());
        LidMap m = snap.lidMap();

        assertThat(m.maxLid()).isEqualTo(10);
        assertThat(m.endPort(1).portGuid()).isEqualTo(SW_B);

        for (int lid = 4; lid <= 7; lid++) {
            assertThat(m.endPort(lid).portGuid()).as("LID %d", lid).isEqualTo(H1 + 1);
        }
        assertThat(m.endPort(8).portGuid()).isEqualTo(H2 + 1);
        assertThat(m.endPortIndex(10)).isEqualTo(snap.endPort(H4 + 1).index());

        assertThat(m.endPort(3)).isNull();
        assertThat(m.endPort(0)).isNull();
        assertThat(m.endPort(11)).isNull();
    }

    @Test
    void switchWithLmcRangeOnEnhancedPort0() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        s.assignLids(s.endPort(SW_A), LidRange.of(16, 2));
        LidMap m = SubnetSnapshot.of(s).lidMap();

        assertThat(m.maxLid()).isEqualTo(19);
        assertThat(m.endPort(2)).isNull();
        for (int lid = 16; lid <= 19; lid++) {
            assertThat(m.endPort(lid).portGuid()).isEqualTo(SW_A);
        }
    }

    @Test
    void portsWithoutLidsAreInNoSlot() {
        Subnet s = TestFabric.twoSwitchesFourCas();
        Node x = s.addNode(NodeKind.CA, 0x7000, 1);
        Node y = s.addNode(NodeKind.CA, 0x8000, 1);
        s.connect(s.addPort(x, 1, 0x7001), s.addPort(y, 1, 0x8001));
        s.assignLids(s.endPort(0x7001), LidRange.single(12));
        s.releaseLids(s.endPort(H2 + 1));
        SubnetSnapshot snap = SubnetSnapshot.of(s);
        LidMap m = snap.lidMap();

        assertThat(m.endPort(12).portGuid()).isEqualTo(0x7001);
        assertThat(m.endPort(8)).isNull();
        assertThat(snap.endPort(0x8001).hasLids()).isFalse();
    }
}
