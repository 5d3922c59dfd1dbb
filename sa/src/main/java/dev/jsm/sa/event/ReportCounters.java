package dev.jsm.sa.event;

/**
 * Counters of the Reports the SA sent to event subscribers.
 *
 * <p>Immutable; safe to share.
 *
 * @param sent Reports sent (first transmissions)
 * @param retried retransmissions after a transaction timeout
 * @param retired Reports answered by a ReportResp
 * @param timedOut Reports given up after every retry
 * @param inFlight Reports waiting for their ReportResp now
 */
public record ReportCounters(long sent, long retried, long retired, long timedOut, int inFlight) {
}
