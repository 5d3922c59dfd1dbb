package dev.jsm.mad.txn;

/**
 * The live counters behind {@link TransactionStats}: plain fields and one {@code long[]} indexed by attribute, so
 * counting a MAD neither boxes nor allocates.
 *
 * <p>Not thread-safe: guarded by the {@link MadTransactions} lock.
 */
final class TransactionCounters {

    long sent;
    long retries;
    long received;
    long responses;
    long timeouts;
    long sendFailures;
    long droppedMalformed;
    long droppedUnmatched;
    long unsolicited;
    long droppedUnsolicited;
    private final long[] sentByAttribute = new long[TransactionStats.ATTRIBUTE_SLOTS];

    /** Counts a first transmission of attribute {@code attributeId}. */
    void countSent(int attributeId) {
        sent++;
        sentByAttribute[TransactionStats.attributeSlot(attributeId)]++;
    }

    TransactionStats snapshot(int outstanding, int queued, int maxOutstandingSmps) {
        return new TransactionStats(sent, retries, received, responses, timeouts, sendFailures, droppedMalformed,
                droppedUnmatched, unsolicited, droppedUnsolicited, outstanding, queued, maxOutstandingSmps,
                sentByAttribute);
    }
}
