package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.SaStatus;

/**
 * The Get/GetTable side of one SA record type: the records of the view that match a request's template under its
 * component mask.
 *
 * <p>Implementations are stateless and thread-safe.
 */
interface RecordQuery extends SaHandler {

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

    /**
     * The matching records: ERR_REQ_INVALID for a ComponentMask with bits the record does not define, the status
     * {@link #collect} refuses the request with, or every record it collected.
     */
    @Override
    default SaAnswer answer(SaView view, SaRequest request, long nowNanos) {
        if (components().undefinedBits(request.componentMask()) != 0) {
            return SaAnswer.error(SaStatus.REQ_INVALID, recordSize());
        }
        RecordSet out = new RecordSet(recordSize());
        int status = collect(view, request, out);
        return status == SaStatus.OK ? SaAnswer.of(out) : SaAnswer.error(status, recordSize());
    }
}
