package dev.jsm.qos.policy;

/**
 * A QoS policy file that cannot be used, with the place of the problem: shown to operators as
 * {@code file:line:column: message}, where the message says what was expected and what was found. The whole file is
 * rejected; {@link QosPolicyHolder} keeps the last good policy in force. Not meant to reach a user as a stack trace.
 *
 * <p>Immutable; safe to share.
 */
public final class QosPolicyException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;
    private final String problem;

    /**
     * A problem at a position.
     *
     * @param source the file name as the caller gave it
     * @param line 1-based line
     * @param column 1-based column (characters; a tab counts as one)
     * @param problem what is wrong, e.g. {@code expected a number, found 'x'}
     */
    public QosPolicyException(String source, int line, int column, String problem) {
        super(source + ":" + line + ":" + column + ": " + problem, null, false, false);
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    /** The 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** The 1-based column of the problem. */
    public int column() {
        return column;
    }

    /** The problem without the position. */
    public String problem() {
        return problem;
    }
}
