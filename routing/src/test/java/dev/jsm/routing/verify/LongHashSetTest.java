package dev.jsm.routing.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class LongHashSetTest {

    @Test
    void keepsDistinctValuesThroughGrowth() {
        LongHashSet set = new LongHashSet();
        TreeSet<Long> reference = new TreeSet<>();
        SplittableRandom rnd = new SplittableRandom(1);
        for (int i = 0; i < 20_000; i++) {
            long v = rnd.nextLong(5_000) << 32 | rnd.nextInt(3);
            assertThat(set.add(v)).isEqualTo(reference.add(v));
        }

        assertThat(set.size()).isEqualTo(reference.size());
        long[] sorted = set.toSortedArray();
        assertThat(sorted).containsExactly(reference.stream().mapToLong(Long::longValue).toArray());
    }
}
