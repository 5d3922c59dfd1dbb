package dev.jsm.sa.query;

import dev.jsm.sa.limit.AnswerCaps;

/**
 * A query's answer would be larger than {@link AnswerCaps#MAX_BYTES}, or a PathRecord table larger than {@link
 * AnswerCaps#MAX_PATH_RECORDS}: the SA answers ERR_NO_RESOURCES instead of building it.
 */
public final class AnswerTooLargeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The records of {@code recordSize} bytes collected before the next one did not fit. */
    AnswerTooLargeException(int recordSize, int count) {
        this("more than " + count + " records of " + recordSize + " bytes (over " + AnswerCaps.MAX_BYTES
                + " bytes)");
    }

    /** An answer of {@code what} (the records it would hold). */
    AnswerTooLargeException(String what) {
        super("an answer of " + what);
    }
}
