package dev.jsm.subnet;

import dev.jsm.text.CNumber;

/**
 * A 64-bit InfiniBand GUID (node, port or system image GUID; IBA 4.1.1), in host order.
 *
 * <p>The model stores GUIDs as plain {@code long}s so maps and hot loops need no objects; this type is for parsing,
 * printing and the few places where a typed key reads better. GUIDs compare as unsigned numbers, so the order is the
 * order of their hex spelling.
 *
 * <p>Immutable; safe to share.
 *
 * @param value the 64 bits of the GUID
 */
public record Guid(long value) implements Comparable<Guid> {

    /** The GUID with value {@code value}. */
    public static Guid of(long value) {
        return new Guid(value);
    }

    /**
     * Parses 1 to 16 hex digits, with or without a {@code 0x}/{@code 0X} prefix ({@code "0x0002c90300a1b2c3"},
     * {@code "2c90300a1b2c3"}); surrounding white space is ignored.
     *
     * @throws IllegalArgumentException naming the text and what was expected
     */
    public static Guid parse(String text) {
        return new Guid(parseLong(text));
    }

    /** Like {@link #parse} but returns the raw {@code long}. */
    public static long parseLong(String text) {
        try {
            return CNumber.parseUnsigned(text.strip(), CNumber.Base.HEX, 16);
        } catch (NumberFormatException e) {
            throw invalid(text);
        }
    }

    /** {@code 0x%016x}: the spelling OpenSM, guid2lid and infiniband-diags use. */
    public static String toString(long guid) {
        String h = Long.toHexString(guid);
        return "0x" + "0000000000000000".substring(h.length()) + h;
    }

    /** Unsigned comparison of two raw GUIDs, the order switches and nodes are indexed in. */
    public static int compare(long a, long b) {
        return Long.compareUnsigned(a, b);
    }

    @Override
    public int compareTo(Guid other) {
        return compare(value, other.value);
    }

    /** {@code 0x%016x}. */
    @Override
    public String toString() {
        return toString(value);
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException(
                "not a GUID: \"" + text + "\" (expected 1-16 hex digits, optionally 0x-prefixed)");
    }
}
