package dev.jsm.conf;

import java.util.OptionalLong;

/**
 * Numbers as OpenSM's C code reads them with {@code strtoul(s, &end, 0)}: {@code 0x}/{@code 0X} starts hexadecimal,
 * a leading {@code 0} octal, anything else decimal. Unlike C, the whole text must be the number (no sign, no blanks,
 * no trailing junk, only ASCII digits) and more than 64 bits is an error, never a silent wrap. {@code 0x} with no
 * digits after it is not a number.
 *
 * <p>The one copy for every module that reads OpenSM's text: option values and the command line here,
 * {@code partitions.conf} in {@code partitions} (with a bound, {@link #tryParseUnsigned}) and the QoS policy file in
 * {@code qos}.
 *
 * <p>Stateless; safe to share.
 */
public final class CNumber {

    private CNumber() {
    }

    /**
     * Parses an unsigned number of up to 64 bits.
     *
     * @param text the number text
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a number or exceeds 64 bits
     */
    public static long parseUnsigned(String text) {
        if (text.startsWith("0x") || text.startsWith("0X")) {
            return parseDigits(text.substring(2), 16);
        }
        if (text.length() > 1 && text.charAt(0) == '0') {
            return parseDigits(text.substring(1), 8);
        }
        return parseDigits(text, 10);
    }

    /**
     * The value of {@code text} read as {@link #parseUnsigned}, if it is a number no greater than {@code max}
     * (compared unsigned, so {@code -1} allows the full 64 bits); empty otherwise.
     *
     * @param text the number text
     * @param max the largest value accepted, as unsigned 64-bit bits
     * @return the value, or empty if the text is not a number or exceeds {@code max}
     */
    public static OptionalLong tryParseUnsigned(String text, long max) {
        long value;
        try {
            value = parseUnsigned(text);
        } catch (NumberFormatException notANumber) {
            return OptionalLong.empty();
        }
        return Long.compareUnsigned(value, max) <= 0 ? OptionalLong.of(value) : OptionalLong.empty();
    }

    /**
     * Parses a hexadecimal number of up to 64 bits with an optional {@code 0x} prefix, the way OpenSM reads
     * {@code -g}, {@code -k} and {@code --subnet_prefix} ({@code strtoull(s, NULL, 16)}).
     *
     * @param text the number text
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a hex number or exceeds 64 bits
     */
    public static long parseHex(String text) {
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
    public static long parseSigned(String text) {
        boolean negative = text.startsWith("-");
        long magnitude = parseUnsigned(negative ? text.substring(1) : text);
        if (magnitude < 0) {
            throw new NumberFormatException(text);
        }
        return negative ? -magnitude : magnitude;
    }

    /** Digits only, ASCII only (Character.digit alone would take Arabic-Indic or fullwidth digits). */
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
