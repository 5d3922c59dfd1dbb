package dev.jsm.sa.agent;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.query.SaAnswer;

/**
 * Builds SA responses from a request's header: the same TID, attribute (PathRecord for a MultiPathRecord request)
 * and modifier, the method with the response bit, SM_Key 0 (responses never carry it), AttributeOffset = record
 * size / 8 (0 when no record), the request's ComponentMask, and no RMPP header unless the RMPP sender adds one.
 *
 * <p>Stateless.
 */
final class SaResponses {

    private SaResponses() {
    }

    /** The 56-byte header of the response to {@code request} with {@code responseMethod} and {@code status}. */
    static byte[] header(byte[] request, int responseMethod, int status, int recordSize, int count) {
        byte[] h = new byte[SaHeader.DATA_OFFSET];
        writeHeader(request, h, responseMethod, status, recordSize, count);
        return h;
    }

    /** A single-MAD response carrying the first record of {@code answer} (if any, and if it fits). */
    static byte[] single(byte[] request, int responseMethod, SaAnswer answer) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        writeHeader(request, mad, responseMethod, answer.status(), answer.recordSize(), answer.count());
        int n = Math.min(answer.count() == 0 ? 0 : answer.recordSize(), SaHeader.DATA_SIZE);
        System.arraycopy(answer.records(), 0, mad, SaHeader.DATA_OFFSET, n);
        return mad;
    }

    /** Writes the response header (see {@link #header}) into the first 56 bytes of {@code out}. */
    private static void writeHeader(byte[] request, byte[] out, int responseMethod, int status, int recordSize,
                                    int count) {
        System.arraycopy(request, 0, out, 0, SaHeader.DATA_OFFSET);
        MadHeader.METHOD.put(out, 0, responseMethod);
        if (MadHeader.ATTRIBUTE_ID.getInt(out, 0) == SaAttribute.MULTI_PATH_RECORD) {
            // o15-0.2.7: a GetMulti(MultiPathRecord) is answered with PathRecords under their own attribute ID
            MadHeader.ATTRIBUTE_ID.put(out, 0, SaAttribute.PATH_RECORD);
        }
        MadHeader.STATUS.put(out, 0, status);
        MadHeader.CLASS_SPECIFIC.put(out, 0, 0);
        RmppHeader.NONE.encodeTo(out);
        // SM_Key 0, AttributeOffset, the reserved 16 bits; the ComponentMask stays the request's
        new SaHeader(0, count == 0 ? 0 : recordSize / 8, SaHeader.COMPONENT_MASK.getLong(request, 0)).encodeTo(out);
    }

    /**
     * The length a single-MAD response is sent with: the 56-byte header plus its record (none for an error), as
     * OpenSM sends it. Clients without RMPP (saquery under umad2sim) count records as (length - 56) / record size,
     * so a full 256-byte MAD would show them zero-filled phantom records.
     */
    static int singleLength(SaAnswer answer) {
        return SaHeader.DATA_OFFSET + Math.min(answer.count() == 0 ? 0 : answer.recordSize(), SaHeader.DATA_SIZE);
    }

    /** The response method of a request method (Set is answered with GetResp, IBA 13.4.5). */
    static int responseMethod(int method) {
        return method == Method.SET.value() ? Method.GET_RESP.value() : method | Method.RESPONSE_BIT;
    }
}
