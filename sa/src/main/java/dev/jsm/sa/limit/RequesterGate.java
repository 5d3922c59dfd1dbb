package dev.jsm.sa.limit;

/**
 * The door of the SA agent's queue, per source LID: a token bucket ({@link SaLimits#requestsPerSecond},
 * {@link SaLimits#requestBurst}) that requests take one token from, and table answers more afterwards
 * ({@link #charge}: one per {@link SaLimits#answerBytesPerToken} bytes, the bucket may go into debt and then lets
 * nothing in until it is paid back); and the MADs waiting for the agent thread, at most
 * {@link SaLimits#queuedPerRequester} from one LID and {@link SaLimits#queued} in all, so one flooding host cannot
 * fill the queue the others need. Time is the caller's ({@link System#nanoTime()} values).
 *
 * <p>State lives in arrays indexed by LID ({@link LidBuckets}, and the queue shares: about 1.3 MB), so no flood of
 * LIDs can grow it and nothing needs forgetting. Thread-safe (one monitor): the receive thread admits, the agent
 * thread releases and charges.
 */
public final class RequesterGate {

    private static final int LIDS = 1 << 16;

    private final SaLimits limits;
    private final LidBuckets buckets;
    private final int[] queuedBy = new int[LIDS];
    private int queued;

    /** A gate with {@code limits}. */
    public RequesterGate(SaLimits limits) {
        this.limits = limits;
        this.buckets = new LidBuckets(limits.requestsPerSecond(), limits.requestBurst());
    }

    /** What {@link #admit} decided. */
    public enum Verdict {
        /** Queue it; call {@link #release} when the agent thread takes it. */
        ADMITTED,
        /** Over the LID's rate: drop it. */
        OVER_RATE,
        /** The queue or the LID's share of it is full: drop it. */
        QUEUE_FULL
    }

    /**
     * Decides whether a MAD from {@code lid} may wait for the agent thread; a {@code request} (not an RMPP ACK or a
     * response) also takes a token.
     */
    public synchronized Verdict admit(int lid, boolean request, long nowNanos) {
        int i = lid & (LIDS - 1);
        if (queued >= limits.queued() || queuedBy[i] >= limits.queuedPerRequester()) {
            return Verdict.QUEUE_FULL;
        }
        if (request && !buckets.take(i, nowNanos)) {
            return Verdict.OVER_RATE;
        }
        queuedBy[i]++;
        queued++;
        return Verdict.ADMITTED;
    }

    /** The agent thread took an admitted MAD from {@code lid}. */
    public synchronized void release(int lid) {
        int i = lid & (LIDS - 1);
        if (queuedBy[i] > 0) {
            queuedBy[i]--;
            queued--;
        }
    }

    /** Charges {@code lid} for a table answer of {@code bytes} (may leave its bucket in debt). */
    public synchronized void charge(int lid, long bytes, long nowNanos) {
        buckets.charge(lid & (LIDS - 1), (double) bytes / limits.answerBytesPerToken(), nowNanos);
    }

    /** MADs waiting for the agent thread now. */
    public synchronized int queued() {
        return queued;
    }
}
