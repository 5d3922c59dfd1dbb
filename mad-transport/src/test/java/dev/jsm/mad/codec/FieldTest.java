package dev.jsm.mad.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Field bit arithmetic at the edges, and the dump of values that do not fit a signed long. */
class FieldTest {

    @Test
    void subByteFieldsUseSpecBitNumbering() {
        byte[] b = {(byte) 0x74, (byte) 0x52};
        assertThat(Field.bits("LinkSpeedSupported", 0, 7, 4).getInt(b, 0)).isEqualTo(7);
        assertThat(Field.bits("PortState", 0, 3, 0).getInt(b, 0)).isEqualTo(4);
        Field straddling = Field.bits("x", 4, 8);           // low nibble of byte 0, high nibble of byte 1
        assertThat(straddling.getInt(b, 0)).isEqualTo(0x45);
        straddling.put(b, 0, 0xAB);
        assertThat(b).containsExactly(0x7A, 0xB2);
    }

    @Test
    void wholeByteFieldsWriteOnlyTheirBytesAndTheLowBitsOfTheValue() {
        byte[] b = {0x5A, 0x5A, 0x5A, 0x5A, 0x5A};
        Field.u16("AttributeID", 1).put(b, 0, 0x1_ABCDL);
        assertThat(b).containsExactly(0x5A, 0xAB, 0xCD, 0x5A, 0x5A);
        Field.u8("Method", 0).put(b, 3, -1L);
        assertThat(b).containsExactly(0x5A, 0xAB, 0xCD, 0xFF, 0x5A);
    }

    @Test
    void integersMaySpanAtMostEightBytes() {
        assertThat(Field.bits("ok", 4, 60).bitWidth()).isEqualTo(60);
        assertThatThrownBy(() -> Field.bits("x", 4, 61)).hasMessage("x: integer spans more than 8 bytes");
        assertThatThrownBy(() -> Field.bits("guid", 4, 64)).hasMessage("guid: integer spans more than 8 bytes");
    }

    @Test
    void wideUnsignedValuesRoundTripAndDumpUnsigned() {
        byte[] b = new byte[8];
        Field key = Field.u64("M_Key", 0);
        key.put(b, 0, 0xFFFF_FFFF_FFFF_FFFFL);
        assertThat(key.getLong(b, 0)).isEqualTo(-1L);
        assertThat(Layout.of("k", 8, key).dump(b, 0))
                .isEqualTo("M_Key=18446744073709551615 (0xffffffffffffffff)\n");
        Field u32 = Field.u32("ActCount", 0);
        u32.put(b, 0, 0xFFFF_FFF0L);
        assertThat(u32.getLong(b, 0)).isEqualTo(0xFFFF_FFF0L);
    }
}
