package dev.jsm.mad.txn;

/**
 * Allocates the low 32 bits of TransactionIDs: a counter that wraps after 2^32 requests and skips 0 (OpenSM's
 * {@code osm_vendor} TID counter). The upper 32 bits stay 0: with libibumad the kernel writes its agent number there.
 *
 * <p>Not thread-safe: guarded by the {@link MadTransactions} lock.
 */
final class TidCounter {

    private int next;

    /** A counter whose first TID is {@code first} (or 1 if {@code first} is 0). */
    TidCounter(int first) {
        this.next = first;
    }

    /** The next TID, never 0. */
    int next() {
        int tid = next++;
        return tid != 0 ? tid : next++;
    }
}
