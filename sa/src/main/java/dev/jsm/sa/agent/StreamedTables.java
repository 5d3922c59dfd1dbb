package dev.jsm.sa.agent;

import dev.jsm.sa.rmpp.RmppPayload;
import java.util.HashMap;
import java.util.Map;

/**
 * The tables being streamed (a PathRecord table made again segment by segment as it is sent): each keeps the view
 * it was counted from until its transfer ends, and while the fabric changes each new one may keep another, so they
 * are bounded by number rather than by the bytes they hold: {@code perRequester} to one LID and {@code total} in
 * all ({@link dev.jsm.sa.limit.SaLimits#streamedTables}).
 *
 * <p>Thread-safe (the transfer may end on whichever thread drives the RMPP sender).
 */
final class StreamedTables {

    private final int total;
    private final int perRequester;
    private final Map<Integer, Integer> byLid = new HashMap<>();
    private int streaming;

    StreamedTables(int total, int perRequester) {
        this.total = total;
        this.perRequester = perRequester;
    }

    /**
     * {@code table} to go to {@code lid}, counted until the sender lets go of it ({@link RmppPayload#released}), or
     * {@code null} when {@code lid} or all requesters have as many streamed tables in flight as they may.
     */
    synchronized RmppPayload take(int lid, RmppPayload table) {
        if (streaming >= total || byLid.getOrDefault(lid, 0) >= perRequester) {
            return null;
        }
        streaming++;
        byLid.merge(lid, 1, Integer::sum);
        return new Counted(lid, table);
    }

    private synchronized void release(int lid) {
        streaming--;
        byLid.computeIfPresent(lid, (l, n) -> n > 1 ? n - 1 : null);
    }

    /** A streamed table that gives its place back once, when the sender releases it. */
    private final class Counted implements RmppPayload {
        private final int lid;
        private final RmppPayload table;
        private boolean released;

        Counted(int lid, RmppPayload table) {
            this.lid = lid;
            this.table = table;
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
            if (!released) {
                released = true;
                release(lid);
            }
        }
    }
}
