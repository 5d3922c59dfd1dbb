package dev.jsm.partitions;

/**
 * A partitions.conf file the SM cannot use: the source name, the 1-based line and column of the first problem, and
 * what was expected there. {@link #getMessage()} reads {@code file:line:column: problem}, ready for the log.
 *
 * <p>The parser throws nothing else for any input text; a file that fails keeps the last good partition set in force
 * (see {@link PartitionPolicy}).
 *
 * <p>Immutable; safe to share.
 */
public final class PartitionsParseException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;
    private final String problem;

    /**
     * Creates the error.
     *
     * @param source the file name (or a description such as {@code <text>})
     * @param line 1-based line number
     * @param column 1-based column (characters; a tab counts as one)
     * @param problem what is wrong and what was expected
     */
    public PartitionsParseException(String source, int line, int column, String problem) {
        super(source + ":" + line + ":" + column + ": " + problem);
        this.source = source;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    /** The file name or source description. */
    public String source() {
        return source;
    }

    /** The 1-based line number. */
    public int line() {
        return line;
    }

    /** The 1-based column. */
    public int column() {
        return column;
    }

    /** What is wrong and what was expected, without the position. */
    public String problem() {
        return problem;
    }
}
