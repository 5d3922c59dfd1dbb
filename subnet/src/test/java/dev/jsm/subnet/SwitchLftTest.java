package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SwitchLftTest {

    private static SwitchLft newLft() {
        Subnet s = new Subnet();
        return TestFabric.addSwitch(s, 0x100, 8).asSwitch().lft();
    }

    private static byte[] table(int size, int port) {
        byte[] t = new byte[size];
        Arrays.fill(t, (byte) port);
        t[0] = (byte) SwitchLft.NO_PATH;
        return t;
    }

    /** A new switch that wants {@code t} and holds its first block. */
    private static SwitchLft firstBlockProgrammed(byte[] t) {
        SwitchLft lft = newLft();
        lft.setWanted(t);
        lft.markProgrammed(0);
        return lft;
    }

    @Test
    void newSwitchHasEveryWantedBlockToSend() {
        SwitchLft lft = newLft();
        assertThat(lft.blockCount()).isZero();
        lft.setWanted(table(100, 3));
        assertThat(lft.blockCount()).isEqualTo(2);
        assertThat(lft.blockDiffers(0)).isTrue();
        assertThat(lft.blockDiffers(1)).isTrue();
        assertThat(lft.wantedPort(99)).isEqualTo(3);
        assertThat(lft.wantedPort(100)).isEqualTo(SwitchLft.NO_PATH);
        assertThat(lft.wantedPort(5000)).isEqualTo(SwitchLft.NO_PATH);
        assertThat(lft.wantedCopy()).hasSize(100);
        assertThat(lft.wantedTop()).isEqualTo(99);
    }

    @Test
    void onlyChangedBlocksDifferAfterProgramming() {
        SwitchLft lft = newLft();
        lft.setWanted(table(192, 2));
        for (int b = 0; b < lft.blockCount(); b++) {
            lft.markProgrammed(b);
        }
        assertThat(lft.programmedPort(150)).isEqualTo(2);
        for (int b = 0; b < 3; b++) {
            assertThat(lft.blockDiffers(b)).isFalse();
        }

        lft.setWantedPort(70, 5);
        assertThat(lft.blockDiffers(0)).isFalse();
        assertThat(lft.blockDiffers(1)).isTrue();
        assertThat(lft.blockDiffers(2)).isFalse();
        byte[] payload = new byte[64 + 8];
        lft.copyWanted(1, payload, 8);
        assertThat(payload[8 + 6]).isEqualTo((byte) 5);
        assertThat(payload[8 + 7]).isEqualTo((byte) 2);

        lft.markProgrammed(1);
        assertThat(lft.blockDiffers(1)).isFalse();
        assertThat(lft.programmedPort(70)).isEqualTo(5);
    }

    @Test
    void aDifferenceInAnyEntryOfABlockIsFound() {
        // whole blocks in both tables (compared as ranges), and a last block that one table covers only in part
        for (int size : new int[] {192, 100}) {
            for (int lid : new int[] {64, 70, 99, 127}) {
                if (lid >= size) {
                    continue;
                }
                SwitchLft lft = newLft();
                lft.setWanted(table(size, 2));
                for (int b = 0; b < lft.blockCount(); b++) {
                    lft.markProgrammed(b);
                }
                lft.setWantedPort(lid, 6);
                assertThat(lft.blockDiffers(0)).isFalse();
                assertThat(lft.blockDiffers(1)).as("LID %d of a %d-entry table", lid, size).isTrue();
            }
        }
    }

    @Test
    void shrinkingTheWantedTableClearsStaleBlocks() {
        SwitchLft lft = newLft();
        lft.setWanted(table(192, 2));
        for (int b = 0; b < 3; b++) {
            lft.markProgrammed(b);
        }
        lft.setWanted(table(64, 2));
        assertThat(lft.blockCount()).isEqualTo(3);
        assertThat(lft.blockDiffers(0)).isFalse();
        assertThat(lft.blockDiffers(2)).isTrue();
        byte[] payload = new byte[64];
        lft.copyWanted(2, payload, 0);
        assertThat(payload).containsOnly((byte) 0xFF);
    }

    @Test
    void programmedBlocksFromGetAndForget() {
        SwitchLft lft = newLft();
        lft.setWanted(table(64, 4));
        byte[] fromSwitch = table(64, 4);
        lft.setHeld(0, fromSwitch, 0);
        assertThat(lft.blockDiffers(0)).isFalse();
        fromSwitch[10] = 9;
        assertThat(lft.programmedPort(10)).isEqualTo(4);

        lft.forgetProgrammed();
        assertThat(lft.blockDiffers(0)).isTrue();
        assertThat(lft.programmedPort(10)).isEqualTo(SwitchLft.NO_PATH);
        assertThat(lft.programmedCopy()).isEmpty();
    }

    @Test
    void theWantedArrayIsKeptAndNeverWritten() {
        SwitchLft lft = newLft();
        byte[] t = table(64, 1);
        lft.setWanted(t);
        lft.setWantedPort(5, 7);
        assertThat(lft.wantedPort(5)).isEqualTo(7);
        assertThat(t[5]).isEqualTo((byte) 1);
        lft.wantedCopy()[6] = 7;
        assertThat(lft.wantedPort(6)).isEqualTo(1);
    }

    @Test
    void aSwitchHoldingTheWantedTableKeepsOneArrayForBoth() {
        byte[] t = table(100, 2);
        SwitchLft lft = firstBlockProgrammed(t);
        lft.markProgrammed(1);
        assertThat(lft.programmedForSnapshot()).isNotSameAs(t).hasSize(128);

        lft.shareWantedIfHeld();
        assertThat(lft.programmedForSnapshot()).isSameAs(t);
        assertThat(lft.blockDiffers(0)).isFalse();
        assertThat(lft.blockDiffers(1)).isFalse();

        byte[] held = table(64, 9);
        lft.setHeld(1, held, 0);
        assertThat(lft.programmedPort(70)).isEqualTo(9);
        assertThat(lft.blockDiffers(1)).isTrue();
        assertThat(t[70]).isEqualTo((byte) 2);
        assertThat(lft.wantedPort(70)).isEqualTo(2);
    }

    @Test
    void aSwitchHoldingOtherEntriesKeepsItsOwnArray() {
        byte[] t = table(100, 2);
        SwitchLft lft = firstBlockProgrammed(t);
        byte[] held = new byte[64];
        Arrays.fill(held, (byte) SwitchLft.NO_PATH);
        Arrays.fill(held, 0, 36, (byte) 2);
        held[5] = 3;
        lft.setHeld(1, held, 0);
        lft.shareWantedIfHeld();
        assertThat(lft.programmedForSnapshot()).as("LID 69 differs").isNotSameAs(t);

        held[5] = 2;
        held[46] = 2;
        lft.setHeld(1, held, 0);
        lft.shareWantedIfHeld();
        assertThat(lft.programmedForSnapshot()).as("LID 110, past the wanted table, has a port").isNotSameAs(t);

        held[46] = (byte) SwitchLft.NO_PATH;
        lft.setHeld(1, held, 0);
        lft.shareWantedIfHeld();
        assertThat(lft.programmedForSnapshot()).isSameAs(t);
    }

    @Test
    void validation() {
        SwitchLft lft = newLft();
        assertThatThrownBy(() -> lft.setWantedPort(0xC000, 1))
                .hasMessage("LID 0xc000 is outside the LFT range 0-0xbfff");
        assertThatThrownBy(() -> lft.setWantedPort(1, 256))
                .hasMessage("port 256 out of range (expected 0-254, or 255 for no path)");
        assertThatThrownBy(() -> lft.setWanted(new byte[0xC001]))
                .hasMessage("LFT of 49153 entries exceeds LIDs 0-0xbfff");
        lft.setWanted(new byte[0xC000]);
        assertThat(lft.blockCount()).isEqualTo(768);
        assertThat(lft.wantedTop()).isEqualTo(0xBFFF);
    }
}
