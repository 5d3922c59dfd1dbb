package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A VL arbitration block and its 64-byte wire layout (VL in the low nibble of byte 2i, weight in byte 2i+1). */
class VlArbBlockTest {

    @Test
    void holdsVlWeightPairsInWireLayout() {
        byte[] vls = new byte[32];
        int[] weights = new int[32];
        vls[0] = 2;
        weights[0] = 1;
        vls[31] = 14;
        weights[31] = 255;
        VlArbBlock block = new VlArbBlock(vls, weights);
        byte[] b = new byte[64];
        block.writeTo(b, 0);

        assertThat(b[0]).isEqualTo((byte) 2);
        assertThat(b[1]).isEqualTo((byte) 1);
        assertThat(b[62]).isEqualTo((byte) 14);
        assertThat(b[63]).isEqualTo((byte) 255);
        assertThat(block.vl(31)).isEqualTo(14);
        assertThat(block.weight(31)).isEqualTo(255);
        assertThat(block.weight(1)).isZero();
        b[0] |= (byte) 0xF0;
        assertThat(VlArbBlock.read(b, 0)).as("reserved nibble ignored").isEqualTo(block).hasSameHashCodeAs(block);
        assertThat(block.toString()).startsWith("VlArbBlock[2:1 0:0 ").endsWith(" 14:255]");
    }

    @Test
    void refusesWhatIsNotABlock() {
        assertThatThrownBy(() -> new VlArbBlock(new byte[31], new int[32])).hasMessageContaining("32 VLs");
        byte[] vls = new byte[32];
        vls[3] = 16;
        assertThatThrownBy(() -> new VlArbBlock(vls, new int[32])).hasMessageContaining("entry 3 16:0");
        assertThatThrownBy(() -> new VlArbBlock(new byte[32], new int[32]).vl(32))
                .hasMessage("VL arbitration entry 32 outside 0..31");
    }
}
