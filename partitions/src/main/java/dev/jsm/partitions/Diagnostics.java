package dev.jsm.partitions;

import java.util.ArrayList;
import java.util.List;

/**
 * Where one parse of partitions.conf collects its warnings and makes its positioned errors.
 *
 * <p>Confined to the parsing thread.
 */
final class Diagnostics {

    private final String source;
    private final List<ParseWarning> warnings = new ArrayList<>();

    Diagnostics(String source) {
        this.source = source;
    }

    /** An error at the start of {@code at}. */
    PartitionsParseException error(Token at, String problem) {
        return new PartitionsParseException(source, at.line(), at.column(), problem);
    }

    /** An error at an explicit position. */
    PartitionsParseException error(int line, int column, String problem) {
        return new PartitionsParseException(source, line, column, problem);
    }

    /** Records a warning at the start of {@code at}. */
    void warn(Token at, String message) {
        warnings.add(new ParseWarning(source, at.line(), at.column(), message));
    }

    /** {@code text} for quoting in a message: at most 40 characters, longer text cut with "...". */
    static String quote(String text) {
        return "'" + (text.length() <= 40 ? text : text.substring(0, 37) + "...") + "'";
    }

    /** The warnings so far, in order. */
    List<ParseWarning> warnings() {
        return List.copyOf(warnings);
    }
}
