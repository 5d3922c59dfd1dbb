package dev.jsm.daemon.loop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An error thrown by a timer task reaches the uncaught-exception handler instead of dying in the task's future. */
class TimerThreadTest {

    @Test
    void anErrorOfAPeriodicTaskGoesToTheUncaughtExceptionHandler() throws Exception {
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        CompletableFuture<Throwable> seen = new CompletableFuture<>();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> seen.complete(e));
        ScheduledExecutorService timer = TimerThread.create("jsm-timer-test");
        try {
            timer.schedule(() -> {
                throw new IllegalStateException("a runtime exception stays with its future");
            }, 0, TimeUnit.MILLISECONDS);
            timer.scheduleWithFixedDelay(() -> {
                throw new OutOfMemoryError("test");
            }, 1, 1, TimeUnit.MILLISECONDS);
            assertThat(seen.get(30, TimeUnit.SECONDS)).isInstanceOf(OutOfMemoryError.class).hasMessage("test");
        } finally {
            timer.shutdownNow();
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }
}
