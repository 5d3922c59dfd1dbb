package dev.jsm.sa.rmpp;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaHeader;

/**
 * Segment arithmetic and the MADs of RMPP for the SA class: every segment repeats the 56-byte header and carries
 * 200 data bytes; PayloadLength counts the 20-byte SA class header once plus the data (first segment: all of it,
 * last segment: its own).
 *
 * <p>Stateless.
 */
final class RmppSegments {

    private RmppSegments() {
    }

    /** Number of segments for {@code dataLength} bytes (at least one). */
    static int segmentCount(int dataLength) {
        return Math.max(1, (dataLength + SaHeader.DATA_SIZE - 1) / SaHeader.DATA_SIZE);
    }

    /** Data bytes of segment {@code seg} (1-based) of a message of {@code dataLength} bytes. */
    static int segmentBytes(int seg, int dataLength) {
        return Math.max(0, Math.min(SaHeader.DATA_SIZE, dataLength - (seg - 1) * SaHeader.DATA_SIZE));
    }

    /** Builds DATA segment {@code seg} of {@code count} into {@code mad} (256 bytes, overwritten). */
    static void dataSegment(byte[] mad, byte[] header, RmppPayload data, int seg, int count) {
        System.arraycopy(header, 0, mad, 0, SaHeader.DATA_OFFSET);
        int bytes = segmentBytes(seg, data.length());
        data.copy((seg - 1) * SaHeader.DATA_SIZE, mad, SaHeader.DATA_OFFSET, bytes);
        java.util.Arrays.fill(mad, SaHeader.DATA_OFFSET + bytes, MadHeader.MAD_SIZE, (byte) 0);
        int flags = RmppHeader.FLAG_ACTIVE | (seg == 1 ? RmppHeader.FLAG_FIRST : 0)
                | (seg == count ? RmppHeader.FLAG_LAST : 0);
        long payloadLength = seg == 1 ? SaHeader.CLASS_HEADER_SIZE + data.length()
                : seg == count ? SaHeader.CLASS_HEADER_SIZE + bytes : 0;
        new RmppHeader(RmppHeader.VERSION, RmppHeader.TYPE_DATA, RmppHeader.NO_RESP_TIME, flags, 0, seg,
                payloadLength).encodeTo(mad);
    }

    /**
     * Builds a control MAD (ACK, STOP, ABORT) with the header of {@code template} and no data. A receiver's control
     * MADs flip the response bit of the method ({@code fromReceiver}: an ACK of a response travels as a request and
     * vice versa, as Linux's MAD layer sends them); a sender's ABORT keeps the method of its DATA segments.
     */
    static byte[] control(byte[] template, boolean fromReceiver, int type, int status, long segment,
                          long newWindowLast) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        System.arraycopy(template, 0, mad, 0, SaHeader.DATA_OFFSET);
        if (fromReceiver) {
            mad[3] = (byte) (mad[3] ^ Method.RESPONSE_BIT);
        }
        new RmppHeader(RmppHeader.VERSION, type, RmppHeader.NO_RESP_TIME, RmppHeader.FLAG_ACTIVE, status, segment,
                newWindowLast).encodeTo(mad);
        return mad;
    }
}
