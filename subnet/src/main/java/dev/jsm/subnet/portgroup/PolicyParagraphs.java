package dev.jsm.subnet.portgroup;

import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The layout the three routing-chain policy files share (docs/reference/opensm-behaviour.md#routing-chains)
 * (port groups, topologies, unicast steps): paragraphs
 * that open with a keyword line ({@code port-group}) and close with another ({@code end-port-group}), each holding
 * {@code qualifier: value} lines. Qualifier names are matched without regard to case ({@code Path-bit: 1}); blank
 * lines and lines starting with {@code #} are skipped. A colon is the qualifier's mark and must not appear inside a
 * value: such a line fails the policy, except for the qualifiers the caller lets carry one ({@code port-regexp:
 * SW:3}). Lines outside a paragraph, a paragraph left open, an unknown qualifier or a line without a colon fail the
 * policy too, each as a {@link PolicyFileException} with {@code file:line} naming the qualifier.
 *
 * <p>Stateless; safe to share.
 */
public final class PolicyParagraphs {

    private PolicyParagraphs() {
    }

    /**
     * Splits a policy text into paragraphs.
     *
     * @param source the file name for messages
     * @param text the file's contents
     * @param begin the keyword opening a paragraph ({@code port-group})
     * @param end the keyword closing it ({@code end-port-group})
     * @param qualifiers the qualifier names a paragraph may hold, lower case
     * @param colonValues the qualifiers whose value may contain a colon
     * @return the paragraphs in file order
     * @throws PolicyFileException at the first line that breaks the layout
     */
    public static List<Paragraph> read(String source, String text, String begin, String end, Set<String> qualifiers,
                                       Set<String> colonValues) throws PolicyFileException {
        List<Paragraph> paragraphs = new ArrayList<>();
        List<Qualifier> open = null;
        int openLine = 0;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String keyword = line.toLowerCase(Locale.ROOT);
            if (keyword.equals(begin)) {
                if (open != null) {
                    throw new PolicyFileException(source, lineNo, "'" + begin + "' inside the " + begin + " of line "
                            + openLine + " (expected '" + end + "' first)");
                }
                open = new ArrayList<>();
                openLine = lineNo;
                continue;
            }
            if (keyword.equals(end)) {
                if (open == null) {
                    throw new PolicyFileException(source, lineNo, "'" + end + "' without '" + begin + "'");
                }
                paragraphs.add(new Paragraph(source, openLine, open));
                open = null;
                continue;
            }
            if (open == null) {
                throw new PolicyFileException(source, lineNo, "expected '" + begin + "', found '" + line + "'");
            }
            open.add(qualifier(source, lineNo, line, qualifiers, colonValues));
        }
        if (open != null) {
            throw new PolicyFileException(source, openLine, "'" + begin + "' is not closed by '" + end + "'");
        }
        return paragraphs;
    }

    private static Qualifier qualifier(String source, int lineNo, String line, Set<String> qualifiers,
                                       Set<String> colonValues) throws PolicyFileException {
        int colon = line.indexOf(':');
        if (colon < 0) {
            throw new PolicyFileException(source, lineNo, "expected 'qualifier: value', found '" + line
                    + "' (every qualifier ends with a colon)");
        }
        String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String value = line.substring(colon + 1).strip();
        if (!qualifiers.contains(name)) {
            throw new PolicyFileException(source, lineNo, "unknown qualifier '" + name + "' (known: "
                    + String.join(", ", qualifiers.stream().sorted().toList()) + ")");
        }
        if (value.indexOf(':') >= 0 && !colonValues.contains(name)) {
            throw new PolicyFileException(source, lineNo, "qualifier '" + name + "': a colon inside the value '"
                    + value + "' (a colon only ends a qualifier's name)");
        }
        return new Qualifier(name, value, lineNo);
    }

    /**
     * One paragraph.
     *
     * @param source the file name for messages
     * @param line the line of its opening keyword
     * @param qualifiers its qualifier lines, in order
     */
    public record Paragraph(String source, int line, List<Qualifier> qualifiers) {

        /** Copies the list. */
        public Paragraph {
            qualifiers = List.copyOf(qualifiers);
        }

        /**
         * The one line of a qualifier that may appear once, or {@code null} if the paragraph has none.
         *
         * @throws PolicyFileException if it appears twice
         */
        public Qualifier single(String name) throws PolicyFileException {
            Qualifier found = null;
            for (Qualifier q : qualifiers) {
                if (q.name().equals(name)) {
                    if (found != null) {
                        throw error(q, "given twice (first at line " + found.line() + ")");
                    }
                    found = q;
                }
            }
            return found;
        }

        /**
         * The one line of a qualifier the paragraph must have.
         *
         * @throws PolicyFileException if it is missing or given twice
         */
        public Qualifier required(String name) throws PolicyFileException {
            Qualifier q = single(name);
            if (q == null) {
                throw new PolicyFileException(source, line, "qualifier '" + name + "' is missing (it is mandatory)");
            }
            return q;
        }

        /** A problem with one of this paragraph's qualifier lines, naming the qualifier. */
        public PolicyFileException error(Qualifier q, String problem) {
            return new PolicyFileException(source, q.line(), "qualifier '" + q.name() + "': " + problem);
        }

        /**
         * A qualifier's value as a number: decimal (with an optional {@code -}; a leading 0 is decimal) or {@code 0x}
         * hexadecimal, within {@code min..max}.
         *
         * @throws PolicyFileException naming the qualifier if it is not
         */
        public long number(Qualifier q, long min, long max) throws PolicyFileException {
            String t = q.value();
            long v;
            try {
                v = t.startsWith("0x") || t.startsWith("0X") ? CNumber.parseHex(t)
                        : CNumber.parseSigned(t, CNumber.Base.DECIMAL);
            } catch (NumberFormatException e) {
                throw error(q, "expected a number, found '" + t + "'");
            }
            if (v < min || v > max) {
                throw error(q, "expected " + min + "-" + max + ", found " + t);
            }
            return v;
        }
    }

    /**
     * One {@code qualifier: value} line.
     *
     * @param name the qualifier, lower case
     * @param value the value, stripped
     * @param line its line
     */
    public record Qualifier(String name, String value, int line) {
    }
}
