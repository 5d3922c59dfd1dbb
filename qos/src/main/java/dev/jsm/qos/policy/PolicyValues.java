package dev.jsm.qos.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Range checks and conversions of read values, with the position of the offending value in the message.
 *
 * <p>Stateless; safe to share.
 */
final class PolicyValues {

    private static final long MAX_PKEY = 0xFFFF;
    private static final long PKEY_BASE_MASK = 0x7FFF;

    private PolicyValues() {
    }

    /**
     * Numbers and ranges that must not exceed {@code max} (unsigned), as {@code {low, high}} pairs.
     *
     * @param what how to describe an allowed value, e.g. {@code "a QoS class 0-4095"}
     */
    static List<long[]> bounded(String source, int line, List<PolicyCursor.Range> ranges, long max, String what)
            throws QosPolicyException {
        List<long[]> list = new ArrayList<>(ranges.size());
        for (PolicyCursor.Range r : ranges) {
            if (Long.compareUnsigned(r.high(), max) > 0) {
                throw new QosPolicyException(source, line, r.column(),
                        "expected " + what + ", found " + Long.toUnsignedString(r.high()));
            }
            list.add(new long[] {r.low(), r.high()});
        }
        return list;
    }

    /**
     * P_Keys 0..0xFFFF, reduced to their 15-bit base (the membership bit dropped, then reversed ends swapped, as
     * OpenSM does).
     */
    static List<long[]> pkeys(String source, int line, List<PolicyCursor.Range> ranges) throws QosPolicyException {
        List<long[]> list = new ArrayList<>(ranges.size());
        for (PolicyCursor.Range r : ranges) {
            if (Long.compareUnsigned(r.high(), MAX_PKEY) > 0) {
                throw new QosPolicyException(source, line, r.column(),
                        "expected a P_Key 0-0xffff, found 0x" + Long.toHexString(r.high()));
            }
            long a = r.low() & PKEY_BASE_MASK;
            long b = r.high() & PKEY_BASE_MASK;
            list.add(a <= b ? new long[] {a, b} : new long[] {b, a});
        }
        return list;
    }

    /** One number of a {@code key: number} field in {@code min..max}. */
    static int single(String source, PolicyBlock.Field f, int min, int max, String what) throws QosPolicyException {
        PolicyCursor.Range r = (PolicyCursor.Range) f.value();
        if (r.low() < min || r.low() > max) {
            throw new QosPolicyException(source, f.line(), r.column(),
                    "expected " + what + " (" + min + "-" + max + "), found " + Long.toUnsignedString(r.low()));
        }
        return (int) r.low();
    }

    /** The key names are compared by: lower case, blanks removed (OpenSM's lexer drops blanks in names). */
    static String nameKey(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!PolicyCursor.isBlank(c)) {
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }
}
