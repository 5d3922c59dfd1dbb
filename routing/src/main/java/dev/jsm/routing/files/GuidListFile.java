package dev.jsm.routing.files;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

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
public final class GuidListFile {

    private final String source;
    private final long[] guids;
    private final int[] lines;

    private GuidListFile(String source, long[] guids, int[] lines) {
        this.source = source;
        this.guids = guids;
        this.lines = lines;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read ({@code file: cannot read: ...}) or a line is not exactly one
     *     GUID ({@code file:line: expected ..., found ...})
     */
    public static GuidListFile read(Path path) throws RoutingFileException {
        return of(path.toString(), FileLine.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source} (tests, inline configuration). */
    public static GuidListFile parse(String source, String text) throws RoutingFileException {
        return of(source, FileLine.parse(source, text));
    }

    private static GuidListFile of(String source, List<FileLine> fileLines) throws RoutingFileException {
        long[] g = new long[fileLines.size()];
        int[] l = new int[fileLines.size()];
        for (int i = 0; i < g.length; i++) {
            FileLine line = fileLines.get(i);
            line.expectTokens(1, 1, "one GUID per line");
            g[i] = line.guid(0);
            l[i] = line.number();
        }
        return new GuidListFile(source, g, l);
    }

    /** The file name as given, for messages. */
    public String source() {
        return source;
    }

    /** How many GUIDs the file lists (duplicates counted). */
    public int size() {
        return guids.length;
    }

    /** True if the file lists no GUID (only comments and blank lines, or empty). */
    public boolean isEmpty() {
        return guids.length == 0;
    }

    /** The {@code i}-th GUID in file order. */
    public long guid(int i) {
        return guids[i];
    }

    /** The 1-based line of the {@code i}-th GUID. */
    public int line(int i) {
        return lines[i];
    }

    /** The GUIDs in file order (a copy). */
    public long[] guids() {
        return guids.clone();
    }

    /** {@code file:line} of the {@code i}-th GUID, to prefix a message about it. */
    public String where(int i) {
        return source + ":" + lines[i];
    }

    /** {@code GuidListFile[source, n GUIDs]}. */
    @Override
    public String toString() {
        return "GuidListFile[" + source + ", " + guids.length + " GUIDs" + (guids.length <= 4
                ? " " + Arrays.toString(Arrays.stream(guids).mapToObj(v -> String.format("0x%016x", v)).toArray())
                : "") + "]";
    }
}
