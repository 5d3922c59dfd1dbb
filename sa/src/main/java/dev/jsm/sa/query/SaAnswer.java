package dev.jsm.sa.query;

/**
 * The outcome of an SA request: a status and the records to return (none on error), or "drop" for requests the SA
 * does not answer at all (unknown methods, as OpenSM drops them).
 *
 * <p>Immutable by convention ({@code records} is not copied).
 *
 * @param status MAD status (SA status codes in bits 15:8, common ones in bits 4:2)
 * @param recordSize size of one record in bytes (the response's AttributeOffset * 8)
 * @param records the records back to back
 * @param count number of records
 * @param drop whether no response must be sent
 */
public record SaAnswer(int status, int recordSize, byte[] records, int count, boolean drop) {

    private static final byte[] NONE = new byte[0];

    /** An error answer without records. */
    public static SaAnswer error(int status, int recordSize) {
        return new SaAnswer(status, recordSize, NONE, 0, false);
    }

    /** A successful answer with the records of {@code set}. */
    public static SaAnswer of(RecordSet set) {
        return new SaAnswer(0, set.recordSize(), set.toBytes(), set.count(), false);
    }

    /** No answer. */
    public static SaAnswer dropped() {
        return new SaAnswer(0, 0, NONE, 0, true);
    }
}
