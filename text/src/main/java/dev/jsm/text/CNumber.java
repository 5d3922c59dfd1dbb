package dev.jsm.text;

import java.math.BigInteger;
import java.util.OptionalLong;

/**
 * Numbers as OpenSM's C code reads them with {@code strtoul(s, &end, base)}, the one parser of number text in jsm:
 * with base 0 ({@link Base#C}) {@code 0x}/{@code 0X} starts hexadecimal, a leading {@code 0} octal, anything else
 * decimal. Unlike C, the whole text must be the number (no blanks, no trailing junk, only ASCII digits), a sign is
 * read only where a method says so, and more than 64 bits is an error, never a silent wrap. {@code 0x} with no
 * digits after it is not a number.
 *
 * <p>The formats jsm reads pick the {@link Base} they follow and, where a format bounds it, the number of digits;
 * a reader with rules of its own on top (no leading zeros, a required {@code 0x}) checks them before it calls here.
 *
 * <p>Stateless; safe to share.
 */
public final class CNumber {

    /** How the text of a number says its base. */
    public enum Base {
        /** C's base 0: {@code 0x}/{@code 0X} hexadecimal, a leading {@code 0} octal, anything else decimal. */
        C,
        /**
         * {@code 0x}/{@code 0X} hexadecimal, anything else decimal: a leading {@code 0} is a decimal digit (the
         * formats jsm and the InfiniBand tools write, LIDs as {@code ibstat} prints them).
         */
        HEX_OR_DECIMAL,
        /** C's base 16: hexadecimal, with or without {@code 0x}/{@code 0X} (GUIDs, masks). */
        HEX,
        /** C's base 10: decimal digits only, a leading {@code 0} included. */
        DECIMAL
    }

    private CNumber() {
    }

    /**
     * Parses an unsigned number of up to 64 bits in C's base 0 ({@link Base#C}).
     *
     * @param text the number text
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a number or exceeds 64 bits
     */
    public static long parseUnsigned(String text) {
        return parseUnsigned(text, Base.C);
    }

    /**
     * Parses an unsigned number of up to 64 bits written as {@code base} says.
     *
     * @param text the number text
     * @param base how the text says its base
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a number or exceeds 64 bits
     */
    public static long parseUnsigned(String text, Base base) {
        return parseUnsigned(text, base, Integer.MAX_VALUE);
    }

    /**
     * Parses an unsigned number of up to 64 bits written as {@code base} says, in at most {@code maxDigits} digits
     * (after the {@code 0x} or octal {@code 0}, leading zeros counted: a GUID is 1 to 16 hex digits).
     *
     * @param text the number text
     * @param base how the text says its base
     * @param maxDigits the most digits accepted
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a number, has more digits or exceeds 64 bits
     */
    public static long parseUnsigned(String text, Base base, int maxDigits) {
        Digits d = Digits.of(text, base, maxDigits);
        return Long.parseUnsignedLong(d.digits, d.radix);
    }

    /**
     * Parses a non-negative number of any width written as {@code base} says, in at most {@code maxDigits} digits
     * (a 256-bit port mask is 1 to 64 hex digits).
     *
     * @param text the number text
     * @param base how the text says its base
     * @param maxDigits the most digits accepted
     * @return the value
     * @throws NumberFormatException if the text is not a number or has more digits
     */
    public static BigInteger parseBig(String text, Base base, int maxDigits) {
        Digits d = Digits.of(text, base, maxDigits);
        return new BigInteger(d.digits, d.radix);
    }

    /**
     * The value of {@code text} read as {@link #parseUnsigned(String)}, if it is a number no greater than
     * {@code max} (compared unsigned, so {@code -1} allows the full 64 bits); empty otherwise.
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
     * Parses a hexadecimal number of up to 64 bits with an optional {@code 0x} prefix ({@link Base#HEX}), the way
     * OpenSM reads {@code -g}, {@code -k} and {@code --subnet_prefix} ({@code strtoull(s, NULL, 16)}).
     *
     * @param text the number text
     * @return the value as unsigned 64-bit bits
     * @throws NumberFormatException if the text is not a hex number or exceeds 64 bits
     */
    public static long parseHex(String text) {
        return parseUnsigned(text, Base.HEX);
    }

    /**
     * Parses a signed number in C's base 0: an optional {@code -} followed by an unsigned number that must fit 63
     * bits.
     *
     * @param text the number text
     * @return the value
     * @throws NumberFormatException if the text is not a number or does not fit a {@code long}
     */
    public static long parseSigned(String text) {
        return parseSigned(text, Base.C);
    }

    /**
     * Parses a signed number: an optional {@code -} followed by an unsigned number written as {@code base} says
     * that must fit 63 bits.
     *
     * @param text the number text
     * @param base how the text after the sign says its base
     * @return the value
     * @throws NumberFormatException if the text is not a number or does not fit a {@code long}
     */
    public static long parseSigned(String text, Base base) {
        boolean negative = text.startsWith("-");
        long magnitude = parseUnsigned(negative ? text.substring(1) : text, base);
        if (magnitude < 0) {
            throw new NumberFormatException(text);
        }
        return negative ? -magnitude : magnitude;
    }

    /** The digits of a number text without its prefix, and their radix; checked. */
    private record Digits(String digits, int radix) {

        static Digits of(String text, Base base, int maxDigits) {
            boolean hexPrefix = text.startsWith("0x") || text.startsWith("0X");
            Digits d = switch (base) {
                case C -> hexPrefix ? new Digits(text.substring(2), 16)
                        : text.length() > 1 && text.charAt(0) == '0' ? new Digits(text.substring(1), 8)
                        : new Digits(text, 10);
                case HEX_OR_DECIMAL -> hexPrefix ? new Digits(text.substring(2), 16) : new Digits(text, 10);
                case HEX -> new Digits(hexPrefix ? text.substring(2) : text, 16);
                case DECIMAL -> new Digits(text, 10);
            };
            d.check(maxDigits);
            return d;
        }

        /** Digits only, ASCII only (Character.digit alone would take Arabic-Indic or fullwidth digits). */
        private void check(int maxDigits) {
            if (digits.isEmpty()) {
                throw new NumberFormatException("no digits");
            }
            if (digits.length() > maxDigits) {
                throw new NumberFormatException("more than " + maxDigits + " digits: " + digits);
            }
            for (int i = 0; i < digits.length(); i++) {
                char c = digits.charAt(i);
                if (c > 0x7f || Character.digit(c, radix) < 0) {
                    throw new NumberFormatException(digits);
                }
            }
        }
    }
}
