package dev.jsm.mad.txn;

/**
 * An intrusive FIFO of {@link Transaction}s with O(1) removal from the middle: the window's queue of requests
 * waiting to go out and its two lists of requests on the wire (each in deadline order, since every transmission on
 * one list waits the same time: {@code transaction_timeout} or {@code long_transaction_timeout}). Linking through
 * the transactions' own fields allocates nothing.
 *
 * <p>Not thread-safe: guarded by the {@link MadTransactions} lock.
 */
final class TransactionList {

    private Transaction head;
    private Transaction tail;
    private int size;

    /** Appends {@code t}, which must not be on any list. */
    void add(Transaction t) {
        t.list = this;
        t.prev = tail;
        t.next = null;
        if (tail == null) {
            head = t;
        } else {
            tail.next = t;
        }
        tail = t;
        size++;
    }

    /** The first transaction, or null. */
    Transaction peek() {
        return head;
    }

    /** Removes and returns the first transaction, or null. */
    Transaction poll() {
        Transaction t = head;
        if (t != null) {
            remove(t);
        }
        return t;
    }

    /** Removes {@code t} if it is on this list. */
    void remove(Transaction t) {
        if (t.list != this) {
            return;
        }
        if (t.prev == null) {
            head = t.next;
        } else {
            t.prev.next = t.next;
        }
        if (t.next == null) {
            tail = t.prev;
        } else {
            t.next.prev = t.prev;
        }
        t.prev = null;
        t.next = null;
        t.list = null;
        size--;
    }

    boolean isEmpty() {
        return head == null;
    }

    int size() {
        return size;
    }
}
