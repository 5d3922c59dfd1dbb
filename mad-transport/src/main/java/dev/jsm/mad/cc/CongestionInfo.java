package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;

/**
 * CongestionInfo (attribute 0x0011, Get only, 4 bytes; {@code docs/congestion-control.md#congestioninfo}): what the
 * node's congestion control supports. ControlTableCap is the number of 64-entry blocks of a CA port's
 * CongestionControlTable (0 on a switch). The capability bits of CongestionInfo are kept as one number: the sources
 * disagree on their order.
 *
 * <p>Immutable; safe to share.
 *
 * @param congestionInfo CongestionInfo, 16 bits of capabilities
 * @param controlTableCap ControlTableCap, 8 bits
 */
public record CongestionInfo(int congestionInfo, int controlTableCap) {

    /** Attribute size in bytes. */
    public static final int SIZE = 4;

    public static final Field CONGESTION_INFO = Field.u16("CongestionInfo", 0);
    public static final Field CONTROL_TABLE_CAP = Field.u8("ControlTableCap", 2);
    public static final Layout LAYOUT = Layout.of("CongestionInfo", SIZE, CONGESTION_INFO, CONTROL_TABLE_CAP,
            Field.reservedBytes(3, 1));

    /** Decodes the attribute at {@code off}. */
    public static CongestionInfo decode(byte[] b, int off) {
        return new CongestionInfo(CONGESTION_INFO.getInt(b, off), CONTROL_TABLE_CAP.getInt(b, off));
    }

    /** Encodes the attribute at {@code off}, the reserved byte zeroed. */
    public void encodeTo(byte[] b, int off) {
        CONGESTION_INFO.put(b, off, congestionInfo);
        CONTROL_TABLE_CAP.put(b, off, controlTableCap);
        b[off + 3] = 0;
    }
}
