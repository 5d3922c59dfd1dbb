package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The PortInfo values other managers want on a port: none at first, refused outside their fields' ranges. */
class PhysPortWishesTest {

    @Test
    void noWishAtFirstAndTheFieldsRangesHold() {
        Subnet s = new Subnet();
        PhysPort port = TestFabric.addSwitch(s, 0x100, 8).port(3);
        assertThat(port.partitionEnforcementWish()).isEqualTo(-1);
        assertThat(port.vlHighLimitWish()).isEqualTo(-1);

        port.setPartitionEnforcementWish(3);
        port.setVlHighLimitWish(255);
        assertThat(port.partitionEnforcementWish()).isEqualTo(3);
        assertThat(port.vlHighLimitWish()).isEqualTo(255);

        assertThatThrownBy(() -> port.setPartitionEnforcementWish(4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> port.setVlHighLimitWish(256)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> port.setVlHighLimitWish(-2)).isInstanceOf(IllegalArgumentException.class);
        assertThat(port.vlHighLimitWish()).isEqualTo(255);
    }
}
