package dev.jsm.mad.txn;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Delivery of outcomes to the handler executor, and the quiescence barrier that depends on it: a request is pending
 * from {@link #begin} until its handler has returned. Whoever completes a transaction under the
 * {@link MadTransactions} lock appends it to a chain with {@link #complete}, detaches the chain with {@link #take}
 * before unlocking and {@link #dispatch}es it after, so no handler and no executor call ever runs under the lock; the
 * receive thread may leave a short chain for a later take ({@link #takeBatch}). A {@link Requester}'s outcomes go
 * to its own executor and are not pending for the barrier; the requester counts them itself.
 *
 * <p>Thread-safe as used: {@link #complete}, {@link #take} and {@link #takeBatch} under the shared lock, the rest
 * without it ({@link #begin} may run under it). Also remembers the thread that last ran a handler so that
 * {@link #await} can refuse to run there.
 */
final class Completions {

    private static final System.Logger LOG = System.getLogger(MadTransactions.class.getName());
    /** Answers whose outcomes {@link #takeBatch} gathers before the handler thread is woken. */
    static final int BATCH = 16;
    /** Requests queued behind the window from which {@link #takeBatch} holds outcomes back. */
    static final int HOLD_WHILE_QUEUED = 2 * BATCH;

    private final ReentrantLock lock;
    private final Condition quiet;
    private final Executor executor;
    /**
     * Requests from {@link #begin} until their handler returned. Atomic rather than guarded by the lock so that a
     * handler's end takes the lock only when it is the last one ({@link #done}): the SM thread would otherwise
     * contend with the receive thread for the lock once more per MAD.
     */
    private final AtomicInteger pending = new AtomicInteger();
    /** Guarded by {@link #lock}, as are the chain's ends. */
    private int chainLength;
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

    /** Counts a new request of the SM's own as pending; under the lock. */
    void begin() {
        pending.incrementAndGet();
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
        chainLength++;
    }

    /** Detaches the chain of completed transactions for the calling thread; under the lock. */
    Transaction take() {
        Transaction chain = head;
        head = null;
        tail = null;
        chainLength = 0;
        return chain;
    }

    /**
     * {@link #take()}, or null while the chain is shorter than {@link #BATCH} and {@code requestsQueued} SMP requests
     * wait behind the window: the chain then grows until the next call. For the receive thread: while the queue is
     * long the wire does not need the handlers' next requests yet, and the handler thread, which would otherwise be
     * woken for each answer, is woken once for a batch. Any other {@link #take()} (a send, the timer, a failed send,
     * a window change, close) detaches what was held, and so does this one once the queue runs short, so a held
     * outcome waits for at most {@link #BATCH} answers or the timer's next deadline.
     */
    Transaction takeBatch(int requestsQueued) {
        if (requestsQueued >= HOLD_WHILE_QUEUED && chainLength < BATCH) {
            return null;
        }
        return take();
    }

    /**
     * Hands a detached chain to the handler executor (a requester's outcomes to the requester's), in completion
     * order; without the lock.
     */
    void dispatch(Transaction chain) {
        while (chain != null) {
            Transaction t = chain;
            chain = t.completedNext;
            t.completedNext = null;
            try {
                (t.requester == null ? executor : t.requester.executor).execute(t);
            } catch (RejectedExecutionException e) {
                LOG.log(System.Logger.Level.WARNING, "handler executor rejected the outcome of {0}: {1}",
                        t.request, e.getMessage());
                ended(t);
            }
        }
    }

    /**
     * Runs {@code t}'s handler; called on the handler executor through {@link Transaction#run}. A requester's request
     * stops counting as outstanding before its handler runs.
     */
    void runHandler(Transaction t) {
        if (t.requester == null) {
            handlerThread = Thread.currentThread();
        } else {
            t.requester.ended();
        }
        try {
            t.handler.onOutcome(t.outcome);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "handler for the outcome of " + t.request + " failed", e);
        } finally {
            if (t.requester == null) {
                done();
            }
        }
    }

    /** Ends {@code t}, whose handler will not run: for the barrier, or for its requester. */
    private void ended(Transaction t) {
        if (t.requester == null) {
            done();
        } else {
            t.requester.ended();
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
            while (pending.get() > 0) {
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

    /** Ends one pending request; the last one wakes {@link #await} (which checks under the lock, so none is lost). */
    private void done() {
        if (pending.decrementAndGet() == 0) {
            lock.lock();
            try {
                quiet.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
