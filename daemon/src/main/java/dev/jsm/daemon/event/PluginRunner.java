package dev.jsm.daemon.event;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One loaded plug-in on its own thread ({@code jsm-plugin-NAME}) behind a bounded queue: {@link #offer} never
 * blocks - an event the full queue cannot take is dropped - and an exception from the plug-in loses only that
 * event. Both are counted and logged the first time only. {@link #stop} lets the plug-in finish what is queued,
 * within a time limit, then closes it.
 *
 * <p>Thread-safe: {@link #offer} from any thread; the plug-in is only called on its own thread.
 */
final class PluginRunner implements Runnable {

    private static final Logger LOG = LogManager.getLogger(PluginRunner.class);
    /** Put in the queue by {@link #stop}: the events before it are the last. Compared by identity. */
    private static final FabricEvent END = new FabricEvent.SubnetUp(Instant.EPOCH);

    private final EventPlugin plugin;
    private final BlockingQueue<FabricEvent> queue;
    private final Thread thread;
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicBoolean dropLogged = new AtomicBoolean();
    private final AtomicBoolean failLogged = new AtomicBoolean();
    private volatile boolean stopping;

    /** Starts the thread of {@code plugin}, opened already, with a queue of {@code capacity} events. */
    PluginRunner(EventPlugin plugin, int capacity) {
        this.plugin = plugin;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.thread = new Thread(this, "jsm-plugin-" + plugin.name());
        thread.setDaemon(true);
        thread.start();
    }

    /** The plug-in's name. */
    String name() {
        return plugin.name();
    }

    /** Queues {@code event} for the plug-in, or drops it if the queue is full. Never blocks. */
    void offer(FabricEvent event) {
        if (stopping) {
            return;
        }
        if (!queue.offer(event)) {
            dropped.incrementAndGet();
            if (dropLogged.compareAndSet(false, true)) {
                LOG.error("PLUG-1503 event plug-in {} is behind: its queue of {} events is full, so events are "
                        + "dropped for it (counted, logged once; the SM does not wait)", name(),
                        queue.size() + queue.remainingCapacity());
            }
        }
    }

    @Override
    public void run() {
        try {
            while (true) {
                FabricEvent e = queue.take();
                if (e == END) {
                    break;
                }
                deliver(e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                plugin.close();
            } catch (Exception | LinkageError e) {
                LOG.error("PLUG-1505 event plug-in {} failed to close: {}", name(), e.toString());
            }
        }
    }

    private void deliver(FabricEvent e) {
        try {
            plugin.report(e);
            delivered.incrementAndGet();
        } catch (Exception | LinkageError | StackOverflowError x) {
            failed.incrementAndGet();
            if (failLogged.compareAndSet(false, true)) {
                LOG.error("PLUG-1504 event plug-in {} failed on a {} event: {}; its failures are counted, not logged "
                        + "again", name(), e.kind(), x.toString());
            }
        }
    }

    /**
     * Lets the plug-in take what is queued and closes it, waiting at most {@code wait}; a plug-in still busy then is
     * interrupted and left (its thread is a daemon thread). Logs the counts.
     */
    void stop(Duration wait) throws InterruptedException {
        stopping = true;
        long deadline = System.nanoTime() + wait.toNanos();
        if (!queue.offer(END, wait.toNanos(), TimeUnit.NANOSECONDS)) {
            thread.interrupt();
        }
        thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        if (thread.isAlive()) {
            thread.interrupt();
            LOG.error("PLUG-1506 event plug-in {} did not end within {} ms; left behind", name(), wait.toMillis());
        }
        LOG.info("event plug-in {}: {} events delivered, {} dropped, {} failed", name(), delivered.get(),
                dropped.get(), failed.get());
    }

    /** Events the plug-in took without an exception. */
    long delivered() {
        return delivered.get();
    }

    /** Events dropped because the queue was full. */
    long dropped() {
        return dropped.get();
    }

    /** Events the plug-in threw on. */
    long failed() {
        return failed.get();
    }
}
