package dev.jsm.partitions;

/**
 * Something in partitions.conf the SM accepts but ignores or interprets, the way OpenSM logs a {@code PARSE WARN}:
 * an unknown flag, an unrecognised membership word (taken as limited), an IP multicast group that does not match its
 * partition (skipped).
 *
 * <p>Immutable; safe to share.
 *
 * @param source the file name
 * @param line 1-based line
 * @param column 1-based column
 * @param message what was ignored and why
 */
public record ParseWarning(String source, int line, int column, String message) {

    /** {@code file:line:column: message}. */
    @Override
    public String toString() {
        return source + ":" + line + ":" + column + ": " + message;
    }
}
