package dev.jsm.daemon.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The cache files' numbers: {@code 0x} and 1 to N hex digits, nothing else. */
class CacheFilesTest {

    @Test
    void hexNeedsItsPrefixAndAtMostNDigits() {
        assertThat(CacheFiles.hex("0x0002c90200000001", 16)).isEqualTo(0x0002c90200000001L);
        assertThat(CacheFiles.hex("0XffFF", 4)).isEqualTo(0xffff);
        assertThat(CacheFiles.hex("0xffffffffffffffff", 16)).isEqualTo(-1L);
        for (String bad : new String[] {"12", "ff", "0x", "0x12345", "0x+1", "0x-1", "0xg", "0x1 "}) {
            assertThatThrownBy(() -> CacheFiles.hex(bad, 4)).as(bad).isInstanceOf(NumberFormatException.class);
        }
    }
}
