package dev.jsm.sa.limit;

import java.time.Duration;

/**
 * How much of the SA one requester, and all of them together, may take: the SA is the part of the SM every host on
 * the fabric can talk to, so nothing a request announces or asks for may make the agent hold memory or time beyond
 * these bounds (nor may an answer grow beyond {@link AnswerCaps#MAX_BYTES}). A request over a bound is refused
 * (answered ERR_NO_RESOURCES where the IBA has an answer for it, dropped where it does not), counted by
 * {@link Refusal} and logged once per requester and {@link #logInterval}.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/sa.md#salimits.
 */
public record SaLimits(int requestsPerSecond, int requestBurst, int answerBytesPerToken, int queued,
                       int queuedPerRequester, int rmppOpen, int rmppOpenPerRequester, long answerBytesInFlight,
                       long answerBytesInFlightPerRequester, int streamedTables, int streamedTablesPerRequester,
                       int serviceRecords, int serviceRecordsPerPort, int subscriptions, int subscriptionsPerPort,
                       int mcastGroupsPerPort, int refusalAnswersPerSecond, int refusalAnswerBurst,
                       Duration logInterval) {

    /** Validates the values: every count and size positive, every per-requester share within its total. */
    public SaLimits {
        if (requestsPerSecond < 1 || requestBurst < 1 || answerBytesPerToken < 1 || queued < 1
                || queuedPerRequester < 1 || rmppOpen < 1 || rmppOpenPerRequester < 1 || answerBytesInFlight < 1
                || answerBytesInFlightPerRequester < 1 || streamedTables < 1 || streamedTablesPerRequester < 1
                || serviceRecords < 1 || serviceRecordsPerPort < 1 || subscriptions < 1 || subscriptionsPerPort < 1
                || mcastGroupsPerPort < 1 || refusalAnswersPerSecond < 1 || refusalAnswerBurst < 1
                || logInterval.isNegative() || logInterval.isZero()) {
            throw new IllegalArgumentException("SA limits must be positive: " + this);
        }
        if (queuedPerRequester > queued || rmppOpenPerRequester > rmppOpen
                || answerBytesInFlightPerRequester > answerBytesInFlight
                || streamedTablesPerRequester > streamedTables || serviceRecordsPerPort > serviceRecords
                || subscriptionsPerPort > subscriptions) {
            throw new IllegalArgumentException("a requester's share exceeds its total: " + this);
        }
    }

    /**
     * The daemon's limits. A legitimate client stays far below them: a PathRecord storm at job start is a few
     * thousand Gets from a host (the SA answers about 16,000 a second under ibsim); a host registers a handful of
     * services, subscribes to a few traps and creates a few groups (IPoIB: one per IPv6 address). Table answers in
     * flight follow the largest answer built ({@link AnswerCaps#MAX_BYTES}, from the heap): one such answer to a
     * requester, two in all. With a large heap that is 32 and 64 MiB, so that the largest ServiceRecord table the
     * global cap allows (100,000 records, 17.6 MB) can go to one requester, and three at a time in all. A table
     * of every PathRecord is streamed to one requester at a time, two in all: each keeps the view it was counted
     * from (at 648 hosts a few MB) until it is sent, and over a fabric that keeps changing each keeps another one.
     * A requester that hits a bound gets its first 100 refusals answered at once and then 10 a second: a client
     * that retries sees why; a host that floods the SA with refused requests gets a trickle back, not a flood.
     */
    public static SaLimits defaults() {
        return new SaLimits(10_000, 10_000, 4096, 10_000, 1_000, 256, 4, 2L * AnswerCaps.MAX_BYTES,
                AnswerCaps.MAX_BYTES, 2, 1, 100_000, 1_000, 10_000, 100, 256, 10, 100, Duration.ofSeconds(60));
    }

    /**
     * These limits with no request rate to speak of (a bucket of {@link Integer#MAX_VALUE} tokens refilled as fast):
     * for the SA's warm-up, whose requests in the name of the fabric's ports must not take those ports' tokens.
     */
    public SaLimits withoutRate() {
        return new SaLimits(Integer.MAX_VALUE, Integer.MAX_VALUE, answerBytesPerToken, queued, queuedPerRequester,
                rmppOpen, rmppOpenPerRequester, answerBytesInFlight, answerBytesInFlightPerRequester, streamedTables,
                streamedTablesPerRequester, serviceRecords, serviceRecordsPerPort, subscriptions, subscriptionsPerPort,
                mcastGroupsPerPort, refusalAnswersPerSecond, refusalAnswerBurst, logInterval);
    }

    /**
     * These limits with a queue of {@code total} MADs that any one requester may fill alone (the agent's
     * constructors that take only a queue bound, as before the per-requester shares).
     */
    public SaLimits withSharedQueue(int total) {
        return new SaLimits(requestsPerSecond, requestBurst, answerBytesPerToken, total, total, rmppOpen,
                rmppOpenPerRequester, answerBytesInFlight, answerBytesInFlightPerRequester, streamedTables,
                streamedTablesPerRequester, serviceRecords, serviceRecordsPerPort, subscriptions, subscriptionsPerPort,
                mcastGroupsPerPort, refusalAnswersPerSecond, refusalAnswerBurst, logInterval);
    }
}
