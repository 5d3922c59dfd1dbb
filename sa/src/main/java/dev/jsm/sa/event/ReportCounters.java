package dev.jsm.sa.event;

/**
 * Counters of the Reports the SA sent to event subscribers.
 *
 * <p>Immutable; safe to share.
 *
 * @param sent Reports sent (first transmissions)
 * @param retried retransmissions after a transaction timeout
 * @param retired Reports answered by a ReportResp
 * @param timedOut Reports given up: unanswered after every retry, or refused by the transport
 * @param inFlight Reports waiting for their ReportResp now
 */
public record ReportCounters(long sent, long retried, long retired, long timedOut, int inFlight) {
}
