package dev.jsm.mad.txn;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Delivery of outcomes to the handler executor, and the quiescence barrier that depends on it: a request is pending
 * from {@link #begin} until its handler has returned. Whoever completes a transaction under the
 * {@link MadTransactions} lock appends it to a chain with {@link #complete}, detaches the chain with {@link #take}
 * before unlocking and {@link #dispatch}es it after, so no handler and no executor call ever runs under the lock.
 *
 * <p>Thread-safe as used: {@link #begin}, {@link #complete} and {@link #take} under the shared lock, the rest
 * without it. Also remembers the thread that last ran a handler so that {@link #await} can refuse to run there.
 */
final class Completions {

    private static final System.Logger LOG = System.getLogger(MadTransactions.class.getName());

    private final ReentrantLock lock;
    private final Condition quiet;
    private final Executor executor;
    /** Guarded by {@link #lock}. */
    private int pending;
    private Transaction head;
    private Transaction tail;
    private volatile Thread handlerThread;

    /** Queues a probe on {@code executor} that records its thread. */
    Completions(ReentrantLock lock, Executor executor) {
        this.lock = lock;
        this.quiet = lock.newCondition();
        this.executor = executor;
        executor.execute(() -> handlerThread = Thread.currentThread());
    }

    /** Counts a new request as pending; under the lock. */
    void begin() {
        pending++;
    }

    /** Records {@code t}'s outcome and appends it to the chain to dispatch; under the lock. */
    void complete(Transaction t, TransactionOutcome outcome) {
        t.outcome = outcome;
        if (tail == null) {
            head = t;
        } else {
            tail.completedNext = t;
        }
        tail = t;
    }

    /** Detaches the chain of completed transactions for the calling thread; under the lock. */
    Transaction take() {
        Transaction chain = head;
        head = null;
        tail = null;
        return chain;
    }

    /** Hands a detached chain to the handler executor, in completion order; without the lock. */
    void dispatch(Transaction chain) {
        while (chain != null) {
            Transaction t = chain;
            chain = t.completedNext;
            t.completedNext = null;
            try {
                executor.execute(t);
            } catch (RejectedExecutionException e) {
                LOG.log(System.Logger.Level.WARNING, "handler executor rejected the outcome of {0}: {1}",
                        t.request, e.getMessage());
                done();
            }
        }
    }

    /** Runs {@code t}'s handler; called on the handler executor through {@link Transaction#run}. */
    void runHandler(Transaction t) {
        handlerThread = Thread.currentThread();
        try {
            t.handler.onOutcome(t.outcome);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "handler for the outcome of " + t.request + " failed", e);
        } finally {
            done();
        }
    }

    /**
     * Waits until nothing is pending, at most {@code timeout} (null: no limit).
     *
     * @return false if {@code timeout} passed first
     */
    boolean await(Duration timeout) throws InterruptedException {
        if (Thread.currentThread() == handlerThread) {
            throw new IllegalStateException("awaitQuiescence() called on the handler executor's thread ("
                    + handlerThread.getName() + "): it would wait for handlers queued behind itself");
        }
        long left = timeout == null ? Long.MAX_VALUE : timeout.toNanos();
        lock.lock();
        try {
            while (pending > 0) {
                if (left <= 0) {
                    return false;
                }
                if (timeout == null) {
                    quiet.await();
                } else {
                    left = quiet.awaitNanos(left);
                }
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void done() {
        lock.lock();
        try {
            if (--pending == 0) {
                quiet.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }
}
