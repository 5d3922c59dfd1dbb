package dev.jsm.mad.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The annotated hex fixture reader the golden tests rely on. */
class HexFixtureTest {

    @Test
    void readsGroupsCommentsAndRepeats() {
        assertThat(HexFixture.parse("""
                01 0203      // a comment with hex-looking words: ff ee
                # a comment line
                ab*3         // repeat one byte
                0a0b*2       // repeat a group
                """)).containsExactly(0x01, 0x02, 0x03, 0xab, 0xab, 0xab, 0x0a, 0x0b, 0x0a, 0x0b);
    }

    @Test
    void namesTheBadLine() {
        assertThatThrownBy(() -> HexFixture.parse("00\n0g // oops\n")).hasMessageStartingWith("fixture line 2:");
        assertThatThrownBy(() -> HexFixture.parse("012\n")).hasMessageStartingWith("fixture line 1: odd number");
        assertThatThrownBy(() -> HexFixture.parse("00*x\n")).hasMessageContaining("expected a count");
    }
}
