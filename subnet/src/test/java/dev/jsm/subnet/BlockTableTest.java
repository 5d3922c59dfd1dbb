package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlockTableTest {

    private static final byte[] DEFAULT_PKEYS = new byte[64];

    static {
        DEFAULT_PKEYS[0] = (byte) 0xFF;
        DEFAULT_PKEYS[1] = (byte) 0xFF;
    }

    @Test
    void anUnknownBlockDiffersUntilItsHeldContentIsRecorded() {
        BlockTable t = new BlockTable(2, 64);
        t.setWanted(0, DEFAULT_PKEYS, 0);

        assertThat(t.blockDiffers(0)).isTrue();
        assertThat(t.blockDiffers(1)).as("unknown, even though nothing is wanted").isTrue();
        t.setHeld(0, DEFAULT_PKEYS, 0);
        t.setHeld(1, new byte[64], 0);
        assertThat(t.blockDiffers(0)).isFalse();
        assertThat(t.blockDiffers(1)).isFalse();
    }

    @Test
    void aChangedWantedBlockDiffersAndCopiesOut() {
        BlockTable t = new BlockTable(1, 8);
        byte[] sl2vl = {0x01, 0x23, 0x45, 0x67, 0x01, 0x23, 0x45, 0x67};
        t.setHeld(0, new byte[8], 0);
        t.setWanted(0, sl2vl, 0);

        assertThat(t.blockDiffers(0)).isTrue();
        byte[] mad = new byte[72];
        t.copyWanted(0, mad, 64);
        assertThat(mad).endsWith(sl2vl);
        t.setHeld(0, mad, 64);
        assertThat(t.blockDiffers(0)).isFalse();
        assertThat(t.isWanted(0)).isTrue();
    }

    @Test
    void forgettingTheHeldContentMakesEveryBlockDifferAgain() {
        BlockTable t = new BlockTable(3, 64);
        for (int b = 0; b < 3; b++) {
            t.setHeld(b, new byte[64], 0);
        }
        t.forgetHeld();

        assertThat(t.blockDiffers(0)).isTrue();
        assertThat(t.isHeldKnown(2)).isFalse();
        t.clearWanted();
        assertThat(t.isWanted(0)).isFalse();
    }

    @Test
    void blocksOutsideTheTableAreRefused() {
        BlockTable t = new BlockTable(2, 64);
        assertThatThrownBy(() -> t.blockDiffers(2)).hasMessageContaining("block 2 out of range");
        assertThatThrownBy(() -> new BlockTable(0, 64)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTableIsKnownWhenEveryBlockIsHeld() {
        BlockTable t = new BlockTable(2, 8);
        assertThat(t.allHeldKnown()).isFalse();
        t.setHeld(0, new byte[8], 0);
        assertThat(t.allHeldKnown()).isFalse();
        t.setHeld(1, new byte[8], 0);
        assertThat(t.allHeldKnown()).isTrue();
        t.forgetHeld();
        assertThat(t.allHeldKnown()).isFalse();
    }
}
