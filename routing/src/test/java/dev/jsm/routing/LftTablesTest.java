package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.testing.VPortFabrics;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

class LftTablesTest {

    @Test
    void startsWithNoPathEverywhere() {
        LftTables t = new LftTables(3, 10);

        assertThat(t.switchCount()).isEqualTo(3);
        assertThat(t.maxLid()).isEqualTo(10);
        assertThat(t.lft(2)).hasSize(11).containsOnly((byte) 0xFF);
        assertThat(t.port(1, 5)).isEqualTo(LftTables.NO_PATH);
        assertThat(t.port(1, 11)).isEqualTo(LftTables.NO_PATH);
        assertThat(t.entryBytes()).isEqualTo(33);
    }

    @Test
    void extraLidsTakeTheirBaseLidsEntriesInEverySwitch() {
        Subnet s = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        VPortFabrics.addVPorts(s, 1, false);
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(s), 0);
        LftTables t = LftTables.forInput(in);
        for (int sw = 0; sw < t.switchCount(); sw++) {
            for (int lid = 1; lid <= t.maxLid(); lid++) {
                t.setPort(sw, lid, (sw + lid) % 9);
            }
        }

        t.copyExtraLids(in);

        assertThat(in.extraLids()).hasSize(16);
        for (int sw = 0; sw < t.switchCount(); sw++) {
            for (int k = 0; k < in.extraLids().length; k++) {
                assertThat(t.port(sw, in.extraLids()[k])).isEqualTo(t.port(sw, in.extraLidBase()[k]));
            }
            assertThat(t.port(sw, 3)).isEqualTo((sw + 3) % 9);
        }
        assertThatThrownBy(() -> new LftTables(6, 3).copyExtraLids(in)).hasMessageContaining("not sized for");
    }

    @Test
    void setClearCopyAndCompare() {
        LftTables t = new LftTables(2, 4);
        t.setPort(0, 1, 7);
        t.lft(1)[4] = 3;

        LftTables c = t.copy();
        assertThat(c.contentEquals(t)).isTrue();
        assertThat(c.port(0, 1)).isEqualTo(7);
        assertThat(c.port(1, 4)).isEqualTo(3);

        t.clear();
        assertThat(t.port(0, 1)).isEqualTo(LftTables.NO_PATH);
        assertThat(c.contentEquals(t)).isFalse();
        assertThat(c.contentEquals(new LftTables(2, 5))).isFalse();
    }

    @Test
    void rejectsBadPortsAndSizes() {
        LftTables t = new LftTables(1, 4);
        assertThatThrownBy(() -> t.setPort(0, 1, 256)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port 256 out of range");
        assertThatThrownBy(() -> new LftTables(1, 0xC000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("below 0xc000");
    }

    @Test
    void appliesTheTablesAsWantedLftsBySwitchGuid() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), 0);
        LftTables t = LftTables.forInput(in);
        t.setPort(3, 9, 5);

        t.applyWanted(in, subnet);

        assertThat(subnet.switchAt(3).lft().wantedPort(9)).isEqualTo(5);
        assertThat(subnet.switchAt(3).lft().wantedPort(8)).isEqualTo(LftTables.NO_PATH);
        assertThat(subnet.switchAt(3).lft().wantedTop()).isEqualTo(9);
        assertThatThrownBy(() -> new LftTables(1, 4).applyWanted(in, subnet))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
