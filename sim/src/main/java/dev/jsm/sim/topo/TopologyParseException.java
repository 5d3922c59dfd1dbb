package dev.jsm.sim.topo;

import java.io.IOException;

/**
 * A topology file that cannot be read: its message is one line, {@code file:line: what was expected, what was
 * found}, meant to be shown to an operator as is (no stack trace needed).
 *
 * <p>Immutable; safe to share.
 */
public final class TopologyParseException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String detail;

    /**
     * A parse error.
     *
     * @param source the file name (or other source name) as the caller gave it
     * @param line 1-based line number
     * @param detail what was expected and what was found
     */
    public TopologyParseException(String source, int line, String detail) {
        super(source + ":" + line + ": " + detail);
        this.source = source;
        this.line = line;
        this.detail = detail;
    }

    /** The file name (or other source name) the error is in. */
    public String source() {
        return source;
    }

    /** The 1-based line the error is on. */
    public int line() {
        return line;
    }

    /** The message without the {@code file:line: } prefix. */
    public String detail() {
        return detail;
    }
}
