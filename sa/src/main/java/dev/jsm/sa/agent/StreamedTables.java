package dev.jsm.sa.agent;

import dev.jsm.sa.rmpp.RmppKey;
import dev.jsm.sa.rmpp.RmppPayload;
import java.util.HashMap;
import java.util.Map;

/**
 * The tables being streamed (a PathRecord table made again segment by segment as it is sent): each keeps the view
 * it was counted from until its transfer ends, and while the fabric changes each new one may keep another, so they
 * are bounded by number rather than by the bytes they hold: {@code perRequester} to one LID and {@code total} in
 * all ({@link dev.jsm.sa.limit.SaLimits#streamedTables}). A table for the transfer of a table still in flight (a
 * requester's retry with the same TID, which the RMPP sender sends in place of the first) takes the first one's
 * place rather than another.
 *
 * <p>Thread-safe (a transfer may end on whichever thread drives the RMPP sender).
 */
final class StreamedTables {

    private final int total;
    private final int perRequester;
    /** The tables in flight by their transfer. */
    private final Map<RmppKey, Counted> streams = new HashMap<>();

    StreamedTables(int total, int perRequester) {
        this.total = total;
        this.perRequester = perRequester;
    }

    /**
     * {@code table} for the transfer {@code key}, counted until the sender lets go of it ({@link
     * RmppPayload#released}), or {@code null} when its LID or all requesters have as many streamed tables in flight
     * as they may.
     */
    synchronized RmppPayload take(RmppKey key, RmppPayload table) {
        Counted replaced = streams.get(key);
        int others = streams.size();
        int requesters = 0;
        for (RmppKey k : streams.keySet()) {
            if (k.lid() == key.lid()) {
                requesters++;
            }
        }
        if (replaced != null) {
            others--;
            requesters--;
        }
        if (others >= total || requesters >= perRequester) {
            return null;
        }
        Counted c = new Counted(key, table, replaced);
        streams.put(key, c);
        return c;
    }

    /**
     * Gives {@code c}'s place back: to the table it replaced when that one is still in flight (the sender did not
     * take {@code c}), else to nobody.
     */
    private synchronized void release(Counted c) {
        Counted current = streams.get(c.key);
        if (current == c) {
            if (c.replaced != null && !c.replaced.released) {
                streams.put(c.key, c.replaced);
            } else {
                streams.remove(c.key);
            }
        } else if (current != null && current.replaced == c) {
            current.replaced = null;
        }
    }

    /** A streamed table that gives its place back once, when the sender releases it. Guarded by the outer monitor. */
    private final class Counted implements RmppPayload {
        private final RmppKey key;
        private final RmppPayload table;
        /** The table of the same transfer this one was sent in place of, until that one is released. */
        private Counted replaced;
        private boolean released;

        Counted(RmppKey key, RmppPayload table, Counted replaced) {
            this.key = key;
            this.table = table;
            this.replaced = replaced;
        }

        @Override
        public int length() {
            return table.length();
        }

        @Override
        public void copy(int from, byte[] to, int at, int n) {
            table.copy(from, to, at, n);
        }

        @Override
        public long heldBytes() {
            return table.heldBytes();
        }

        @Override
        public void released() {
            synchronized (StreamedTables.this) {
                if (!released) {
                    released = true;
                    release(this);
                }
            }
        }
    }
}
