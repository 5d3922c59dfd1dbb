package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;

/**
 * The Get/GetTable side of one SA record type: the records of the view that match a request's template under its
 * component mask.
 *
 * <p>Implementations are stateless and thread-safe.
 */
interface RecordQuery {

    /** Size of one record in bytes (AttributeOffset * 8). */
    int recordSize();

    /** The record's component table (to reject undefined mask bits). */
    Components components();

    /**
     * Adds the matching records to {@code out}.
     *
     * @return {@link dev.jsm.sa.codec.SaStatus#OK} or the SA status that rejects the request
     */
    int collect(SaView view, SaRequest request, RecordSet out);
}
