package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelRangesTest {

    @Test
    void coversEveryIndexExactlyOnce() {
        for (int threads : new int[] {1, 2, 4}) {
            AtomicIntegerArray hits = new AtomicIntegerArray(1000);
            ParallelRanges.run(1000, threads, 7, (from, to) -> {
                for (int i = from; i < to; i++) {
                    hits.incrementAndGet(i);
                }
            });
            for (int i = 0; i < 1000; i++) {
                assertThat(hits.get(i)).as("index %d with %d threads", i, threads).isEqualTo(1);
            }
        }
    }

    @Test
    void smallRangesRunOnTheCallingThread() {
        Thread caller = Thread.currentThread();
        ParallelRanges.run(5, 4, 8, (from, to) -> {
            assertThat(Thread.currentThread()).isSameAs(caller);
            assertThat(from).isZero();
            assertThat(to).isEqualTo(5);
        });
        ParallelRanges.run(0, 4, 1, (from, to) -> {
            throw new AssertionError("called for an empty range");
        });
    }

    @Test
    void rethrowsAChunksException() {
        assertThatThrownBy(() -> ParallelRanges.run(100, 2, 1, (from, to) -> {
            if (from <= 50 && 50 < to) {
                throw new IllegalStateException("boom at 50");
            }
        })).hasMessageContaining("boom at 50");
    }
}
