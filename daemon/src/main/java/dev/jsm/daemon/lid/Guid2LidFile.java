package dev.jsm.daemon.lid;

import dev.jsm.daemon.cache.CacheFiles;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenSM's {@code guid2lid} format ({@code osm_db_files.c}; docs/reference/opensm-behaviour.md#cache-files):
 * one record per port, {@code 0x%016x 0x%04x
 * 0x%04x} (port GUID, first LID, last LID), each followed by an empty line. Parsing is lenient about white space
 * and blank lines, as OpenSM's is, and reports every other line as a problem with its line number, quoting at most
 * {@value CacheFiles#QUOTED_CHARS} characters of it.
 *
 * <p>Stateless; thread-safe.
 */
final class Guid2LidFile {

    /**
     * One record as read.
     *
     * @param line line number (1-based)
     * @param guid port GUID
     * @param minLid first LID
     * @param maxLid last LID
     */
    record Entry(int line, long guid, int minLid, int maxLid) {
    }

    /**
     * What a file held.
     *
     * @param entries the well-formed records, in file order
     * @param problems one {@code line N: ...} text per line that was not a record
     */
    record Parsed(List<Entry> entries, List<String> problems) {
    }

    private Guid2LidFile() {
    }

    /** Parses the file text. */
    static Parsed parse(String text) {
        List<Entry> entries = new ArrayList<>();
        List<String> problems = CacheFiles.readRecords(text, 3, "0x<port guid> 0x<min lid> 0x<max lid>",
                (line, t) -> entries.add(new Entry(line, CacheFiles.hex(t.get(0), 16),
                        (int) CacheFiles.hex(t.get(1), 4), (int) CacheFiles.hex(t.get(2), 4))));
        return new Parsed(entries, problems);
    }

    /** The file text for {@code ranges} (port GUID to first and last LID), in map order. */
    static String format(Map<Long, int[]> ranges) {
        StringBuilder sb = new StringBuilder(ranges.size() * 40);
        for (Map.Entry<Long, int[]> e : ranges.entrySet()) {
            sb.append(Guid.toString(e.getKey())).append(' ').append(Lid.toString(e.getValue()[0])).append(' ')
                    .append(Lid.toString(e.getValue()[1])).append("\n\n");
        }
        return sb.toString();
    }
}
