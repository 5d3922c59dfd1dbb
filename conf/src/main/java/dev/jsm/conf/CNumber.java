package dev.jsm.conf;

/**
 * Number parsing with C's {@code strtoul(s, &end, 0)} rules, which OpenSM uses for its options: {@code 0x}/{@code 0X}
 * starts hexadecimal, a leading {@code 0} octal, anything else decimal. Unlike C, the whole text must be the number
 * (no trailing junk, no blanks) and overflow is an error, never a silent wrap.
 *
 * <p>Stateless; safe to share.
 */
final class CNumber {

    private CNumber() {
    }

    /**
     * Parses an unsigned number of up to 64 bits.
     *
     * @param text the number text
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a number or exceeds 64 bits
     */
    static long parseUnsigned(String text) {
        if (text.startsWith("0x") || text.startsWith("0X")) {
            return parseDigits(text.substring(2), 16);
        }
        if (text.length() > 1 && text.charAt(0) == '0') {
            return parseDigits(text.substring(1), 8);
        }
        return parseDigits(text, 10);
    }

    /**
     * Parses a hexadecimal number of up to 64 bits with an optional {@code 0x} prefix, the way OpenSM reads
     * {@code -g}, {@code -k} and {@code --subnet_prefix} ({@code strtoull(s, NULL, 16)}).
     *
     * @param text the number text
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a hex number or exceeds 64 bits
     */
    static long parseHex(String text) {
        boolean prefixed = text.startsWith("0x") || text.startsWith("0X");
        return parseDigits(prefixed ? text.substring(2) : text, 16);
    }

    /**
     * Parses a signed number: an optional {@code -} followed by an unsigned number that must fit 63 bits.
     *
     * @param text the number text
     * @return the value
     * @throws NumberFormatException if the text is not a number or does not fit a {@code long}
     */
    static long parseSigned(String text) {
        boolean negative = text.startsWith("-");
        long magnitude = parseUnsigned(negative ? text.substring(1) : text);
        if (magnitude < 0) {
            throw new NumberFormatException(text);
        }
        return negative ? -magnitude : magnitude;
    }

    private static long parseDigits(String digits, int radix) {
        if (digits.isEmpty()) {
            throw new NumberFormatException("no digits");
        }
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c > 0x7f || Character.digit(c, radix) < 0) {
                throw new NumberFormatException(digits);
            }
        }
        return Long.parseUnsignedLong(digits, radix);
    }
}
