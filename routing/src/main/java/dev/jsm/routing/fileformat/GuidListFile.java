package dev.jsm.routing.fileformat;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * A file of one GUID per line, the format OpenSM uses for {@code root_guid_file} ({@code -a}), {@code cn_guid_file}
 * ({@code -u}), {@code io_guid_file} ({@code -G}) and {@code guid_routing_order_file} ({@code -X}). {@code #} starts
 * a comment, blank lines are skipped, a GUID is {@code 0x} hexadecimal (or decimal, as OpenSM's {@code strtoull}
 * accepts). What a GUID names (a switch node GUID, a port GUID, a CA whose switch is meant) is up to the reader of
 * the option; this class only keeps the GUIDs in file order with their line numbers, so a caller can report
 * {@code file:line} for a GUID the fabric does not have. Duplicates are kept (callers decide: the first occurrence
 * wins for an order, a set does not care).
 *
 * <p>Immutable; safe to share.
 */
public final class GuidListFile extends GuidLineFile {

    private GuidListFile(GuidLines entries) {
        super(entries);
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read ({@code file: cannot read: ...}) or a line is not exactly one
     *     GUID ({@code file:line: expected ..., found ...})
     */
    public static GuidListFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source} (tests, inline configuration). */
    public static GuidListFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static GuidListFile of(SourceLines text) throws RoutingFileException {
        return new GuidListFile(GuidLines.parse(text.source(), FileLine.of(text), 1, 1, "one GUID per line",
                (i, guid, line) -> { }));
    }

    /** {@code GuidListFile[source, n GUIDs]}. */
    @Override
    public String toString() {
        long[] guids = guids();
        return "GuidListFile[" + source() + ", " + guids.length + " GUIDs" + (guids.length <= 4
                ? " " + Arrays.toString(Arrays.stream(guids).mapToObj(GuidLines::hex).toArray())
                : "") + "]";
    }
}
