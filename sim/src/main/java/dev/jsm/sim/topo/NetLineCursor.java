package dev.jsm.sim.topo;

import dev.jsm.text.CNumber;

/**
 * A read position in one line of a {@code net}/ibnetdiscover file, with the small lexical steps the reader needs and
 * error messages in the {@code file:line: expected X, found Y} form.
 *
 * <p>The part of the line from the first {@code #} outside double quotes on is the comment; {@link #atEnd()} and the
 * readers stop before it and {@link #comment()} returns it.
 *
 * <p>Confined to the reading thread.
 */
final class NetLineCursor {

    private final String source;
    private final int lineNo;
    private final String text;
    /** Index of the comment's '#', or text.length() when there is none. */
    private final int end;
    private int pos;

    NetLineCursor(String source, int lineNo, String text) {
        this.source = source;
        this.lineNo = lineNo;
        this.text = text;
        this.end = commentStart(text);
    }

    int lineNo() {
        return lineNo;
    }

    /** The read position, for {@link #reset}. */
    int mark() {
        return pos;
    }

    /** Goes back to a position from {@link #mark}. */
    void reset(int mark) {
        pos = mark;
    }

    /** Whether the line starts with '#' (a whole-line comment). */
    boolean isCommentLine() {
        return end == 0 && !text.isEmpty();
    }

    /** Skips blanks and tabs; returns whether there were any. */
    boolean skipSpaces() {
        int start = pos;
        while (pos < end && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            pos++;
        }
        return pos > start;
    }

    /** Whether only blanks (and maybe a comment) are left. */
    boolean atEnd() {
        skipSpaces();
        return pos >= end;
    }

    /** Whether the next character is {@code c} (no blanks skipped). */
    boolean peek(char c) {
        return pos < end && text.charAt(pos) == c;
    }

    /** Whether the rest starts with {@code s} (no blanks skipped). */
    boolean peek(String s) {
        return text.startsWith(s, pos) && pos + s.length() <= end;
    }

    /** Consumes {@code c} if it is next. */
    boolean tryConsume(char c) {
        if (peek(c)) {
            pos++;
            return true;
        }
        return false;
    }

    /** Consumes {@code c} or fails with "expected {@code what}". */
    void expect(char c, String what) throws TopologyParseException {
        if (!tryConsume(c)) {
            throw error(what);
        }
    }

    /** The run of ASCII letters at the read position (may be empty). */
    String word() {
        int start = pos;
        while (pos < end && isLetter(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** The run of token characters (letters, digits, '_') at the read position (may be empty). */
    String token() {
        int start = pos;
        pos = tokenEnd();
        return text.substring(start, pos);
    }

    /**
     * A decimal integer in {@code min..max} (leading zeros allowed); {@code what} describes it for the error
     * message, which quotes the token unless it is a number of at most ten digits that is out of range.
     */
    int decimal(String what, int min, int max) throws TopologyParseException {
        int start = pos;
        int stop = tokenEnd();
        long value;
        try {
            value = CNumber.parseUnsigned(text.substring(start, stop), CNumber.Base.DECIMAL);
        } catch (NumberFormatException e) {
            throw error(what);
        }
        if (value < 0 || value / 10 > Integer.MAX_VALUE) {
            throw error(what);
        }
        if (value < min || value > max) {
            throw fail("expected " + what + ", found " + text.substring(start, stop));
        }
        pos = stop;
        return (int) value;
    }

    /**
     * An unsigned 64-bit value written {@code 0x}+hex or decimal of at most 20 digits (how ibsim's strtoull reads
     * it; a leading 0 is decimal).
     */
    long number(String what) throws TopologyParseException {
        if (peek("0x") || peek("0X")) {
            pos += 2;
            return hex(what, 2);
        }
        int stop = tokenEnd();
        try {
            long value = CNumber.parseUnsigned(text.substring(pos, stop), CNumber.Base.DECIMAL, 20);
            pos = stop;
            return value;
        } catch (NumberFormatException e) {
            throw error(what);
        }
    }

    /**
     * 1 to 16 hex digits without a prefix (ibnetdiscover's {@code (2c90200000001)}), or with {@code 0x}.
     *
     * @param prefixLength characters already consumed that belong to the value (for the error message)
     */
    long hex(String what, int prefixLength) throws TopologyParseException {
        int start = pos - prefixLength;
        int stop = tokenEnd();
        try {
            long value = CNumber.parseUnsigned(text.substring(start, stop), CNumber.Base.HEX, 16);
            pos = stop;
            return value;
        } catch (NumberFormatException e) {
            pos = start;
            throw error(what);
        }
    }

    /** The end of the run of token characters (letters, digits, '_') at the read position. */
    private int tokenEnd() {
        int stop = pos;
        while (stop < end && isTokenChar(text.charAt(stop))) {
            stop++;
        }
        return stop;
    }

    /** A double-quoted string (without the quotes). */
    String quoted(String what) throws TopologyParseException {
        if (!peek('"')) {
            throw error(what);
        }
        int close = text.indexOf('"', pos + 1);
        if (close < 0) {
            throw error(what + " (closing '\"' missing)");
        }
        String s = text.substring(pos + 1, close);
        pos = close + 1;
        return s;
    }

    /** The comment after '#', or {@code null} when the line has none. */
    String comment() {
        return end < text.length() ? text.substring(end + 1) : null;
    }

    /** Fails unless only blanks and a comment are left. */
    void expectEnd(String what) throws TopologyParseException {
        if (!atEnd()) {
            throw error(what);
        }
    }

    /** "expected {@code what}, found {@code <what is at the read position>}". */
    TopologyParseException error(String what) {
        return fail("expected " + what + ", found " + found());
    }

    /** An error on this line with a free-form detail. */
    TopologyParseException fail(String detail) {
        return new TopologyParseException(source, lineNo, detail);
    }

    /** The token at the read position, quoted, or "end of line". */
    private String found() {
        if (pos >= end) {
            return "end of line";
        }
        int stop = pos;
        while (stop < end && !Character.isWhitespace(text.charAt(stop)) && stop - pos < 40) {
            stop++;
        }
        return "'" + text.substring(pos, Math.max(stop, pos + 1)) + "'";
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isTokenChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static int commentStart(String s) {
        boolean inQuotes = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                inQuotes = !inQuotes;
            } else if (c == '#' && !inQuotes) {
                return i;
            }
        }
        return s.length();
    }
}
