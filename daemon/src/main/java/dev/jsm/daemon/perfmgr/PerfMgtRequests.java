package dev.jsm.daemon.perfmgr;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The performance manager's PerfMgt requests in flight: TransactionIDs of its own (from OpenSM's 0xCAFE, never 0;
 * only the low 32 bits count, the kernel owns the others), sent straight to the channel, outside the SM's
 * transactions window and quiescence barrier so that a sweep never waits for a counter query. A request unanswered
 * for {@code timeout} is sent again, same bytes and TID, up to {@code retries} times, then reported unanswered. How
 * many are in flight at once is the caller's choice ({@code perfmgr_max_outstanding_queries}).
 *
 * <p>Confined to the performance manager's thread ({@link #onResponse} is handed there by the receive thread).
 */
final class PerfMgtRequests {

    /** What becomes of one request. */
    interface Outcome {

        /** The GetResp arrived: its bytes and status. */
        void answered(byte[] mad, int status);

        /** No answer after every retry, or the channel refused it ({@code why}). */
        void unanswered(String why);
    }

    private static final int FIRST_TID = 0xCAFE;

    private final MadChannel channel;
    private final long timeoutNanos;
    private final int retries;
    private final Map<Integer, Pending> pending = new HashMap<>();
    private int nextTid = FIRST_TID;
    private long sent;
    private long resent;
    private long unanswered;

    PerfMgtRequests(MadChannel channel, long timeoutNanos, int retries) {
        this.channel = channel;
        this.timeoutNanos = timeoutNanos;
        this.retries = retries;
    }

    /** Sends {@code mad} to {@code to} with a fresh TID; {@code outcome} hears of it exactly once. */
    void send(MadAddress.LidRouted to, byte[] mad, long nowNanos, Outcome outcome) {
        int tid = nextTid();
        MadHeader.TRANSACTION_ID.put(mad, 0, Integer.toUnsignedLong(tid));
        Pending p = new Pending(to, mad, outcome);
        sent++;
        transmit(p, nowNanos);
        if (p.why == null) {
            pending.put(tid, p);
        } else {
            unanswered++;
            outcome.unanswered(p.why);
        }
    }

    /**
     * Takes a PerfMgt response: completes the request with its TID.
     *
     * @return false if no request waits for it (late or foreign)
     */
    boolean onResponse(byte[] mad) {
        Pending p = pending.remove((int) MadHeader.TRANSACTION_ID.getLong(mad, 0));
        if (p == null) {
            return false;
        }
        p.outcome.answered(mad, MadHeader.STATUS.getInt(mad, 0));
        return true;
    }

    /**
     * Sends again, or gives up, the requests whose wait ended by {@code nowNanos}; outcomes are told after the
     * scan, so they may send.
     */
    void poll(long nowNanos) {
        List<Pending> givenUp = new ArrayList<>();
        for (Iterator<Map.Entry<Integer, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Integer, Pending> e = it.next();
            Pending p = e.getValue();
            if (nowNanos - p.due < 0) {
                continue;
            }
            if (p.attempts > retries) {
                p.why = "no answer after " + p.attempts + " transmissions";
            } else {
                resent++;
                transmit(p, nowNanos);
            }
            if (p.why != null) {
                it.remove();
                givenUp.add(p);
            }
        }
        for (Pending p : givenUp) {
            unanswered++;
            p.outcome.unanswered(p.why);
        }
    }

    /** Requests waiting for their answer. */
    int outstanding() {
        return pending.size();
    }

    /** Requests sent (first transmissions), sent again, given up. */
    long sent() {
        return sent;
    }

    long resent() {
        return resent;
    }

    long unanswered() {
        return unanswered;
    }

    /** Forgets every request without telling its outcome (the manager stops). */
    void clear() {
        pending.clear();
    }

    /** Puts {@code p} on the wire; a refusal is noted in {@code p.why}. */
    private void transmit(Pending p, long nowNanos) {
        p.attempts++;
        p.due = nowNanos + timeoutNanos;
        try {
            channel.send(p.to, p.mad, p.mad.length);
        } catch (IOException | RuntimeException e) {
            p.why = "not sent: " + e.getMessage();
        }
    }

    private int nextTid() {
        int tid;
        do {
            tid = nextTid++;
        } while (tid == 0 || pending.containsKey(tid));
        return tid;
    }

    /** A request on the wire. */
    private static final class Pending {
        final MadAddress.LidRouted to;
        final byte[] mad;
        final Outcome outcome;
        long due;
        int attempts;
        String why;

        Pending(MadAddress.LidRouted to, byte[] mad, Outcome outcome) {
            this.to = to;
            this.mad = mad;
            this.outcome = outcome;
        }
    }
}
