package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;

/**
 * The RMPP header (IBA 13.6.2.1), bytes 24..35 of a MAD of an RMPP-capable class (SA): how a message longer than
 * one MAD is cut into segments, acknowledged and aborted.
 *
 * <p>{@code segmentNumber} is the segment carried (DATA, from 1) or the last one received in order (ACK);
 * {@code payloadLength} is PayloadLength in DATA segments (first: the whole message, last: that segment) and
 * NewWindowLast in ACKs. Offsets of the fields are absolute MAD offsets.
 *
 * <p>Immutable; safe to share.
 *
 * @param version RMPPVersion (1 when RMPP is in use, 0 otherwise)
 * @param type RMPPType ({@link #TYPE_DATA} .. {@link #TYPE_ABORT})
 * @param respTime RRespTime (5 bits; {@link #NO_RESP_TIME} = none given)
 * @param flags RMPPFlags ({@link #FLAG_ACTIVE} | {@link #FLAG_FIRST} | {@link #FLAG_LAST})
 * @param status RMPPStatus
 * @param segmentNumber SegmentNumber (unsigned 32 bits)
 * @param payloadLength PayloadLength or NewWindowLast (unsigned 32 bits)
 */
public record RmppHeader(int version, int type, int respTime, int flags, int status, long segmentNumber,
                         long payloadLength) {

    /** RMPPVersion of IBA 1.x. */
    public static final int VERSION = 1;
    public static final int TYPE_DATA = 1;
    public static final int TYPE_ACK = 2;
    public static final int TYPE_STOP = 3;
    public static final int TYPE_ABORT = 4;
    public static final int FLAG_ACTIVE = 0x1;
    public static final int FLAG_FIRST = 0x2;
    public static final int FLAG_LAST = 0x4;
    /** RRespTime value meaning "no time given". */
    public static final int NO_RESP_TIME = 0x1F;

    public static final int STATUS_OK = 0;
    public static final int STATUS_RESOURCES_EXHAUSTED = 1;
    public static final int STATUS_TOTAL_TIME_TOO_LONG = 118;
    public static final int STATUS_INCONSISTENT_LAST_AND_PAYLOAD_LENGTH = 119;
    public static final int STATUS_INCONSISTENT_FIRST_AND_SEGMENT_NUMBER = 120;
    public static final int STATUS_BAD_RMPP_TYPE = 121;
    public static final int STATUS_NEW_WINDOW_LAST_TOO_SMALL = 122;
    public static final int STATUS_SEGMENT_NUMBER_TOO_BIG = 123;
    public static final int STATUS_ILLEGAL_STATUS = 124;
    public static final int STATUS_UNSUPPORTED_VERSION = 125;
    public static final int STATUS_TOO_MANY_RETRIES = 126;
    public static final int STATUS_UNSPECIFIED = 127;

    public static final Field RMPP_VERSION = Field.u8("RMPPVersion", 24);
    public static final Field RMPP_TYPE = Field.u8("RMPPType", 25);
    public static final Field R_RESP_TIME = Field.bits("RRespTime", 26, 7, 3);
    public static final Field RMPP_FLAGS = Field.bits("RMPPFlags", 26, 2, 0);
    public static final Field RMPP_STATUS = Field.u8("RMPPStatus", 27);
    public static final Field SEGMENT_NUMBER = Field.u32("SegmentNumber", 28);
    public static final Field PAYLOAD_LENGTH = Field.u32("PayloadLength", 32);

    /** The 12 bytes at 24..35 (absolute offsets). */
    public static final Layout LAYOUT = Layout.of("RMPP header", 36, RMPP_VERSION, RMPP_TYPE, R_RESP_TIME,
            RMPP_FLAGS, RMPP_STATUS, SEGMENT_NUMBER, PAYLOAD_LENGTH);

    /** The header of a MAD that does not use RMPP (all zero). */
    public static final RmppHeader NONE = new RmppHeader(0, 0, 0, 0, 0, 0, 0);

    /** Decodes bytes 24..35 of {@code mad}. */
    public static RmppHeader decode(byte[] mad) {
        return new RmppHeader(RMPP_VERSION.getInt(mad, 0), RMPP_TYPE.getInt(mad, 0), R_RESP_TIME.getInt(mad, 0),
                RMPP_FLAGS.getInt(mad, 0), RMPP_STATUS.getInt(mad, 0), SEGMENT_NUMBER.getLong(mad, 0),
                PAYLOAD_LENGTH.getLong(mad, 0));
    }

    /** Writes bytes 24..35 of {@code mad}. */
    public void encodeTo(byte[] mad) {
        RMPP_VERSION.put(mad, 0, version);
        RMPP_TYPE.put(mad, 0, type);
        R_RESP_TIME.put(mad, 0, respTime);
        RMPP_FLAGS.put(mad, 0, flags);
        RMPP_STATUS.put(mad, 0, status);
        SEGMENT_NUMBER.put(mad, 0, segmentNumber);
        PAYLOAD_LENGTH.put(mad, 0, payloadLength);
    }

    /** Whether the Active flag is set (the MAD is part of an RMPP transfer). */
    public boolean active() {
        return (flags & FLAG_ACTIVE) != 0;
    }

    /** Whether the First flag is set. */
    public boolean first() {
        return (flags & FLAG_FIRST) != 0;
    }

    /** Whether the Last flag is set. */
    public boolean last() {
        return (flags & FLAG_LAST) != 0;
    }

    /** Whether {@code mad} carries an active RMPP header (without decoding the rest). */
    public static boolean isActive(byte[] mad) {
        return (mad[26] & FLAG_ACTIVE) != 0;
    }
}
