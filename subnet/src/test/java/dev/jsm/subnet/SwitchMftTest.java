package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SwitchMftTest {

    private static SwitchMft newMft(int numPorts) {
        return TestFabric.addSwitch(new Subnet(), 0x100, numPorts).asSwitch().mft();
    }

    @Test
    void positionsCoverPortsZeroToNumPorts() {
        assertThat(newMft(8).positions()).isEqualTo(1);
        assertThat(newMft(15).positions()).isEqualTo(1);
        assertThat(newMft(16).positions()).isEqualTo(2);
        assertThat(newMft(36).positions()).isEqualTo(3);
    }

    @Test
    void portMasksPerPosition() {
        SwitchMft mft = newMft(36);
        mft.setWantedPort(0xC000, 0, true);
        mft.setWantedPort(0xC000, 17, true);
        mft.setWantedPort(0xC000, 36, true);
        assertThat(mft.wantedMask(0xC000, 0)).isEqualTo(0x0001);
        assertThat(mft.wantedMask(0xC000, 1)).isEqualTo(0x0002);
        assertThat(mft.wantedMask(0xC000, 2)).isEqualTo(0x0010);
        assertThat(mft.wantedHasPort(0xC000, 17)).isTrue();
        assertThat(mft.wantedHasPort(0xC000, 16)).isFalse();
        assertThat(mft.wantedHasPort(0xC001, 17)).isFalse();
        mft.setWantedPort(0xC000, 17, false);
        assertThat(mft.wantedMask(0xC000, 1)).isZero();
        mft.setWantedPort(0xC100, 3, false);
        assertThat(mft.blockCount()).isEqualTo(1);
    }

    @Test
    void blockDiffAndTop() {
        SwitchMft mft = newMft(8);
        assertThat(mft.wantedTop()).isZero();
        mft.setWantedPort(0xC000 + 40, 2, true);
        assertThat(mft.wantedTop()).isEqualTo(0xC028);
        assertThat(mft.blockCount()).isEqualTo(2);
        assertThat(mft.blockDiffers(0, 0)).isTrue();
        assertThat(mft.blockDiffers(0, 1)).isTrue();
        mft.markProgrammed(0, 0);
        mft.markProgrammed(0, 1);
        assertThat(mft.blockDiffers(0, 0)).isFalse();
        assertThat(mft.blockDiffers(0, 1)).isFalse();
        assertThat(mft.programmedMask(0xC028, 0)).isEqualTo(0x4);

        mft.setWantedPort(0xC001, 5, true);
        assertThat(mft.blockDiffers(0, 0)).isTrue();
        assertThat(mft.blockDiffers(0, 1)).isFalse();
        int[] payload = new int[32];
        mft.copyWantedBlock(0, 0, payload);
        assertThat(payload[1]).isEqualTo(0x20);

        mft.clearWanted();
        assertThat(mft.wantedTop()).isZero();
        assertThat(mft.blockDiffers(0, 1)).isTrue();
        mft.forgetProgrammed();
        assertThat(mft.programmedMask(0xC028, 0)).isZero();
    }

    @Test
    void programmedBlockFromGet() {
        SwitchMft mft = newMft(36);
        int[] masks = new int[32];
        masks[3] = 0x8001;
        mft.setProgrammedBlock(1, 2, masks);
        assertThat(mft.programmedMask(0xC000 + 64 + 3, 1)).isEqualTo(0x8001);
        assertThat(mft.programmedCopy()[1][67]).isEqualTo((short) 0x8001);
        assertThat(mft.blockDiffers(1, 2)).isTrue();
        mft.setWantedPort(0xC043, 16, true);
        mft.setWantedPort(0xC043, 31, true);
        assertThat(mft.blockDiffers(1, 2)).isFalse();
    }

    @Test
    void validation() {
        SwitchMft mft = newMft(8);
        assertThatThrownBy(() -> mft.setWantedPort(0xBFFF, 1, true))
                .hasMessage("0xbfff is not a multicast LID (0xc000-0xfffe)");
        assertThatThrownBy(() -> mft.setWantedPort(0xC000, 9, true))
                .hasMessage("port 9 out of range (switch has ports 0-8)");
        assertThatThrownBy(() -> mft.setProgrammedBlock(0, 512, new int[32]))
                .hasMessage("MFT block 512 out of range (expected 0-511)");
        mft.setWantedPort(0xFFFE, 8, true);
        assertThat(mft.wantedTop()).isEqualTo(0xFFFE);
        assertThat(mft.blockCount()).isEqualTo(512);
    }
}
