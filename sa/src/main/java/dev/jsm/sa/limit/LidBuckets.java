package dev.jsm.sa.limit;

/**
 * A token bucket per source LID: {@code perSecond} tokens a second up to {@code burst}; a LID starts full. A charge
 * may put a bucket into debt, which lets nothing through until it is paid back. Time is the caller's
 * ({@link System#nanoTime()} values).
 *
 * <p>State lives in arrays indexed by LID (16 bits; about 1.1 MB), so no flood of LIDs can grow it and nothing
 * needs forgetting. Not thread-safe: its owner synchronizes.
 */
final class LidBuckets {

    private static final int LIDS = 1 << 16;
    private static final double NANOS_PER_SECOND = 1e9;

    private final double perSecond;
    private final double burst;
    private final double[] tokens = new double[LIDS];
    private final long[] refilledAt = new long[LIDS];
    private final boolean[] seen = new boolean[LIDS];

    LidBuckets(double perSecond, double burst) {
        this.perSecond = perSecond;
        this.burst = burst;
    }

    /** Takes a token from {@code lid}'s bucket if it has one. */
    boolean take(int lid, long nowNanos) {
        int i = refill(lid, nowNanos);
        if (tokens[i] < 1) {
            return false;
        }
        tokens[i] -= 1;
        return true;
    }

    /**
     * Takes a token from {@code lid}'s bucket if it has one (0); else, when {@code mayWait} and the bucket is not in
     * debt (less than a token left), takes the next token ahead of time, into a debt of less than one, and says in how
     * many nanoseconds it is due (at least 1); else takes nothing ({@code -1}).
     */
    long takeOrWait(int lid, boolean mayWait, long nowNanos) {
        int i = refill(lid, nowNanos);
        if (tokens[i] >= 1) {
            tokens[i] -= 1;
            return 0;
        }
        if (!mayWait || tokens[i] < 0) {
            return -1;
        }
        tokens[i] -= 1;
        return Math.max(1, (long) Math.ceil(-tokens[i] * NANOS_PER_SECOND / perSecond));
    }

    /** Takes {@code amount} tokens from {@code lid}'s bucket, into debt if need be. */
    void charge(int lid, double amount, long nowNanos) {
        tokens[refill(lid, nowNanos)] -= amount;
    }

    private int refill(int lid, long nowNanos) {
        int i = lid & (LIDS - 1);
        if (!seen[i]) {
            seen[i] = true;
            tokens[i] = burst;
        } else {
            long elapsed = Math.max(0, nowNanos - refilledAt[i]);
            tokens[i] = Math.min(burst, tokens[i] + elapsed * perSecond / NANOS_PER_SECOND);
        }
        refilledAt[i] = nowNanos;
        return i;
    }
}
