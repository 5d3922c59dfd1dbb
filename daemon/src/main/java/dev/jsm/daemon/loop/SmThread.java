package dev.jsm.daemon.loop;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The SM thread ({@code jsm-sm}): the one thread that touches the mutable {@code Subnet}. It runs, in order, the
 * sweep stages handed to it by the event loop ({@link #call}) and the MAD completion and unsolicited handlers of
 * {@code MadTransactions}, which gets this object as its handler executor. A task that throws is logged and the
 * thread carries on.
 *
 * <p>The event loop is a different thread on purpose: it waits on the transactions' quiescence barrier between
 * stages, which the handler thread itself may not do.
 *
 * <p>Thread-safe: {@link #execute} and {@link #call} from any thread.
 */
public final class SmThread implements Executor, AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(SmThread.class);
    private static final Runnable STOP = () -> { };
    /**
     * Tasks taken from the queue at once: the queue's lock is taken once for them rather than once each, as the
     * receive thread queues MAD outcomes while the SM thread runs the earlier ones.
     */
    private static final int BATCH = 64;

    private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean closed;

    /** Starts the thread. */
    public SmThread() {
        thread = new Thread(this::runLoop, "jsm-sm");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Queues a task.
     *
     * @throws RejectedExecutionException after {@link #close}
     */
    @Override
    public void execute(Runnable task) {
        if (closed) {
            throw new RejectedExecutionException("the SM thread is stopped");
        }
        tasks.add(task);
    }

    /**
     * Runs {@code task} on the SM thread and waits for its result; its exception is rethrown here (runtime
     * exceptions as they are, checked ones wrapped in {@link IllegalStateException}).
     *
     * @throws InterruptedException if interrupted while waiting
     * @throws IllegalStateException if called on the SM thread itself (it would wait for itself)
     */
    public <T> T call(Callable<T> task) throws InterruptedException {
        if (Thread.currentThread() == thread) {
            throw new IllegalStateException("SmThread.call() on the SM thread");
        }
        FutureTask<T> f = new FutureTask<>(task);
        execute(f);
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /** Stops the thread after the tasks queued so far and waits for it. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        tasks.add(STOP);
        if (Thread.currentThread() != thread) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void runLoop() {
        ArrayDeque<Runnable> batch = new ArrayDeque<>(BATCH);
        while (true) {
            try {
                batch.add(tasks.take());
            } catch (InterruptedException e) {
                return;
            }
            tasks.drainTo(batch, BATCH - 1);
            for (Runnable task = batch.poll(); task != null; task = batch.poll()) {
                if (task == STOP) {
                    return;
                }
                runOne(task);
            }
        }
    }

    private static void runOne(Runnable task) {
        try {
            task.run();
        } catch (VirtualMachineError e) {
            throw e; // out of memory, and its kind: the thread's uncaught-exception handler ends the process
        } catch (RuntimeException | Error e) {
            LOG.error("SM-0601 a task on the SM thread failed: {}", e.toString(), e);
        }
    }
}
