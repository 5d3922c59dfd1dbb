package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * CongestionKeyInfo (attribute 0x0012, Get and Set, 16 bytes; {@code docs/congestion-control.md#cc_key}): the
 * CC_Key a node's congestion control agent checks, whether a Get of this attribute with another key may read it
 * (CC_KeyProtectBit), how long the protection lasts after a violation (CC_KeyLeasePeriod, seconds, 0 for ever), and
 * how many MADs failed the check (CC_KeyViolations; a Set writing 0 clears it, any other value leaves it).
 *
 * <p>Immutable; safe to share.
 *
 * @param ccKey CC_Key
 * @param protectBit CC_KeyProtectBit
 * @param leasePeriod CC_KeyLeasePeriod, 16 bits
 * @param violations CC_KeyViolations, 16 bits
 */
public record CongestionKeyInfo(long ccKey, boolean protectBit, int leasePeriod, int violations) {

    /** Attribute size in bytes. */
    public static final int SIZE = 16;

    public static final Field CC_KEY = Field.u64("CC_Key", 0);
    public static final Field CC_KEY_PROTECT_BIT = Field.bits("CC_KeyProtectBit", 8, 7, 7);
    public static final Field CC_KEY_LEASE_PERIOD = Field.u16("CC_KeyLeasePeriod", 10);
    public static final Field CC_KEY_VIOLATIONS = Field.u16("CC_KeyViolations", 12);
    public static final Layout LAYOUT = Layout.of("CongestionKeyInfo", SIZE, CC_KEY, CC_KEY_PROTECT_BIT,
            Field.reserved(8 * 8 + 1, 15), CC_KEY_LEASE_PERIOD, CC_KEY_VIOLATIONS, Field.reservedBytes(14, 2));

    /** Decodes the attribute at {@code off}. */
    public static CongestionKeyInfo decode(byte[] b, int off) {
        return new CongestionKeyInfo(CC_KEY.getLong(b, off), CC_KEY_PROTECT_BIT.getInt(b, off) != 0,
                CC_KEY_LEASE_PERIOD.getInt(b, off), CC_KEY_VIOLATIONS.getInt(b, off));
    }

    /** Encodes the attribute at {@code off}, the reserved bits zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        CC_KEY.put(b, off, ccKey);
        CC_KEY_PROTECT_BIT.put(b, off, protectBit ? 1 : 0);
        CC_KEY_LEASE_PERIOD.put(b, off, leasePeriod);
        CC_KEY_VIOLATIONS.put(b, off, violations);
    }
}
