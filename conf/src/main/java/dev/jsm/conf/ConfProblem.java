package dev.jsm.conf;

/**
 * One warning or error found in an option file, shown to operators as {@code file:line: message} (or
 * {@code file: message} for problems with the file as a whole).
 *
 * <p>Immutable; safe to share.
 *
 * @param source the file name as the caller gave it
 * @param line the 1-based line number, or 0 for the whole file
 * @param message what is wrong, e.g. {@code unknown option 'x'}
 */
public record ConfProblem(String source, int line, String message) {

    /** The problem as {@code file:line: message}. */
    @Override
    public String toString() {
        return line > 0 ? source + ":" + line + ": " + message : source + ": " + message;
    }
}
