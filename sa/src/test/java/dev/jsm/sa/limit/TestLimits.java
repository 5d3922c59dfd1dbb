package dev.jsm.sa.limit;

import java.time.Duration;

/**
 * {@link SaLimits} for tests: the defaults with the values a test changes, by name.
 *
 * <p>Not thread-safe; one per test.
 */
public final class TestLimits {

    public int requestsPerSecond;
    public int requestBurst;
    public int answerBytesPerToken;
    public int queued;
    public int queuedPerRequester;
    public int rmppOpen;
    public int rmppOpenPerRequester;
    public long answerBytesInFlight;
    public long answerBytesInFlightPerRequester;
    public int streamedTables;
    public int streamedTablesPerRequester;
    public int serviceRecords;
    public int serviceRecordsPerPort;
    public int subscriptions;
    public int subscriptionsPerPort;
    public int mcastGroupsPerPort;
    public int refusalAnswersPerSecond;
    public int refusalAnswerBurst;
    public Duration logInterval;

    private TestLimits(SaLimits l) {
        requestsPerSecond = l.requestsPerSecond();
        requestBurst = l.requestBurst();
        answerBytesPerToken = l.answerBytesPerToken();
        queued = l.queued();
        queuedPerRequester = l.queuedPerRequester();
        rmppOpen = l.rmppOpen();
        rmppOpenPerRequester = l.rmppOpenPerRequester();
        answerBytesInFlight = l.answerBytesInFlight();
        answerBytesInFlightPerRequester = l.answerBytesInFlightPerRequester();
        streamedTables = l.streamedTables();
        streamedTablesPerRequester = l.streamedTablesPerRequester();
        serviceRecords = l.serviceRecords();
        serviceRecordsPerPort = l.serviceRecordsPerPort();
        subscriptions = l.subscriptions();
        subscriptionsPerPort = l.subscriptionsPerPort();
        mcastGroupsPerPort = l.mcastGroupsPerPort();
        refusalAnswersPerSecond = l.refusalAnswersPerSecond();
        refusalAnswerBurst = l.refusalAnswerBurst();
        logInterval = l.logInterval();
    }

    /** The defaults, to change. */
    public static TestLimits defaults() {
        return new TestLimits(SaLimits.defaults());
    }

    /**
     * The defaults without fair shares: one port may take all of every total (the SA before its per-port caps), for
     * tests of the totals.
     */
    public static SaLimits unshared() {
        TestLimits t = defaults();
        t.serviceRecordsPerPort = t.serviceRecords;
        t.subscriptionsPerPort = t.subscriptions;
        t.mcastGroupsPerPort = Integer.MAX_VALUE;
        return t.build();
    }

    /** The limits as set. */
    public SaLimits build() {
        return new SaLimits(requestsPerSecond, requestBurst, answerBytesPerToken, queued, queuedPerRequester,
                rmppOpen, rmppOpenPerRequester, answerBytesInFlight, answerBytesInFlightPerRequester, streamedTables,
                streamedTablesPerRequester, serviceRecords, serviceRecordsPerPort, subscriptions, subscriptionsPerPort,
                mcastGroupsPerPort, refusalAnswersPerSecond, refusalAnswerBurst, logInterval);
    }
}
