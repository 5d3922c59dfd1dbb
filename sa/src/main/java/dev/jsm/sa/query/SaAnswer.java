package dev.jsm.sa.query;

import dev.jsm.sa.rmpp.RmppPayload;

/**
 * The outcome of an SA request: a status and the records to return (none on error), or "drop" for requests the SA
 * does not answer at all (unknown methods, as OpenSM drops them).
 *
 * <p>Immutable by convention ({@code records} is not copied).
 *
 * @param status MAD status (SA status codes in bits 15:8, common ones in bits 4:2)
 * @param recordSize size of one record in bytes (the response's AttributeOffset * 8)
 * @param records the records back to back (none for a streamed answer)
 * @param count number of records
 * @param drop whether no response must be sent
 * @param streamed the records made again as they are sent, for a table too large to build whole ({@link
 *     PathTable}), or {@code null}
 */
public record SaAnswer(int status, int recordSize, byte[] records, int count, boolean drop, RmppPayload streamed) {

    private static final byte[] NONE = new byte[0];

    /** An error answer without records. */
    public static SaAnswer error(int status, int recordSize) {
        return new SaAnswer(status, recordSize, NONE, 0, false, null);
    }

    /** A successful answer with the records of {@code set}. */
    public static SaAnswer of(RecordSet set) {
        return new SaAnswer(0, set.recordSize(), set.toBytes(), set.count(), false, null);
    }

    /** A successful table answer of {@code count} records that {@code records} makes as they are sent. */
    static SaAnswer streamed(int recordSize, int count, RmppPayload records) {
        return new SaAnswer(0, recordSize, NONE, count, false, records);
    }

    /** No answer. */
    public static SaAnswer dropped() {
        return new SaAnswer(0, 0, NONE, 0, true, null);
    }

    /** The records as an RMPP sender reads them: the streamed ones, or those built. */
    public RmppPayload payload() {
        return streamed != null ? streamed : RmppPayload.of(records);
    }
}
