package dev.jsm.sa.query;

/**
 * A query's answer would be larger than {@link RecordSet#MAX_BYTES}: the SA answers ERR_NO_RESOURCES instead of
 * building it.
 */
public final class AnswerTooLargeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The records of {@code recordSize} bytes collected before the next one did not fit. */
    AnswerTooLargeException(int recordSize, int count) {
        super("an answer of more than " + count + " records of " + recordSize + " bytes (over "
                + RecordSet.MAX_BYTES + " bytes)");
    }
}
