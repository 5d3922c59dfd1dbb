package dev.jsm.sa.rmpp;

/**
 * Counters of an {@link RmppSender} or {@link RmppReceiver}.
 *
 * <p>Immutable; safe to share.
 *
 * @param segments DATA segments sent (sender) or accepted in order (receiver)
 * @param retries sender: window resends after an ACK timeout; receiver: segments dropped (out of order, unknown
 *     transfer, malformed)
 * @param completed messages fully sent and acknowledged, or fully received
 * @param aborted transfers aborted or stopped (either side), or timed out unfinished
 */
public record RmppCounters(long segments, long retries, long completed, long aborted) {
}
