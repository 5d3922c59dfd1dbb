package dev.jsm.daemon.cc;

import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.Requester;
import dev.jsm.mad.txn.TransactionOutcome;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;

/**
 * One sweep's congestion control Sets on the wire: at most {@code window} ({@code cc_max_outstanding_mads}) await
 * their answer at a time, the next going out as one ends, each outcome handed to the manager as it comes; the round
 * is done when every Set has its outcome. The requester gives the Sets the transactions layer's TIDs, timeouts and
 * retries ({@code transaction_timeout}, {@code transaction_retries}) outside the SM's window and barrier.
 *
 * <p>Confined to the SM thread (the requester hands the outcomes to it), but for {@link #await}, which the sweep's
 * loop thread calls.
 */
final class CcRound {

    /** One Set to send: its MAD and what to do with its outcome. */
    record Set(CcPort port, OutboundMad mad) {
    }

    private final Requester requests;
    private final int window;
    private final ArrayDeque<Set> queue;
    private final BiConsumer<Set, TransactionOutcome> judge;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private int inFlight;

    CcRound(Requester requests, int window, List<Set> sets, BiConsumer<Set, TransactionOutcome> judge) {
        this.requests = requests;
        this.window = Math.max(1, window);
        this.queue = new ArrayDeque<>(sets);
        this.judge = judge;
    }

    /** Sends the first Sets (the round is done at once if there are none). */
    void start() {
        fill();
        if (inFlight == 0) {
            done.complete(null);
        }
    }

    /**
     * Waits until every Set has its outcome; on the sweep's loop thread.
     *
     * @throws InterruptedException if the thread is interrupted meanwhile
     */
    void await() throws InterruptedException {
        try {
            done.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("congestion control round failed", e.getCause());
        }
    }

    private void fill() {
        while (inFlight < window && !queue.isEmpty()) {
            Set s = queue.poll();
            inFlight++;
            requests.send(s.mad(), outcome -> ended(s, outcome));
        }
    }

    private void ended(Set s, TransactionOutcome outcome) {
        inFlight--;
        try {
            judge.accept(s, outcome);
        } finally {
            fill();
            if (inFlight == 0 && queue.isEmpty()) {
                done.complete(null);
            }
        }
    }
}
