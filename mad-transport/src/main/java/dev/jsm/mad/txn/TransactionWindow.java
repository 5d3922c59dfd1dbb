package dev.jsm.mad.txn;

import java.util.Arrays;

/**
 * The bookkeeping of requests in flight, OpenSM's VL15 window and match table in one place: the FIFO of SMP
 * requests waiting for room, the requests on the wire in deadline order, the TID table, and the window limit with
 * {@code max_wire_smps2} widening. It decides; {@link MadTransactions} sends, locks and dispatches.
 *
 * <p>Not thread-safe: guarded by the {@link MadTransactions} lock. Times are {@link System#nanoTime()} values.
 *
 * <p>In detail: docs/design/mad-transport.md#transactionwindow.
 */
final class TransactionWindow {

    private final Lane normal;
    private final Lane slow;
    /** {@link #normal}, {@link #slow}, then one lane per requester. */
    private Lane[] lanes;
    private int baseLimit;
    private int maxLimit;
    private boolean widens;
    private long widenNanos;
    private final TransactionList queue = new TransactionList();
    private final TidTable byTid = new TidTable();
    private int limit;
    private int smpsOnWire;
    private int maxSmpsOnWire;
    /** When the window last made progress (an SMP completed, or it widened, or requests started queueing). */
    private long stallStart;

    TransactionWindow(TransactionSettings settings) {
        normal = new Lane(settings.transactionTimeout().toNanos());
        slow = new Lane(settings.longTransactionTimeout().toNanos());
        lanes = new Lane[] {normal, slow};
        setLimits(settings);
    }

    /** A lane of its own for a requester's transmissions, each waiting {@code timeoutNanos}. */
    Lane addLane(long timeoutNanos) {
        Lane lane = new Lane(timeoutNanos);
        lanes = Arrays.copyOf(lanes, lanes.length + 1);
        lanes[lanes.length - 1] = lane;
        return lane;
    }

    /**
     * Takes the window limits of {@code settings} ({@code max_wire_smps}, {@code max_wire_smps2},
     * {@code max_smps_timeout}; the timeout and retries stay): the limit goes back to {@code max_wire_smps}. Requests
     * already on the wire stay there; a narrower window sends nothing more until they drop below it.
     */
    void setLimits(TransactionSettings settings) {
        baseLimit = settings.windowLimit();
        widens = settings.widens();
        maxLimit = widens ? settings.maxWireSmps2() : baseLimit;
        widenNanos = settings.maxSmpsTimeout().toNanos();
        limit = baseLimit;
    }

    /**
     * Whether {@code t} may go on the wire now; if not it is queued behind the others.
     *
     * @return true if the caller should {@link #putOnWire} it now
     */
    boolean admit(Transaction t, long now) {
        if (!t.smp || (queue.isEmpty() && smpsOnWire < limit)) {
            return true;
        }
        if (queue.isEmpty()) {
            stallStart = now;
        }
        queue.add(t);
        return false;
    }

    /** The next queued request if the window has room for it (the caller puts it on the wire), else null. */
    Transaction nextToSend() {
        return smpsOnWire < limit ? queue.poll() : null;
    }

    /**
     * Records a first transmission of {@code t}, timing out at {@code now + transaction_timeout} (or
     * {@code long_transaction_timeout} for a long request).
     */
    void putOnWire(Transaction t, long now) {
        byTid.put(t);
        t.attempts = 1;
        arm(t, now);
        if (t.smp && ++smpsOnWire > maxSmpsOnWire) {
            maxSmpsOnWire = smpsOnWire;
        }
    }

    /** Records a re-send of {@code t}: one more attempt, a fresh deadline, last in deadline order. */
    void rearm(Transaction t, long now) {
        t.list.remove(t);
        t.attempts++;
        arm(t, now);
    }

    /** Sets the deadline of {@code t}'s transmission at {@code now} and appends it to its lane. */
    private void arm(Transaction t, long now) {
        Lane lane = laneOf(t);
        t.deadline = now + lane.timeoutNanos;
        lane.wire.add(t);
    }

    private Lane laneOf(Transaction t) {
        return t.requester != null ? t.requester.lane : t.longTimeout ? slow : normal;
    }

    /** The request on the wire that a response (or a handed-back MAD) with these fields answers, or null. */
    Transaction match(int tid, int mgmtClass, int attributeId, int attributeModifier) {
        Transaction t = tid == 0 ? null : byTid.get(tid);
        return t != null && t.matches(mgmtClass, attributeId, attributeModifier) ? t : null;
    }

    /** Takes {@code t} off the wire for good: it was answered, failed or timed out. */
    void retire(Transaction t, long now) {
        byTid.remove(t.tid);
        laneOf(t).wire.remove(t);
        if (t.smp) {
            smpsOnWire--;
            limit = baseLimit;
            stallStart = now;
        }
    }

    /** The request on the wire whose deadline has passed, earliest first, or null. */
    Transaction expired(long now) {
        Transaction t = firstDeadline();
        return t != null && t.deadline - now <= 0 ? t : null;
    }

    /** The request on the wire with the earliest deadline (the earliest head of the lanes), or null. */
    private Transaction firstDeadline() {
        Transaction first = null;
        for (Lane lane : lanes) {
            Transaction t = lane.wire.peek();
            if (t != null && (first == null || t.deadline - first.deadline < 0)) {
                first = t;
            }
        }
        return first;
    }

    /** Widens the window by one if it has been full with requests queued for {@code max_smps_timeout}. */
    boolean widenIfStalled(long now) {
        if (canWiden() && now - stallStart >= widenNanos) {
            limit++;
            stallStart = now;
            return true;
        }
        return false;
    }

    /** Nanoseconds from {@code now} until the next deadline or widening, 0 if due, -1 if nothing is pending. */
    long nanosUntilNextEvent(long now) {
        Transaction head = firstDeadline();
        boolean any = head != null;
        long due = any ? head.deadline : 0;
        if (canWiden()) {
            long widenAt = stallStart + widenNanos;
            due = any && due - widenAt < 0 ? due : widenAt;
            any = true;
        }
        return any ? Math.max(0, due - now) : -1;
    }

    /** Removes and returns the next request queued or on the wire, or null when none is left; for close. */
    Transaction drainOne() {
        Transaction t = queue.poll();
        if (t == null) {
            t = firstDeadline();
            if (t != null) {
                retire(t, 0);
            }
        }
        return t;
    }

    /** The SM's own requests on the wire (all classes; not a requester's). */
    int onWire() {
        return normal.wire.size() + slow.wire.size();
    }

    /** SMP requests waiting for room. */
    int queued() {
        return queue.size();
    }

    int maxSmpsOnWire() {
        return maxSmpsOnWire;
    }

    /** Whether widening applies: requests wait behind a full window that is not at {@code max_wire_smps2} yet. */
    private boolean canWiden() {
        return widens && !queue.isEmpty() && smpsOnWire >= limit && limit < maxLimit;
    }

    /**
     * The requests on the wire that wait the same timeout per transmission, in deadline order: the normal and the
     * long transactions, and each requester's.
     */
    static final class Lane {

        final long timeoutNanos;
        final TransactionList wire = new TransactionList();

        Lane(long timeoutNanos) {
            this.timeoutNanos = timeoutNanos;
        }
    }
}
