package dev.jsm.daemon.loop;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * A timer thread ({@code jsm-timer}) whose tasks cannot die silently of an error: a scheduled executor keeps what a
 * task threw in the task's future, where nobody looks, and a periodic task that threw never runs again. Here an
 * {@link Error} ends the thread's task the way it would end a plain thread - it goes to the thread's
 * uncaught-exception handler (the process's: {@code FatalErrors} logs it and exits) - while a runtime exception of
 * a one-shot task stays with its future, as before.
 *
 * <p>Thread-safe (a {@link ScheduledThreadPoolExecutor}).
 */
public final class TimerThread extends ScheduledThreadPoolExecutor {

    private TimerThread(String name) {
        super(1, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** A single daemon thread named {@code name}. */
    public static ScheduledExecutorService create(String name) {
        return new TimerThread(name);
    }

    @Override
    protected void afterExecute(Runnable r, Throwable t) {
        super.afterExecute(r, t);
        if (t == null && r instanceof Future<?> f && f.isDone() && !f.isCancelled()) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) {
                    Thread thread = Thread.currentThread();
                    thread.getUncaughtExceptionHandler().uncaughtException(thread, error);
                }
            } catch (CancellationException e) {
                // cancelled: nothing was thrown by the task
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
