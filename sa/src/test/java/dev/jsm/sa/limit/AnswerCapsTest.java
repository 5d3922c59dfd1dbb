package dev.jsm.sa.limit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The largest answer the SA builds follows the heap the launchers give the daemon. */
class AnswerCapsTest {

    private static final long MIB = 1 << 20;

    @Test
    void theCapIsASixteenthOfTheHeapWithinOneTo32MiB() {
        // fat2-648's heap as the launcher sizes it (69,690 KiB): a table of every PathRecord there (31.5 MB) no
        // longer fits, and two answers in flight with one being built take at most about a quarter of the heap
        assertThat(AnswerCaps.capFor(69_690L * 1024)).isEqualTo(69_690 * 1024 / 16);
        assertThat(AnswerCaps.capFor(272 * MIB)).isEqualTo(17 * MIB);
        assertThat(AnswerCaps.capFor(6L << 30)).isEqualTo(32 * MIB);
        assertThat(AnswerCaps.capFor(8 * MIB)).isEqualTo(MIB);
    }
}
