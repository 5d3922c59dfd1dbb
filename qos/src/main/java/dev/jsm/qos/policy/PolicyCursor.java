package dev.jsm.qos.policy;

import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the values of one line of a QoS policy file, keeping the column of everything it reads so errors can point
 * at it. The line arrives without its comment ({@code #} to the end of the line, outside quotes).
 *
 * <p>Numbers follow C's {@code strtoull(s, NULL, 0)}, as OpenSM reads them ({@link CNumber}): {@code 0x}
 * hexadecimal, a leading {@code 0} octal, otherwise decimal; unlike C, the whole token must be the number and more
 * than 64 bits is an error. Quotes ({@code "..."}, or the typographic {@code “...”} that word processors put into
 * copied examples) only protect {@code #}; they are removed from strings, and commas still separate list items.
 *
 * <p>Confined to the parsing thread.
 */
final class PolicyCursor {

    /** A number range (or single number: {@code low == high}) and the column it starts at. */
    record Range(long low, long high, int column) {
    }

    /** A string value and the column it starts at. */
    record Item(String text, int column) {
    }

    private final String source;
    private final int line;
    private final String text;
    private int pos;

    PolicyCursor(String source, int line, String text) {
        this.source = source;
        this.line = line;
        this.text = text;
    }

    int line() {
        return line;
    }

    /** The 1-based column of the next character. */
    int column() {
        return pos + 1;
    }

    boolean atEnd() {
        skipBlanks();
        return pos >= text.length();
    }

    void skipBlanks() {
        while (pos < text.length() && isBlank(text.charAt(pos))) {
            pos++;
        }
    }

    /** Consumes {@code c} after optional blanks, if it is next. */
    boolean accept(char c) {
        skipBlanks();
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    /** Consumes {@code c} after optional blanks, or fails saying what was expected. */
    void expect(char c, String expected) throws QosPolicyException {
        if (!accept(c)) {
            throw error(expected);
        }
    }

    /** Reads a keyword: letters, digits, {@code -} and {@code _}; empty if none. */
    String word() {
        skipBlanks();
        int start = pos;
        while (pos < text.length() && isWordChar(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** Fails unless only blanks are left. */
    void expectEnd(String after) throws QosPolicyException {
        if (!atEnd()) {
            throw error("end of line after " + after);
        }
    }

    /** The rest of the line, blanks and quotes around it removed. */
    Item rest(String expected) throws QosPolicyException {
        skipBlanks();
        int col = column();
        String v = unquote(text.substring(pos));
        if (v.isEmpty()) {
            throw error(expected);
        }
        pos = text.length();
        return new Item(v, col);
    }

    /** The rest of the line as verbatim text (may be empty). */
    Item text() {
        skipBlanks();
        Item item = new Item(unquote(text.substring(pos)), column());
        pos = text.length();
        return item;
    }

    /** The rest of the line as comma-separated strings, each non-empty. */
    List<Item> strings(String expected) throws QosPolicyException {
        List<Item> items = new ArrayList<>();
        while (true) {
            skipBlanks();
            int start = pos;
            int end = text.indexOf(',', pos);
            end = end < 0 ? text.length() : end;
            String v = unquote(text.substring(start, end));
            if (v.isEmpty()) {
                throw error(expected);
            }
            items.add(new Item(v, start + 1));
            pos = end;
            if (!accept(',')) {
                return items;
            }
        }
    }

    /** A comma-separated list of numbers and {@code low-high} ranges (reversed ranges are swapped). */
    List<Range> ranges(String what) throws QosPolicyException {
        List<Range> ranges = new ArrayList<>();
        do {
            skipBlanks();
            int col = column();
            long a = number(what);
            long b = a;
            if (accept('-')) {
                b = number(what);
            }
            ranges.add(Long.compareUnsigned(a, b) <= 0 ? new Range(a, b, col) : new Range(b, a, col));
        } while (accept(','));
        return ranges;
    }

    /** A comma-separated list of {@code a:b} number pairs (as ranges with low = a, high = b, not swapped). */
    List<Range> pairs(String what) throws QosPolicyException {
        List<Range> pairs = new ArrayList<>();
        do {
            skipBlanks();
            int col = column();
            long a = number(what);
            expect(':', "':' in " + what);
            pairs.add(new Range(a, number(what), col));
        } while (accept(','));
        return pairs;
    }

    /**
     * Reads one number.
     *
     * @param what what the number is, for the message
     */
    long number(String what) throws QosPolicyException {
        skipBlanks();
        int start = pos;
        while (pos < text.length() && Character.isLetterOrDigit(text.charAt(pos))) {
            pos++;
        }
        String token = text.substring(start, pos);
        try {
            return CNumber.parseUnsigned(token);
        } catch (NumberFormatException e) {
            pos = start;
            throw error(what + " (decimal, 0x hex or 0 octal number)");
        }
    }

    /** An error at the next token: {@code expected X, found 'Y'} (or {@code found end of line}). */
    QosPolicyException error(String expected) {
        skipBlanks();
        return new QosPolicyException(source, line, column(), "expected " + expected + ", found " + found());
    }

    /** An error at a column of this line. */
    QosPolicyException errorAt(int column, String problem) {
        return new QosPolicyException(source, line, column, problem);
    }

    private String found() {
        if (pos >= text.length()) {
            return "end of line";
        }
        int end = pos + 1;
        if (isWordChar(text.charAt(pos))) {
            while (end < text.length() && isWordChar(text.charAt(end))) {
                end++;
            }
        }
        return "'" + text.substring(pos, end) + "'";
    }

    /** Removes blanks and one pair of quote characters around a value. */
    static String unquote(String v) {
        String s = v.strip();
        if (!s.isEmpty() && isQuote(s.charAt(0))) {
            s = s.substring(1);
        }
        if (!s.isEmpty() && isQuote(s.charAt(s.length() - 1))) {
            s = s.substring(0, s.length() - 1);
        }
        return s.strip();
    }

    static boolean isQuote(char c) {
        return c == '"' || c == '\u201C' || c == '\u201D';
    }

    static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u000B';
    }

    private static boolean isWordChar(char c) {
        return c < 0x80 && (Character.isLetterOrDigit(c) || c == '-' || c == '_');
    }
}
