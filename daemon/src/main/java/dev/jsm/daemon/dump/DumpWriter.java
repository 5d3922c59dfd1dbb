package dev.jsm.daemon.dump;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Writes the dump files off the SM thread: the stages hand it what to write ({@link #submit}) and go on, and one
 * thread of its own, {@code jsm-dump-files}, started at the first job, writes them in the order given. A job not
 * yet started is replaced by a later one of the same kind (the files of an older SUBNET UP are not worth writing
 * once a newer one's are due). Each file is written beside its final name and renamed over it ({@link DumpFiles}), so
 * a reader never meets a file half written.
 *
 * <p>Thread-safe: {@link #submit} from any thread; the jobs run on the writer's thread one at a time.
 */
public final class DumpWriter implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(DumpWriter.class);

    /** Jobs not yet started, by kind, oldest kind first; guarded by this. */
    private final Map<String, Runnable> pending = new LinkedHashMap<>();
    private boolean running;
    private boolean closed;
    private Thread thread;

    /**
     * Queues {@code job} (it writes one set of files), replacing a job of the same {@code kind} not yet started. A
     * writer closed already runs it on the caller's thread.
     */
    public void submit(String kind, Runnable job) {
        synchronized (this) {
            if (!closed) {
                pending.remove(kind);
                pending.put(kind, job);
                if (thread == null) {
                    thread = new Thread(this::loop, "jsm-dump-files");
                    thread.setDaemon(true);
                    thread.start();
                }
                notifyAll();
                return;
            }
        }
        job.run();
    }

    /** Waits until every job given so far is written; whether that happened within {@code timeout}. */
    public synchronized boolean awaitIdle(Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (running || !pending.isEmpty()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    /** Writes what is pending, then stops the thread; later jobs run on their caller's thread. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            closed = true;
            notifyAll();
            t = thread;
        }
        if (t != null) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void loop() {
        while (true) {
            Runnable job;
            synchronized (this) {
                while (pending.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (pending.isEmpty()) {
                    return;
                }
                String first = pending.keySet().iterator().next();
                job = pending.remove(first);
                running = true;
            }
            try {
                job.run();
            } catch (RuntimeException e) {
                LOG.error("DUMP-0703 writing the dump files failed: {}", e.toString());
            } finally {
                synchronized (this) {
                    running = false;
                    notifyAll();
                }
            }
        }
    }
}
