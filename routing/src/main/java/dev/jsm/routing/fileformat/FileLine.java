package dev.jsm.routing.fileformat;

import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.List;

/**
 * One meaningful line of a routing input file, split into whitespace-separated tokens, with typed token readers
 * whose errors read {@code file:line: expected ..., found ...}. Shared by the readers of this package: {@code #}
 * starts a comment anywhere on a line, blank and comment-only lines are skipped ({@link SourceLines} walks the
 * file), numbers are decimal or {@code 0x} hexadecimal (OpenSM reads these files with {@code strtoull(.., 0)}; a
 * decimal with a leading zero, which OpenSM would take as octal, is rejected rather than guessed).
 *
 * <p>Immutable; safe to share.
 */
final class FileLine {

    private final String source;
    private final int number;
    private final String[] tokens;

    private FileLine(String source, int number, String[] tokens) {
        this.source = source;
        this.number = number;
        this.tokens = tokens;
    }

    /** The meaningful lines of {@code text} ({@code #} comments to the end of a line), split into tokens. */
    static List<FileLine> of(SourceLines text) {
        List<FileLine> out = new ArrayList<>();
        for (SourceLines.Cursor line = text.cursor(SourceLines.Comments.TO_END_OF_LINE); line.next(); ) {
            out.add(new FileLine(text.source(), line.number(), line.text().split("\\s+")));
        }
        return out;
    }

    /** The 1-based line number in the file. */
    int number() {
        return number;
    }

    /** How many tokens the line has (at least 1). */
    int size() {
        return tokens.length;
    }

    /** Token {@code i} as text. */
    String token(int i) {
        return tokens[i];
    }

    /**
     * Fails unless the line has between {@code min} and {@code max} tokens.
     *
     * @param what what a whole line should hold, e.g. {@code "<guid> <id>"}
     */
    void expectTokens(int min, int max, String what) throws RoutingFileException {
        if (tokens.length > max) {
            throw error(what + " (end of line after " + max + (max == 1 ? " field)" : " fields)"),
                    "'" + tokens[max] + "'");
        }
        if (tokens.length < min) {
            throw error(what, "end of line after " + tokens.length + (tokens.length == 1 ? " field" : " fields"));
        }
    }

    /** Token {@code i} as a non-zero 64-bit GUID. */
    long guid(int i) throws RoutingFileException {
        long v = unsigned64(i, "a GUID");
        if (v == 0) {
            throw error("a non-zero GUID", "'" + tokens[i] + "'");
        }
        return v;
    }

    /** Token {@code i} as an unsigned 64-bit value (0 allowed); {@code what} names it in the error ("an id"). */
    long unsigned64(int i, String what) throws RoutingFileException {
        String t = tokens[i];
        long v = parseUnsigned(t, 64);
        if (v == 0 && !isZero(t)) {
            throw error(what + " (0x followed by 1..16 hex digits, or decimal)", "'" + t + "'");
        }
        return v;
    }

    /** Token {@code i} as a number in {@code min..max}; {@code what} names it in the error ("a port number"). */
    long number(int i, long min, long max, String what) throws RoutingFileException {
        String t = tokens[i];
        long v = parseUnsigned(t, 63);
        if ((v == 0 && !isZero(t)) || v < min || v > max) {
            throw error(what + " " + min + ".." + max, "'" + t + "'");
        }
        return v;
    }

    /** An error on this line: {@code file:line: expected <expected>, found <found>}. */
    RoutingFileException error(String expected, String found) {
        return RoutingFileException.at(source, number, expected, found);
    }

    /** {@code source:line: tokens}. */
    @Override
    public String toString() {
        return source + ":" + number + ": " + String.join(" ", tokens);
    }

    private static boolean isZero(String t) {
        return t.equals("0") || t.matches("0[xX]0+");
    }

    /**
     * The value of a token of at most {@code bits} bits, {@code 0x} and 1 to 16 hex digits or decimal without a
     * leading zero, or 0 if it is not one (see isZero).
     */
    private static long parseUnsigned(String t, int bits) {
        boolean hex = t.startsWith("0x") || t.startsWith("0X");
        if (!hex && t.length() > 1 && t.charAt(0) == '0') {
            return 0;
        }
        try {
            long v = CNumber.parseUnsigned(t, CNumber.Base.HEX_OR_DECIMAL, hex ? 16 : Integer.MAX_VALUE);
            return bits < 64 && (v >>> bits) != 0 ? 0 : v;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
