package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GuidTest {

    @Test
    void printsSixteenHexDigits() {
        assertThat(Guid.of(0x2c90300a1b2c3L)).hasToString("0x0002c90300a1b2c3");
        assertThat(Guid.toString(0xf452140300001000L)).isEqualTo("0xf452140300001000");
        assertThat(Guid.toString(0x10L)).isEqualTo("0x0000000000000010");
        assertThat(Guid.of(0)).hasToString("0x0000000000000000");
    }

    @Test
    void parsesWithOrWithoutPrefix() {
        assertThat(Guid.parse("0x0002c90300a1b2c3").value()).isEqualTo(0x0002c90300a1b2c3L);
        assertThat(Guid.parse("2c90300a1b2c3").value()).isEqualTo(0x0002c90300a1b2c3L);
        assertThat(Guid.parse(" 0XF452140300001000 ").value()).isEqualTo(0xf452140300001000L);
        assertThat(Guid.parseLong("ffffffffffffffff")).isEqualTo(-1L);
        assertThat(Guid.parse("1").value()).isEqualTo(1L);
    }

    @Test
    void parseRoundTripsToString() {
        long g = 0x8000000000000001L;
        assertThat(Guid.parse(Guid.toString(g))).isEqualTo(Guid.of(g));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0x", "  ", "xyz", "0x12345678901234567", "-1", "0x-1", "12 34", "0xg"})
    void rejectsMalformedText(String text) {
        assertThatThrownBy(() -> Guid.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a GUID: \"" + text + "\" (expected 1-16 hex digits, optionally 0x-prefixed)");
    }

    @Test
    void comparesUnsigned() {
        List<Guid> guids = new ArrayList<>(List.of(Guid.of(0xf452140300001000L), Guid.of(0x10), Guid.of(0x2)));
        guids.sort(null);
        assertThat(guids).containsExactly(Guid.of(0x2), Guid.of(0x10), Guid.of(0xf452140300001000L));
        assertThat(Guid.compare(-1L, 1L)).isPositive();
    }
}
