package dev.jsm.conf;

import dev.jsm.text.CNumber;
import java.util.Arrays;
import java.util.Locale;

/**
 * Integer options with their allowed ranges (one or more closed intervals, e.g. {@code 0..7 or 15}) and the spelling
 * OpenSM writes them in (decimal, {@code 0x12}, {@code 0x0000}). Read with C's base-0 rules (see {@link CNumber}), so
 * {@code 7}, {@code 0x07} and {@code 07} are all seven. Values are {@code long}s.
 *
 * <p>Immutable; safe to share.
 */
public final class IntType implements OptionType<Long> {

    /** How a value is written. */
    public enum Style {
        /** {@code %d}. */
        DECIMAL,
        /** {@code 0x%02x}. */
        HEX2,
        /** {@code 0x%02X}. */
        HEX2_UPPER,
        /** {@code 0x%04X}. */
        HEX4_UPPER,
        /** {@code 0x%X}. */
        HEX_UPPER
    }

    /** The largest value of OpenSM's 32-bit options that we allow: they must fit a Java {@code int}. */
    public static final long INT_MAX = Integer.MAX_VALUE;

    private final long[] bounds;
    private final Style style;

    private IntType(Style style, long... bounds) {
        if (bounds.length == 0 || bounds.length % 2 != 0) {
            throw new IllegalArgumentException("bounds must be lo,hi pairs");
        }
        this.bounds = bounds.clone();
        this.style = style;
    }

    /** Values {@code min..max}, written in decimal. */
    public static IntType range(long min, long max) {
        return new IntType(Style.DECIMAL, min, max);
    }

    /** Values {@code min..max}, written in the given style. */
    public static IntType range(long min, long max, Style style) {
        return new IntType(style, min, max);
    }

    /** Values in any of the intervals given as {@code lo, hi} pairs, written in decimal. */
    public static IntType ranges(long... bounds) {
        return new IntType(Style.DECIMAL, bounds);
    }

    /** The smallest allowed value. */
    public long min() {
        return bounds[0];
    }

    /** The largest allowed value. */
    public long max() {
        return bounds[bounds.length - 1];
    }

    @Override
    public Long parse(String text) throws BadValueException {
        long value;
        try {
            value = min() < 0 ? CNumber.parseSigned(text) : CNumber.parseUnsigned(text);
        } catch (NumberFormatException e) {
            throw bad(text);
        }
        if (min() >= 0 && value < 0 || !accepts(value)) {
            throw bad(text);
        }
        return value;
    }

    @Override
    public String format(Long value) {
        return switch (style) {
            case DECIMAL -> Long.toString(value);
            case HEX2 -> hex(value, 2, false);
            case HEX2_UPPER -> hex(value, 2, true);
            case HEX4_UPPER -> hex(value, 4, true);
            case HEX_UPPER -> hex(value, 1, true);
        };
    }

    /**
     * {@code 0x} and {@code value} in hex, zero padded to {@code digits}: what {@code String.format("0x%0NX")} gives,
     * without the formatter, whose first use costs milliseconds when the daemon starts.
     */
    static String hex(long value, int digits, boolean upper) {
        String h = Long.toHexString(value);
        StringBuilder sb = new StringBuilder(digits + 2).append("0x");
        for (int i = h.length(); i < digits; i++) {
            sb.append('0');
        }
        return sb.append(upper ? h.toUpperCase(Locale.ROOT) : h).toString();
    }

    @Override
    public boolean accepts(Long value) {
        if (value == null) {
            return false;
        }
        for (int i = 0; i < bounds.length; i += 2) {
            if (value >= bounds[i] && value <= bounds[i + 1]) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String expected() {
        StringBuilder sb = new StringBuilder("an integer in ");
        for (int i = 0; i < bounds.length; i += 2) {
            if (i > 0) {
                sb.append(i == bounds.length - 2 ? " or " : ", ");
            }
            sb.append(bounds[i]);
            if (bounds[i + 1] != bounds[i]) {
                sb.append("..").append(bounds[i + 1]);
            }
        }
        return sb.toString();
    }

    @Override
    public Class<Long> valueClass() {
        return Long.class;
    }

    @Override
    public String toString() {
        return "IntType" + Arrays.toString(bounds);
    }
}
