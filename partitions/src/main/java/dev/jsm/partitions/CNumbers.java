package dev.jsm.partitions;

import java.util.OptionalLong;

/**
 * Unsigned numbers as C's {@code strtoul(s, &end, 0)} reads them when the whole token must be consumed:
 * {@code 0x}/{@code 0X} hexadecimal, a leading {@code 0} octal, decimal otherwise. partitions.conf documents "0x..."
 * and decimal; octal is kept so a file means what it meant to OpenSM.
 *
 * <p>Stateless; thread-safe.
 */
final class CNumbers {

    private CNumbers() {
    }

    /**
     * The value of {@code token}, or empty if it is not a whole number in one of the three forms or exceeds
     * {@code max} (compared unsigned; pass -1 for the full 64 bits).
     */
    static OptionalLong parse(String token, long max) {
        int radix = 10;
        String digits = token;
        if (token.length() > 2 && token.charAt(0) == '0' && (token.charAt(1) == 'x' || token.charAt(1) == 'X')) {
            radix = 16;
            digits = token.substring(2);
        } else if (token.length() > 1 && token.charAt(0) == '0') {
            radix = 8;
            digits = token.substring(1);
        }
        if (digits.isEmpty()) {
            return OptionalLong.empty();
        }
        for (int i = 0; i < digits.length(); i++) {
            if (Character.digit(digits.charAt(i), radix) < 0 || digits.charAt(i) > 'f') {
                return OptionalLong.empty();
            }
        }
        long value;
        try {
            value = Long.parseUnsignedLong(digits, radix);
        } catch (NumberFormatException tooBig) {
            return OptionalLong.empty();
        }
        if (max != -1 && Long.compareUnsigned(value, max) > 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(value);
    }
}
