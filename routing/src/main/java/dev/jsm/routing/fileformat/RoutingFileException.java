package dev.jsm.routing.fileformat;

import java.io.IOException;

/**
 * A routing input file ({@code root_guid_file}, {@code ids_guid_file}, ...) that cannot be used. The message is one
 * line meant for an operator as is: {@code file:line: expected ..., found ...} for a malformed line, or
 * {@code file: cannot read: reason} when the file itself cannot be read (then {@link #line()} is 0).
 *
 * <p>Immutable; safe to share.
 */
public final class RoutingFileException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String detail;

    private RoutingFileException(String source, int line, String detail, IOException cause) {
        super((line > 0 ? source + ":" + line : source) + ": " + detail, cause);
        this.source = source;
        this.line = line;
        this.detail = detail;
    }

    /**
     * A malformed line.
     *
     * @param source the file name as the operator configured it
     * @param line 1-based line number
     * @param expected what the line should hold there ("a GUID", "a port number 1..254", ...)
     * @param found what it holds instead (quoted by the caller if it is text from the file)
     */
    public static RoutingFileException at(String source, int line, String expected, String found) {
        return new RoutingFileException(source, line, "expected " + expected + ", found " + found, null);
    }

    /** A file that cannot be opened or read; the message names the file and the reason. */
    public static RoutingFileException unreadable(String source, IOException cause) {
        String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        if (cause instanceof java.nio.file.NoSuchFileException) {
            why = "no such file";
        } else if (cause instanceof java.nio.file.AccessDeniedException) {
            why = "permission denied";
        }
        return new RoutingFileException(source, 0, "cannot read: " + why, cause);
    }

    /** The file name as the caller gave it. */
    public String source() {
        return source;
    }

    /** The 1-based line of the error, or 0 if the file could not be read at all. */
    public int line() {
        return line;
    }

    /** The message without the {@code file:line: } prefix. */
    public String detail() {
        return detail;
    }
}
