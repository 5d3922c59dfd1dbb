package dev.jsm.partitions;

/**
 * A piece of partitions.conf text with the position of its first character, so every message can name
 * {@code file:line:column}.
 *
 * <p>Immutable; safe to share.
 *
 * @param text the text, trimmed of blanks
 * @param line 1-based line
 * @param column 1-based column of the first character (of where the text would start when it is empty)
 */
record Token(String text, int line, int column) {

    /** Whether the text is empty. */
    boolean isEmpty() {
        return text.isEmpty();
    }

    /**
     * Cuts {@code line[from, to)} into a trimmed name and, after the first {@code =}, a trimmed value.
     *
     * @return {name, value}; value is {@code null} when there is no {@code =}
     */
    static Token[] nameValue(String line, int lineNo, int from, int to) {
        int eq = line.indexOf('=', from);
        if (eq >= to) {
            eq = -1;
        }
        Token name = trimmed(line, lineNo, from, eq < 0 ? to : eq);
        Token value = eq < 0 ? null : trimmed(line, lineNo, eq + 1, to);
        return new Token[] {name, value};
    }

    /** {@code line[from, to)} without leading and trailing blanks ({@link #isBlank}). */
    static Token trimmed(String line, int lineNo, int from, int to) {
        int a = from;
        int b = to;
        while (a < b && isBlank(line.charAt(a))) {
            a++;
        }
        while (b > a && isBlank(line.charAt(b - 1))) {
            b--;
        }
        return new Token(line.substring(a, b), lineNo, a + 1);
    }

    /**
     * The blanks skipped around delimiters: OpenSM's space and tab, plus CR (files edited on Windows), form feed,
     * vertical tab, a byte-order mark, and the no-break space that examples copied from web documentation carry.
     */
    static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u000b' || c == '\u00a0' || c == '\ufeff';
    }
}
