package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The SL-to-VL map and its 8-byte wire layout (SL 2i in the high nibble of byte i). */
class Sl2VlMapTest {

    private static final Sl2VlMap HPC = Sl2VlMap.of(0, 1, 2, 3, 4, 5, 6, 7, 15, 15, 15, 15, 15, 15, 15, 15);

    @Test
    void holdsOneVlPerSlInWireLayout() {
        byte[] b = new byte[10];
        HPC.writeTo(b, 1);

        assertThat(b).containsExactly(0, 0x01, 0x23, 0x45, 0x67, 0xFF, 0xFF, 0xFF, 0xFF, 0);
        assertThat(HPC.bits()).isEqualTo(0x01234567FFFFFFFFL);
        assertThat(HPC.vl(3)).isEqualTo(3);
        assertThat(HPC.vl(8)).isEqualTo(Sl2VlMap.VL_DROP);
        assertThat(Sl2VlMap.read(b, 1)).isEqualTo(HPC).hasSameHashCodeAs(HPC);
        assertThat(HPC).hasToString("Sl2VlMap[0,1,2,3,4,5,6,7,15,15,15,15,15,15,15,15]");
        assertThat(Sl2VlMap.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7)).isNotEqualTo(HPC);
    }

    @Test
    void refusesWhatIsNotAMap() {
        assertThatThrownBy(() -> Sl2VlMap.of(1, 2, 3)).hasMessage("an SL-to-VL map has 16 VLs, not 3");
        assertThatThrownBy(() -> Sl2VlMap.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16))
                .hasMessage("VL 16 outside 0..15");
        assertThatThrownBy(() -> HPC.vl(16)).hasMessage("SL 16 outside 0..15");
    }
}
