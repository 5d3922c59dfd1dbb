package dev.jsm.mad.txn;

/**
 * The requests on the wire by the low 32 bits of their TransactionID (OpenSM's {@code umad_match_t}): an
 * open-addressing table with linear probing and backward-shift deletion, so lookups neither box nor allocate.
 * Key 0 marks an empty slot, which is why TIDs skip 0. Grows at half full.
 *
 * <p>Not thread-safe: guarded by the {@link MadTransactions} lock.
 */
final class TidTable {

    private int[] keys;
    private Transaction[] values;
    private int mask;
    private int size;

    TidTable() {
        keys = new int[64];
        values = new Transaction[64];
        mask = 63;
    }

    /** The transaction with TID {@code tid}, or null. */
    Transaction get(int tid) {
        for (int i = slot(tid, mask); ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == tid) {
                return values[i];
            }
            if (k == 0) {
                return null;
            }
        }
    }

    /** Adds {@code t} under its TID, replacing any entry with the same TID. */
    void put(Transaction t) {
        if (t.tid == 0) {
            throw new IllegalArgumentException("TID 0 is reserved");
        }
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        insert(t.tid, t);
    }

    /** Removes the entry for {@code tid}, if any. */
    void remove(int tid) {
        int i = slot(tid, mask);
        while (keys[i] != tid) {
            if (keys[i] == 0) {
                return;
            }
            i = (i + 1) & mask;
        }
        size--;
        // shift back every following entry of the run that may not sit between its home slot and i
        for (int j = (i + 1) & mask; keys[j] != 0; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            if (((j - home) & mask) >= ((j - i) & mask)) {
                keys[i] = keys[j];
                values[i] = values[j];
                i = j;
            }
        }
        keys[i] = 0;
        values[i] = null;
    }

    int size() {
        return size;
    }

    private void insert(int tid, Transaction t) {
        int i = slot(tid, mask);
        while (keys[i] != 0 && keys[i] != tid) {
            i = (i + 1) & mask;
        }
        if (keys[i] == 0) {
            size++;
        }
        keys[i] = tid;
        values[i] = t;
    }

    private void grow() {
        int[] oldKeys = keys;
        Transaction[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        values = new Transaction[oldKeys.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                insert(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int slot(int tid, int mask) {
        int h = tid * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }
}
