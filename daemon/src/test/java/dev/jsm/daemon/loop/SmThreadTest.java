package dev.jsm.daemon.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SmThreadTest {

    @Test
    void tasksQueuedWhileOneRunsRunInOrderAndAFailureStopsNone() throws Exception {
        List<Integer> ran = new ArrayList<>();
        CountDownLatch release = new CountDownLatch(1);
        SmThread sm = new SmThread();
        try {
            sm.execute(() -> {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            for (int i = 0; i < 300; i++) { // more than one batch is taken from the queue while the first task waits
                int n = i;
                sm.execute(() -> {
                    ran.add(n);
                    if (n == 70) {
                        throw new IllegalStateException("task 70 fails");
                    }
                });
            }
            release.countDown();
            assertThat(sm.call(() -> List.copyOf(ran))).hasSize(300).isSorted();
        } finally {
            sm.close();
        }
    }

    @Test
    void closeRunsWhatWasQueuedBeforeAndRejectsWhatComesAfter() {
        List<Integer> ran = new ArrayList<>();
        SmThread sm = new SmThread();
        for (int i = 0; i < 100; i++) {
            int n = i;
            sm.execute(() -> ran.add(n));
        }
        sm.close();
        assertThat(ran).hasSize(100);
        assertThatThrownBy(() -> sm.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
    }
}
