package dev.jsm.sa.agent;

import dev.jsm.sa.event.ReportCounters;
import dev.jsm.sa.rmpp.RmppCounters;

/**
 * Counters of an {@link SaAgent}.
 *
 * <p>Immutable; safe to share.
 *
 * @param received SA MADs received
 * @param answered responses sent (single MADs and RMPP tables)
 * @param dropped requests dropped without an answer: wrong SM_Key, unknown method, malformed, queue full,
 *     responses (but ReportResps that retire a Report) and unsolicited RMPP control MADs
 * @param rmppSent the RMPP sender's counters (tables)
 * @param rmppReceived the RMPP receiver's counters (multi-MAD requests)
 * @param reports the Reports sent to event subscribers
 */
public record SaAgentStats(long received, long answered, long dropped, RmppCounters rmppSent,
                           RmppCounters rmppReceived, ReportCounters reports) {
}
