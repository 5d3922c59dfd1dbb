package dev.jsm.sa.limit;

/**
 * The door of the SA agent's queue, per source LID: a token bucket ({@link SaLimits#requestsPerSecond},
 * {@link SaLimits#requestBurst}) that requests take one token from, and table answers more afterwards
 * ({@link #charge}: one per {@link SaLimits#answerBytesPerToken} bytes, the bucket may go into debt and then lets
 * nothing in until it is paid back); and the MADs waiting for the agent thread, at most
 * {@link SaLimits#queuedPerRequester} from one LID and {@link SaLimits#queued} in all, so one flooding host cannot
 * fill the queue the others need. Time is the caller's ({@link System#nanoTime()} values).
 *
 * <p>A request over the rate is not always dropped: when its LID has no other request held and is not in debt, it
 * is {@link Verdict#HELD held} until its token is due (less than one token's time, 100 us at the defaults) and then
 * served. A paced client - one request outstanding, each sent after the previous answer, as {@code osmtest}'s
 * stress flows - never has a second request arriving while one is held, so it is slowed to the rate and never
 * refused; a flood, with many requests sent without waiting for the answers, has its next ones arrive while one is
 * held and they are refused as before. Either way no LID is served above its rate (docs/design/sa.md#requestergate).
 *
 * <p>State lives in arrays indexed by LID ({@link LidBuckets}, the queue shares and the held requests: about 1.6
 * MB), so no flood of LIDs can grow it and nothing needs forgetting. Thread-safe (one monitor): the receive thread
 * admits, the agent thread releases, lets go of held requests and charges.
 */
public final class RequesterGate {

    private static final int LIDS = 1 << 16;

    private final SaLimits limits;
    private final LidBuckets buckets;
    private final int[] queuedBy = new int[LIDS];
    /** Per LID, nanoseconds until its held request's token is due; 0 while none is held. */
    private final int[] heldFor = new int[LIDS];
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
        /**
         * Over the LID's rate by less than a token, and no other request of the LID held: queue it after
         * {@link #heldNanos}, then call {@link #unhold} and {@link #release}.
         */
        HELD,
        /** Over the LID's rate (one of its requests held already, or in debt): drop it. */
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
        long wait = request ? buckets.takeOrWait(i, heldFor[i] == 0, nowNanos) : 0;
        if (wait < 0) {
            return Verdict.OVER_RATE;
        }
        queuedBy[i]++;
        queued++;
        if (wait == 0) {
            return Verdict.ADMITTED;
        }
        heldFor[i] = (int) wait;
        return Verdict.HELD;
    }

    /** How long the request {@link #admit} just {@link Verdict#HELD held} from {@code lid} waits for its token. */
    public synchronized long heldNanos(int lid) {
        return heldFor[lid & (LIDS - 1)];
    }

    /** The held request from {@code lid} is being served: the LID may have one held again. */
    public synchronized void unhold(int lid) {
        heldFor[lid & (LIDS - 1)] = 0;
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
