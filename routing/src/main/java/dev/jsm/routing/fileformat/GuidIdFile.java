package dev.jsm.routing.fileformat;

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
public final class GuidIdFile extends GuidLineFile {

    private final long[] ids;

    private GuidIdFile(GuidLines entries, long[] ids) {
        super(entries);
        this.ids = ids;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read or a line is not {@code <guid> <id>} or repeats a GUID
     */
    public static GuidIdFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source}. */
    public static GuidIdFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static GuidIdFile of(SourceLines text) throws RoutingFileException {
        List<FileLine> fileLines = FileLine.of(text);
        long[] id = new long[fileLines.size()];
        Map<Long, Integer> firstLine = new HashMap<>();
        GuidLines entries = GuidLines.parse(text.source(), fileLines, 2, 2, "<guid> <id>", (i, guid, line) -> {
            id[i] = line.unsigned64(1, "an id");
            GuidLines.once(firstLine, guid, line, "each GUID once", GuidLines.hex(guid));
        });
        return new GuidIdFile(entries, id);
    }

    /** The id of pair {@code i}. */
    public long id(int i) {
        return ids[i];
    }

    /** {@code GuidIdFile[source, n pairs]}. */
    @Override
    public String toString() {
        return "GuidIdFile[" + source() + ", " + size() + " pairs]";
    }
}
