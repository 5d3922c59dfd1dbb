package dev.jsm.daemon.sweep;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The work a sweep leaves for after it has ended (after SUBNET UP and the listeners, or after it failed): work that
 * only reports or records, which should neither take CPU from the sweep while its MADs are on the wire nor keep the
 * event loop from the next event - the route check of an 11664-host fabric takes seconds. Stages {@link #add} tasks
 * during the sweep; the event loop {@link #start}s them when the sweep ended, on a background thread of their own
 * ({@code jsm-after-sweep}), one sweep's tasks at a time and in order. A sweep's tasks not yet started when the next
 * sweep's come are dropped: a check of routes a newer sweep replaced is worth nothing.
 *
 * <p>Thread-safe: {@link #add} from any thread, {@link #start} from the event loop thread, {@link #finish} once at the
 * end.
 */
public final class AfterSweep {

    /** Queued by {@link #add}, drained by {@link #start}. */
    private final Queue<Runnable> queued = new ConcurrentLinkedQueue<>();
    /** Runs one sweep's tasks at a time; the oldest batch still waiting gives way to a newer one. */
    private final ThreadPoolExecutor background = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(1), r -> {
                Thread t = new Thread(r, "jsm-after-sweep");
                t.setDaemon(true);
                return t;
            }, new ThreadPoolExecutor.DiscardOldestPolicy());

    /** Queues {@code task} to run once the current sweep has ended. Any thread. */
    public void add(Runnable task) {
        queued.add(task);
    }

    /** Hands the tasks queued so far to the background thread, to run there in order; the event loop thread. */
    public void start() {
        List<Runnable> tasks = new ArrayList<>();
        for (Runnable task = queued.poll(); task != null; task = queued.poll()) {
            tasks.add(task);
        }
        if (!tasks.isEmpty()) {
            background.execute(() -> {
                for (int i = 0; i < tasks.size(); i++) {
                    tasks.set(i, null).run(); // a task that ran holds nothing more (a route check, its routing)
                }
            });
        }
    }

    /**
     * Lets the background thread finish what it was given (so that a daemon stopping after one sweep, {@code -o} or
     * {@code --route-only}, still reports) for at most {@code timeout}, and stops it.
     *
     * @return whether it finished in time
     */
    public boolean finish(Duration timeout) throws InterruptedException {
        background.shutdown();
        return background.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
