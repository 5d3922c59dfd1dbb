package dev.jsm.mad.txn;

import java.util.Arrays;

/**
 * A snapshot of {@link MadTransactions}' counters since it was created, for the metrics endpoint and tests: the SM's
 * own requests and posts, and every MAD received; a {@link Requester}'s requests and their answers count in its
 * {@link RequesterStats} instead. Counters never decrease; {@code outstanding} and {@code queued} are the values at
 * the time of the snapshot.
 *
 * <p>In detail: docs/design/mad-transport.md#transactionstats.
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
