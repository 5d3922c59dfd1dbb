package dev.jsm.daemon.dump;

/**
 * Fixed-width hex for the dump files, without {@code String.format} (the dumps of a large fabric have hundreds of
 * thousands of fields).
 *
 * <p>Stateless; thread-safe.
 */
final class Hex {

    private static final char[] UPPER = "0123456789ABCDEF".toCharArray();
    private static final char[] LOWER = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    /** Appends the low {@code digits} hex digits of {@code v}, upper case, zero padded (more if it does not fit). */
    static StringBuilder upper(StringBuilder sb, long v, int digits) {
        return append(sb, v, digits, UPPER);
    }

    /** As {@link #upper} in lower case. */
    static StringBuilder lower(StringBuilder sb, long v, int digits) {
        return append(sb, v, digits, LOWER);
    }

    /** Appends {@code v} in decimal, zero padded to {@code digits}. */
    static StringBuilder decimal(StringBuilder sb, int v, int digits) {
        String s = Integer.toString(v);
        for (int i = s.length(); i < digits; i++) {
            sb.append('0');
        }
        return sb.append(s);
    }

    private static StringBuilder append(StringBuilder sb, long v, int digits, char[] table) {
        int n = Math.max(digits, (64 - Long.numberOfLeadingZeros(v) + 3) / 4);
        for (int i = n - 1; i >= 0; i--) {
            sb.append(table[(int) (v >>> (4 * i)) & 0xF]);
        }
        return sb;
    }
}
