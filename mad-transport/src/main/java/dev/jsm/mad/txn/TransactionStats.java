package dev.jsm.mad.txn;

import java.util.Arrays;

/**
 * A snapshot of {@link MadTransactions}' counters since it was created, for the metrics endpoint and tests: the SM's
 * own requests and posts, and every MAD received; a {@link Requester}'s requests and their answers count in its
 * {@link RequesterStats} instead. Counters never decrease; {@code outstanding} and {@code queued} are the values at
 * the time of the snapshot.
 *
 * <p>Immutable; safe to share (the per-attribute array is copied in and out).
 *
 * @param sent MADs handed to the channel for the first time: requests and {@link MadTransactions#post posts}
 * @param retries re-sends of requests whose transmission timed out; wire transmissions are {@code sent + retries}
 * @param received well-formed MADs received: responses (matched or not) and unsolicited MADs
 * @param responses responses matched to an outstanding request
 * @param timeouts requests that got no response after all retries
 * @param sendFailures transport failures: sends that threw plus MADs the channel handed back undelivered
 * @param droppedMalformed MADs dropped because shorter than the common header or not base version 1
 * @param droppedUnmatched responses matching no outstanding request: late (after the final timeout), duplicate
 *                         (a retry answered twice), or with a TID whose class, attribute or modifier differ
 * @param unsolicited unsolicited MADs handed to a registered handler
 * @param droppedUnsolicited unsolicited MADs no handler was registered for
 * @param outstanding the SM's own requests on the wire now (all classes)
 * @param queued SMP requests waiting for room in the window now
 * @param maxOutstandingSmps the most SMP requests that were on the wire at once
 * @param sentByAttribute first transmissions by attribute, indexed by {@link #attributeSlot}; read it with
 *                        {@link #sentOfAttribute}
 */
public record TransactionStats(long sent, long retries, long received, long responses, long timeouts,
                               long sendFailures, long droppedMalformed, long droppedUnmatched, long unsolicited,
                               long droppedUnsolicited, int outstanding, int queued, int maxOutstandingSmps,
                               long[] sentByAttribute) {

    /**
     * Number of per-attribute counters: one each for IDs 0x0000-0x00FF (the IBA attributes) and 0xFF00-0xFFFF
     * (vendor attributes), one shared by everything in between.
     */
    public static final int ATTRIBUTE_SLOTS = 0x201;

    /**
     * @throws IllegalArgumentException unless {@code sentByAttribute} has {@link #ATTRIBUTE_SLOTS} entries
     */
    public TransactionStats {
        if (sentByAttribute.length != ATTRIBUTE_SLOTS) {
            throw new IllegalArgumentException("sentByAttribute needs " + ATTRIBUTE_SLOTS + " entries, not "
                    + sentByAttribute.length);
        }
        sentByAttribute = sentByAttribute.clone();
    }

    /** The per-attribute counters (a copy), indexed by {@link #attributeSlot}. */
    @Override
    public long[] sentByAttribute() {
        return sentByAttribute.clone();
    }

    /**
     * First transmissions of attribute {@code attributeId}; IDs 0x0100-0xFEFF share one counter.
     */
    public long sentOfAttribute(int attributeId) {
        return sentByAttribute[attributeSlot(attributeId)];
    }

    /** The counter slot of an attribute ID (see {@link #ATTRIBUTE_SLOTS}). */
    public static int attributeSlot(int attributeId) {
        int id = attributeId & 0xFFFF;
        if (id < 0x100) {
            return id;
        }
        return id >= 0xFF00 ? 0x100 + (id & 0xFF) : 0x200;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TransactionStats s && sent == s.sent && retries == s.retries && received == s.received
                && responses == s.responses && timeouts == s.timeouts && sendFailures == s.sendFailures
                && droppedMalformed == s.droppedMalformed && droppedUnmatched == s.droppedUnmatched
                && unsolicited == s.unsolicited && droppedUnsolicited == s.droppedUnsolicited
                && outstanding == s.outstanding && queued == s.queued && maxOutstandingSmps == s.maxOutstandingSmps
                && Arrays.equals(sentByAttribute, s.sentByAttribute);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sent + 31 * responses + 961 * retries) * 31 + Arrays.hashCode(sentByAttribute);
    }

    /** The counters on one line, per-attribute counts only where non-zero. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(200);
        sb.append("sent ").append(sent).append(", retries ").append(retries).append(", received ").append(received)
                .append(", responses ").append(responses).append(", timeouts ").append(timeouts)
                .append(", send failures ").append(sendFailures).append(", malformed ").append(droppedMalformed)
                .append(", unmatched ").append(droppedUnmatched).append(", unsolicited ").append(unsolicited)
                .append(", unhandled ").append(droppedUnsolicited).append(", outstanding ").append(outstanding)
                .append(", queued ").append(queued).append(", max SMPs on wire ").append(maxOutstandingSmps);
        for (int i = 0; i < ATTRIBUTE_SLOTS; i++) {
            if (sentByAttribute[i] != 0) {
                String id = i < 0x100 ? String.format("0x%04x", i)
                        : i < 0x200 ? String.format("0x%04x", 0xFF00 + (i & 0xFF)) : "other";
                sb.append(", sent[").append(id).append("] ").append(sentByAttribute[i]);
            }
        }
        return sb.toString();
    }
}
