package dev.jsm.sim;

/**
 * The mutable counters behind {@link SimStats}.
 *
 * <p>Not thread-safe: guarded by the {@link FabricState} monitor.
 */
final class SimCounters {
    long sent;
    long answered;
    long forwarded;
    long dropped;
    long lostRequests;
    long lostResponses;
    long traps;
    long trapRepresses;
    long mKeyViolations;

    SimStats snapshot() {
        return new SimStats(sent, answered, forwarded, dropped, lostRequests, lostResponses, traps, trapRepresses,
                mKeyViolations);
    }
}
