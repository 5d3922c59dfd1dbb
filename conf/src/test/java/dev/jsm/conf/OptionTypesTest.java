package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.text.CNumber;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing, formatting and range checks of the value types on their own. */
class OptionTypesTest {

    @Test
    void cNumbersUseBase0AndRejectJunk() {
        assertThat(CNumber.parseUnsigned("0")).isZero();
        assertThat(CNumber.parseUnsigned("010")).isEqualTo(8);
        assertThat(CNumber.parseUnsigned("0x1F")).isEqualTo(31);
        assertThat(CNumber.parseUnsigned("18446744073709551615")).isEqualTo(-1L);
        assertThat(CNumber.parseSigned("-1")).isEqualTo(-1);
        assertThat(CNumber.parseHex("fe80000000000000")).isEqualTo(0xfe80000000000000L);
        assertThat(CNumber.parseHex("0xFE")).isEqualTo(0xfe);
        for (String bad : new String[] {"", "0x", "08", "1 ", " 1", "1e3", "+1", "18446744073709551616", "\u0661"}) {
            assertThatThrownBy(() -> CNumber.parseUnsigned(bad)).as(bad).isInstanceOf(NumberFormatException.class);
        }
    }

    @Test
    void intTypeRangesAndStyles() throws BadValueException {
        IntType width = IntType.ranges(0, 31, 255, 255);
        assertThat(width.expected()).isEqualTo("an integer in 0..31 or 255");
        assertThat(IntType.ranges(0, 3, 7, 7, 9, 12).expected()).isEqualTo("an integer in 0..3, 7 or 9..12");
        assertThat(width.parse("255")).isEqualTo(255L);
        assertThat(width.accepts(100L)).isFalse();
        assertThatThrownBy(() -> width.parse("100")).hasMessage("expected an integer in 0..31 or 255, found '100'");
        assertThat(IntType.range(0, 255, IntType.Style.HEX2).format(3L)).isEqualTo("0x03");
        assertThat(IntType.range(0, 15, IntType.Style.HEX2_UPPER).format(10L)).isEqualTo("0x0A");
        assertThat(IntType.range(0, 0xFFFF, IntType.Style.HEX4_UPPER).format(0xabL)).isEqualTo("0x00AB");
        assertThat(IntType.range(0, 0xFFFFFFFFL, IntType.Style.HEX_UPPER).format(0L)).isEqualTo("0x0");
        assertThat(IntType.range(0, 0xFFFFFFFFL, IntType.Style.HEX_UPPER).format(0xabcdef12L)).isEqualTo("0xABCDEF12");
        assertThat(IntType.range(-1, 255).parse("-1")).isEqualTo(-1L);
    }

    @Test
    void hex64AndMasks() throws BadValueException {
        assertThat(Hex64Type.INSTANCE.format(-2L)).isEqualTo("0xfffffffffffffffe");
        assertThat(Hex64Type.INSTANCE.parseHex("10")).isEqualTo(16L);
        assertThat(Hex64Type.INSTANCE.parse("10")).isEqualTo(10L);
        assertThat(MaskType.INSTANCE.format(BigInteger.valueOf(0xab))).isEqualTo("0x" + "0".repeat(62) + "AB");
        assertThat(MaskType.INSTANCE.parse("F".repeat(64))).isEqualTo(BigInteger.ONE.shiftLeft(256).subtract(
                BigInteger.ONE));
        assertThat(MaskType.INSTANCE.accepts(BigInteger.ONE.shiftLeft(256))).isFalse();
        assertThat(MaskType.INSTANCE.parse("0x012")).isEqualTo(BigInteger.valueOf(0x12));
        for (String bad : new String[] {"", "0x", "0x" + "F".repeat(65), "-1", "+1", "0x-1", "1g", "\uff11"}) {
            assertThatThrownBy(() -> MaskType.INSTANCE.parse(bad)).as(bad).isInstanceOf(BadValueException.class);
        }
    }

    @Test
    void textChoiceAndQosLists() throws BadValueException {
        assertThat(TextType.PATH.parse("(null)")).isNull();
        assertThat(TextType.PATH.format(null)).isEqualTo("(null)");
        assertThat(TextType.PATH.accepts(" padded")).isFalse();
        assertThat(ChoiceType.of("a", "b").parse("b")).isEqualTo("b");
        assertThatThrownBy(() -> ChoiceType.of("a", "b").parse("B")).hasMessage("expected one of a, b, found 'B'");
        assertThat(QosListType.SL2VL.parse("(null)")).isNull();
        assertThat(QosListType.VL_ARB.accepts("0:255,14:0")).isTrue();
        assertThat(QosListType.VL_ARB.accepts("0:256")).isFalse();
        assertThat(QosListType.VL_ARB.accepts("0")).isFalse();
        assertThat(QosListType.SL2VL.accepts("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0")).isFalse();
    }

    @Test
    void cctAndPerSl() throws BadValueException {
        assertThat(CctTableType.INSTANCE.format(List.of())).isEqualTo("(null)");
        assertThat(CctTableType.INSTANCE.parse("(null)")).isEmpty();
        assertThat(CctTableType.INSTANCE.accepts(List.of(new CctEntry(1, 1)))).isTrue();
        assertThatThrownBy(() -> new CctEntry(4, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CctTableType.INSTANCE.parse("1:1,".repeat(129)))
                .isInstanceOf(BadValueException.class);
        PerSlType t = PerSlType.of(IntType.range(0, 255));
        PerSlValues v = t.parseOnto(t.parse("1\t9"), "15 0x10");
        assertThat(v).isEqualTo(PerSlValues.ZERO.with(1, 9).with(15, 16));
        assertThat(t.formatLines(v)).containsExactly("1 9", "15 16");
        assertThat(t.formatLines(PerSlValues.ZERO)).containsExactly("0 0");
        assertThat(v).hasToString("1:9 15:16");
    }

    @Test
    void booleans() throws BadValueException {
        assertThat(BoolType.INSTANCE.parse("TRUE")).isTrue();
        assertThat(BoolType.INSTANCE.parse("false")).isFalse();
        assertThatThrownBy(() -> BoolType.INSTANCE.parse("1")).hasMessage("expected TRUE or FALSE, found '1'");
    }
}
