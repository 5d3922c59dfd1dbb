package dev.jsm.routing.fileformat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The text of one routing file, named as the operator configured it, and the one loop every reader of this package
 * walks it with: lines split at {@code \n}, {@code \r\n} or {@code \r}, white space stripped, blank and comment
 * lines skipped, each meaningful line handed out with its 1-based line number. A file that cannot be read becomes a
 * {@link RoutingFileException} {@code file: cannot read: reason}; {@link #error} makes the
 * {@code file:line: expected ..., found ...} one for a malformed line.
 *
 * <p>Immutable; safe to share. A {@link Cursor} is confined to the thread that walks it.
 */
final class SourceLines {

    /** What a {@code #} means. */
    enum Comments {
        /**
         * {@code #} starts a comment anywhere on a line (the option files: GUID lists, hop weights, port files,
         * {@code torus-2QoS.conf}).
         */
        TO_END_OF_LINE,
        /**
         * Only a line that starts with {@code #} is a comment; a later {@code #} is content (OpenSM's dumps keep the
         * destination's {@code portguid 0x...} in a trailing comment that the readers need).
         */
        WHOLE_LINE
    }

    private final String source;
    private final String[] lines;

    private SourceLines(String source, String[] lines) {
        this.source = source;
        this.lines = lines;
    }

    /** The text of the file at {@code path} (UTF-8); the path as given names the file in errors. */
    static SourceLines read(Path path) throws RoutingFileException {
        try {
            return of(path.toString(), Files.readString(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw RoutingFileException.unreadable(path.toString(), e);
        }
    }

    /** {@code text} as the content of a file named {@code source} (tests, inline configuration). */
    static SourceLines of(String source, String text) {
        return new SourceLines(source, text.split("\r?\n|\r", -1));
    }

    /** The file name as given. */
    String source() {
        return source;
    }

    /** A cursor before the first meaningful line, {@code #} read as {@code comments} says. */
    Cursor cursor(Comments comments) {
        return new Cursor(comments);
    }

    /** An error on 1-based line {@code line}: {@code file:line: expected <expected>, found <found>}. */
    RoutingFileException error(int line, String expected, String found) {
        return RoutingFileException.at(source, line, expected, found);
    }

    /** Walks the meaningful lines in file order: {@code while (c.next()) { c.number(); c.text(); }}. */
    final class Cursor {

        private final Comments comments;
        private int index = -1;
        private String text;

        private Cursor(Comments comments) {
            this.comments = comments;
        }

        /** Moves to the next meaningful line; false (and no current line) at the end of the file. */
        boolean next() {
            while (++index < lines.length) {
                String l = lines[index];
                if (comments == Comments.TO_END_OF_LINE) {
                    int hash = l.indexOf('#');
                    if (hash >= 0) {
                        l = l.substring(0, hash);
                    }
                }
                l = l.strip();
                if (!l.isEmpty() && l.charAt(0) != '#') {
                    text = l;
                    return true;
                }
            }
            text = null;
            return false;
        }

        /** The 1-based line number of the current line. */
        int number() {
            return index + 1;
        }

        /** The current line, stripped (and, with {@link Comments#TO_END_OF_LINE}, without its comment). */
        String text() {
            return text;
        }
    }
}
