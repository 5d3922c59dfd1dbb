package dev.jsm.mad.txn;

/**
 * Receives the outcome of one request sent with {@link MadTransactions#send}: exactly one call per request, on the
 * handler executor given to {@link MadTransactions} (the SM thread), never on the channel's I/O thread.
 */
@FunctionalInterface
public interface ResponseHandler {

    /**
     * The request's outcome: a response, a timeout after all retries, a transport failure, or the transactions
     * layer closing. The handler may send more requests; it must not call {@link MadTransactions#awaitQuiescence}.
     */
    void onOutcome(TransactionOutcome outcome);
}
