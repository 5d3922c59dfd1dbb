package dev.jsm.daemon.link;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.partitions.PartEnforce;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import org.junit.jupiter.api.Test;

/** The managers' wishes: kept as set, and gone with the port when its node leaves and comes back. */
class PortWishesTest {

    private final PortWishes wishes = new PortWishes();

    @Test
    void eachEnforcementAndLimitReadsBackAsSetAndNoneIsNull() {
        PhysPort port = switchPort(new Subnet());
        assertThat(wishes.partitionEnforcement(port)).isNull();
        assertThat(wishes.vlHighLimit(port)).isEqualTo(-1);
        for (PartEnforce e : PartEnforce.values()) {
            wishes.setPartitionEnforcement(port, e);
            assertThat(wishes.partitionEnforcement(port)).isEqualTo(e);
        }
        wishes.setPartitionEnforcement(port, null);
        assertThat(wishes.partitionEnforcement(port)).isNull();
        wishes.setVlHighLimit(port, 255);
        assertThat(wishes.vlHighLimit(port)).isEqualTo(255);
        wishes.setVlHighLimit(port, 0);
        assertThat(wishes.vlHighLimit(port)).isEqualTo(0);
    }

    @Test
    void aNodeThatLeftAndCameBackHasNoWishes() {
        Subnet s = new Subnet();
        PhysPort before = switchPort(s);
        wishes.setPartitionEnforcement(before, PartEnforce.BOTH);
        wishes.setVlHighLimit(before, 4);

        s.removeNode(before.node());
        PhysPort after = switchPort(s);

        assertThat(after).isNotSameAs(before);
        assertThat(wishes.partitionEnforcement(after)).isNull();
        assertThat(wishes.vlHighLimit(after)).isEqualTo(-1);
    }

    private static PhysPort switchPort(Subnet s) {
        Node sw = s.addNode(NodeKind.SWITCH, 0x100, 4);
        s.addPort(sw, 0, 0x100);
        return s.addPort(sw, 1, 0x100);
    }
}
