package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LidTest {

    @Test
    void classifiesRanges() {
        assertThat(Lid.isUnicast(0)).isFalse();
        assertThat(Lid.isUnicast(1)).isTrue();
        assertThat(Lid.isUnicast(0xBFFF)).isTrue();
        assertThat(Lid.isUnicast(0xC000)).isFalse();
        assertThat(Lid.isMulticast(0xBFFF)).isFalse();
        assertThat(Lid.isMulticast(0xC000)).isTrue();
        assertThat(Lid.isMulticast(0xFFFE)).isTrue();
        assertThat(Lid.isMulticast(0xFFFF)).isFalse();
        assertThat(Lid.of(0xFFFF).isPermissive()).isTrue();
        assertThat(Lid.of(0xC001).isMulticast()).isTrue();
        assertThat(Lid.of(0x12).isUnicast()).isTrue();
    }

    @Test
    void printsFourHexDigits() {
        assertThat(Lid.of(0x1a)).hasToString("0x001a");
        assertThat(Lid.toString(0xc000)).isEqualTo("0xc000");
        assertThat(Lid.toString(8)).isEqualTo("0x0008");
        assertThat(Lid.toString(0)).isEqualTo("0x0000");
    }

    @Test
    void parsesHexAndDecimal() {
        assertThat(Lid.parse("0x1a")).isEqualTo(Lid.of(26));
        assertThat(Lid.parse("0X001A")).isEqualTo(Lid.of(26));
        assertThat(Lid.parse(" 26 ")).isEqualTo(Lid.of(26));
        assertThat(Lid.parse("65535").isPermissive()).isTrue();
        assertThat(Lid.parse("0xffff").isPermissive()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0", "0x0", "65536", "0x10000", "abc", "-1", "+1", "0x", "1a", "0x+1"})
    void rejectsMalformedOrOutOfRangeText(String text) {
        assertThatThrownBy(() -> Lid.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not a LID: \"" + text + "\" (expected 0x0001-0xffff");
    }

    @Test
    void rejectsOutOfRangeValues() {
        assertThatThrownBy(() -> Lid.of(0)).hasMessage("LID 0x0 out of range (expected 0x0001-0xffff)");
        assertThatThrownBy(() -> Lid.of(0x10000)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void baseLidClearsLmcBits() {
        assertThat(Lid.baseLid(0x0b, 2)).isEqualTo(0x08);
        assertThat(Lid.baseLid(0x0b, 0)).isEqualTo(0x0b);
        assertThat(Lid.of(0x0f).baseLid(3)).isEqualTo(Lid.of(0x08));
        assertThatThrownBy(() -> Lid.baseLid(8, 8)).hasMessage("LMC 8 out of range (expected 0-7)");
    }

    @Test
    void rangeOfLmc() {
        LidRange r = Lid.of(0x0a).range(2);
        assertThat(r).isEqualTo(LidRange.of(8, 2));
        assertThat(r.first()).isEqualTo(8);
        assertThat(r.last()).isEqualTo(11);
        assertThat(r.count()).isEqualTo(4);
        assertThat(r.contains(7)).isFalse();
        assertThat(r.contains(8)).isTrue();
        assertThat(r.contains(11)).isTrue();
        assertThat(r.contains(12)).isFalse();
        assertThat(r).hasToString("0x0008-0x000b");
        assertThat(LidRange.single(5)).hasToString("0x0005");
        assertThatThrownBy(() -> Lid.of(0xC000).range(0)).hasMessageContaining("not a unicast LID");
    }

    @Test
    void rangeOverlap() {
        assertThat(LidRange.of(8, 2).overlaps(LidRange.single(11))).isTrue();
        assertThat(LidRange.of(8, 2).overlaps(LidRange.single(12))).isFalse();
    }

    @Test
    void rangeValidation() {
        assertThatThrownBy(() -> LidRange.of(6, 2))
                .hasMessage("base LID 0x0006 is not aligned to LMC 2 (expected a multiple of 4)");
        assertThatThrownBy(() -> LidRange.of(0, 0))
                .hasMessage("base LID 0x0 is not unicast (expected 0x0001-0xbfff)");
        assertThatThrownBy(() -> LidRange.of(0xC000, 0)).hasMessageContaining("is not unicast");
        assertThatThrownBy(() -> LidRange.of(8, 8)).hasMessage("LMC 8 out of range (expected 0-7)");
        assertThat(LidRange.of(0xBF80, 7).last()).isEqualTo(0xBFFF);
    }

    @Test
    void lidRangesAreEqualByBaseAndLmc() {
        assertThat(LidRange.of(8, 2)).isEqualTo(LidRange.of(8, 2)).hasSameHashCodeAs(LidRange.of(8, 2))
                .isNotEqualTo(LidRange.of(8, 1)).isNotEqualTo(LidRange.of(12, 2)).isNotEqualTo(null);
    }
}
