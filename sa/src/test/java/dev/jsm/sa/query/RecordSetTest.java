package dev.jsm.sa.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The largest answer the SA builds follows the heap the launchers give the daemon. */
class RecordSetTest {

    private static final long MIB = 1 << 20;

    @Test
    void theCapIsASixteenthOfTheHeapWithinOneTo32MiB() {
        // fat2-648's heap as the launcher sizes it (69,690 KiB): a table of every PathRecord there (31.5 MB) no
        // longer fits, and two answers in flight with one being built take at most about a quarter of the heap
        assertThat(RecordSet.capFor(69_690L * 1024)).isEqualTo(69_690 * 1024 / 16);
        assertThat(RecordSet.capFor(272 * MIB)).isEqualTo(17 * MIB);
        assertThat(RecordSet.capFor(6L << 30)).isEqualTo(32 * MIB);
        assertThat(RecordSet.capFor(8 * MIB)).isEqualTo(MIB);
    }
}
