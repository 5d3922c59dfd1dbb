package dev.jsm.routing.files;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code ids_guid_file} ({@code -m}) of OpenSM's updn engine: one {@code <guid> <id>} pair per line, giving a
 * switch an id that replaces its GUID where updn breaks ties between switches of equal rank. {@code #} comments and
 * blank lines are skipped; the GUID and the id are decimal or {@code 0x} hexadecimal; the id is an unsigned 64-bit
 * value like the GUID it replaces (0 allowed). A GUID listed twice is an error (OpenSM lets the last one win
 * silently).
 *
 * <p>Immutable; safe to share.
 */
public final class GuidIdFile {

    private final String source;
    private final long[] guids;
    private final long[] ids;
    private final int[] lines;

    private GuidIdFile(String source, long[] guids, long[] ids, int[] lines) {
        this.source = source;
        this.guids = guids;
        this.ids = ids;
        this.lines = lines;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read or a line is not {@code <guid> <id>} or repeats a GUID
     */
    public static GuidIdFile read(Path path) throws RoutingFileException {
        return of(path.toString(), FileLine.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source}. */
    public static GuidIdFile parse(String source, String text) throws RoutingFileException {
        return of(source, FileLine.parse(source, text));
    }

    private static GuidIdFile of(String source, List<FileLine> fileLines) throws RoutingFileException {
        int n = fileLines.size();
        long[] g = new long[n];
        long[] id = new long[n];
        int[] l = new int[n];
        Map<Long, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < n; i++) {
            FileLine line = fileLines.get(i);
            line.expectTokens(2, 2, "<guid> <id>");
            g[i] = line.guid(0);
            id[i] = line.unsigned64(1, "an id");
            l[i] = line.number();
            Integer first = firstLine.putIfAbsent(g[i], l[i]);
            if (first != null) {
                throw line.error("each GUID once", String.format("0x%016x again (first on line %d)", g[i], first));
            }
        }
        return new GuidIdFile(source, g, id, l);
    }

    /** The file name as given, for messages. */
    public String source() {
        return source;
    }

    /** How many pairs the file lists. */
    public int size() {
        return guids.length;
    }

    /** The GUID of pair {@code i}, in file order. */
    public long guid(int i) {
        return guids[i];
    }

    /** The id of pair {@code i}. */
    public long id(int i) {
        return ids[i];
    }

    /** The 1-based line of pair {@code i}. */
    public int line(int i) {
        return lines[i];
    }

    /** {@code file:line} of pair {@code i}, to prefix a message about it. */
    public String where(int i) {
        return source + ":" + lines[i];
    }

    /** {@code GuidIdFile[source, n pairs]}. */
    @Override
    public String toString() {
        return "GuidIdFile[" + source + ", " + guids.length + " pairs]";
    }
}
