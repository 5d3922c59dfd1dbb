package dev.jsm.sa.agent;

import dev.jsm.sa.event.ReportCounters;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.rmpp.RmppCounters;
import java.util.Map;

/**
 * Counters of an {@link SaAgent}.
 *
 * <p>Immutable; safe to share.
 *
 * @param received SA MADs received
 * @param answered responses sent (single MADs and RMPP tables)
 * @param dropped requests dropped without an answer: wrong SM_Key, unknown method, malformed, over the requester's
 *     rate or queue share, queue full, responses (but ReportResps that retire a Report) and unsolicited RMPP control
 *     MADs
 * @param rmppSent the RMPP sender's counters (tables)
 * @param rmppReceived the RMPP receiver's counters (multi-MAD requests)
 * @param reports the Reports sent to event subscribers
 * @param refused requests refused for a resource bound or a foreign ServiceRecord, by reason (every reason)
 * @param queued MADs waiting for the agent thread now
 * @param answerBytesInFlight bytes of table answers being sent through RMPP now
 */
public record SaAgentStats(long received, long answered, long dropped, RmppCounters rmppSent,
                           RmppCounters rmppReceived, ReportCounters reports, Map<Refusal, Long> refused, int queued,
                           long answerBytesInFlight) {

    /** Copies the map. */
    public SaAgentStats {
        refused = Map.copyOf(refused);
    }
}
