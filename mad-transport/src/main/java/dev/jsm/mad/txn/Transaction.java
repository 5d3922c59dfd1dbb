package dev.jsm.mad.txn;

/**
 * The record of one request in flight: what was sent, to whom the outcome goes, and its place in the
 * {@link TransactionWindow}'s lists. The only object {@link MadTransactions} allocates per request; it doubles as
 * the task that runs the handler on the handler executor (a {@link Requester}'s on that requester's).
 *
 * <p>Fields other than the final ones are guarded by the {@link MadTransactions} lock, except {@link #completedNext},
 * which belongs to the thread that completed the transaction until it dispatches it.
 */
final class Transaction implements Runnable {

    final Completions owner;
    final OutboundMad request;
    final ResponseHandler handler;
    /** Low 32 bits of the TransactionID; never 0. */
    final int tid;
    final int mgmtClass;
    final int attributeId;
    /** The attribute modifier's 32 bits. */
    final int attributeModifier;
    /** The requester it was sent for, or null for the SM's own requests. */
    final Requester requester;
    /** Whether it is one of the SM's own SMPs (class 0x01 or 0x81), hence subject to the window. */
    final boolean smp;
    /** Re-sends allowed after the first transmission. */
    final int retries;
    /** Whether each transmission waits {@code long_transaction_timeout} rather than {@code transaction_timeout}. */
    final boolean longTimeout;

    /** Transmissions so far. */
    int attempts;
    /** {@link System#nanoTime()} at which the current transmission times out. */
    long deadline;
    /** The list it is on (queue or wire), or null. */
    TransactionList list;
    Transaction prev;
    Transaction next;
    /** Next in a chain of completed transactions waiting for dispatch. */
    Transaction completedNext;
    /** Set once, when the transaction completes. */
    TransactionOutcome outcome;

    Transaction(Completions owner, OutboundMad request, ResponseHandler handler, int tid, int retries) {
        this(owner, request, handler, tid, retries, false);
    }

    Transaction(Completions owner, OutboundMad request, ResponseHandler handler, int tid, int retries,
                boolean longTimeout) {
        this(owner, request, handler, tid, retries, longTimeout, null);
    }

    Transaction(Completions owner, OutboundMad request, ResponseHandler handler, int tid, int retries,
                boolean longTimeout, Requester requester) {
        this.owner = owner;
        this.request = request;
        this.handler = handler;
        this.tid = tid;
        this.mgmtClass = request.mgmtClass();
        this.attributeId = request.attributeId();
        this.attributeModifier = (int) request.attributeModifier();
        this.requester = requester;
        this.smp = requester == null && isSmpClass(mgmtClass);
        this.retries = retries;
        this.longTimeout = longTimeout;
    }

    /** Whether a response with these header fields answers this request (OpenSM's match: TID, class, attribute). */
    boolean matches(int mgmtClass, int attributeId, int attributeModifier) {
        return this.mgmtClass == mgmtClass && this.attributeId == attributeId
                && this.attributeModifier == attributeModifier;
    }

    /** Runs the handler; called by the handler executor. */
    @Override
    public void run() {
        owner.runHandler(this);
    }

    static boolean isSmpClass(int mgmtClass) {
        return mgmtClass == 0x01 || mgmtClass == 0x81;
    }
}
