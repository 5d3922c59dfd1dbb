package dev.jsm.mad.txn;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One component's own requests through {@link MadTransactions}, outside the SM's window and quiescence barrier: the
 * performance manager's PerfMgt Gets, the SA's Reports to event subscribers. The layer gives them TransactionIDs
 * from its one counter, matches their responses, re-sends each unanswered one after this requester's timeout up to
 * its retries and hands each outcome to this requester's executor (the component's thread), as for the SM's own
 * requests; but a sweep never waits for them ({@link MadTransactions#awaitQuiescence} does not count them), they
 * never wait for room in the window, and they are counted here ({@link #stats}) rather than in the layer's
 * {@link TransactionStats}, which stay the SM's. Made by {@link MadTransactions#requester}.
 *
 * <p>Thread-safe.
 */
public final class Requester {

    private final MadTransactions owner;
    final TransactionWindow.Lane lane;
    final int retries;
    final Executor executor;
    /** Guarded by the {@link MadTransactions} lock. */
    final TransactionCounters counters = new TransactionCounters();
    /** Requests sent whose outcome has not reached the handler yet. */
    private final AtomicInteger outstanding = new AtomicInteger();

    Requester(MadTransactions owner, TransactionWindow.Lane lane, int retries, Executor executor) {
        this.owner = owner;
        this.lane = lane;
        this.retries = retries;
        this.executor = executor;
    }

    /**
     * Sends a request and hands its one outcome to {@code handler} on this requester's executor. Never blocks.
     *
     * @param request a request (no response bit); its bytes belong to the layer from now on (see {@link OutboundMad})
     * @throws IllegalArgumentException if {@code request} is a response
     */
    public void send(OutboundMad request, ResponseHandler handler) {
        owner.send(request, this, handler);
    }

    /**
     * Requests sent whose outcome has not been handed to their handler yet: a handler that asks sees its own request
     * no longer counted, as a component that removed it from a table of its own before acting on the answer would.
     */
    public int outstanding() {
        return outstanding.get();
    }

    /** The counters now. */
    public RequesterStats stats() {
        return owner.stats(this);
    }

    /**
     * Forgets every request on the wire without an outcome (the component stops); a late answer to one is counted
     * as unmatched and dropped. Outcomes already on their way are still handed over; later sends go out as usual.
     */
    public void cancelAll() {
        owner.cancel(this);
    }

    /** Counts a request sent. */
    void began() {
        outstanding.incrementAndGet();
    }

    /** Counts a request whose outcome is handed to its handler, or that was cancelled or will have none. */
    void ended() {
        outstanding.decrementAndGet();
    }
}
