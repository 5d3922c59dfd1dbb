package dev.jsm.daemon.mkey;

import dev.jsm.daemon.cache.CacheFiles;
import dev.jsm.subnet.Guid;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenSM's {@code guid2mkey} format ({@code osm_db_pack.c}, written by the same {@code osm_db_store} as
 * {@code guid2lid}): one record per port, {@code 0x%016x 0x%016x} (port GUID, M_Key), each followed by an empty line.
 * Parsing is lenient about white space and blank lines, as OpenSM's is, and reports every other line as a problem
 * with its line number.
 *
 * <p>Stateless; thread-safe.
 */
final class Guid2MKeyFile {

    /**
     * One record as read.
     *
     * @param line line number (1-based)
     * @param guid port GUID
     * @param mKey the M_Key
     */
    record Entry(int line, long guid, long mKey) {
    }

    /**
     * What a file held.
     *
     * @param entries the well-formed records, in file order
     * @param problems one {@code line N: ...} text per line that was not a record
     */
    record Parsed(List<Entry> entries, List<String> problems) {
    }

    private Guid2MKeyFile() {
    }

    /** Parses the file text. */
    static Parsed parse(String text) {
        List<Entry> entries = new ArrayList<>();
        List<String> problems = CacheFiles.readRecords(text, 2, "0x<port guid> 0x<m_key>", (line, t) ->
                entries.add(new Entry(line, CacheFiles.hex(t.get(0), 16), CacheFiles.hex(t.get(1), 16))));
        return new Parsed(entries, problems);
    }

    /** The file text for {@code keys} (port GUID to M_Key), in map order. */
    static String format(Map<Long, Long> keys) {
        StringBuilder sb = new StringBuilder(keys.size() * 40);
        for (Map.Entry<Long, Long> e : keys.entrySet()) {
            sb.append(Guid.toString(e.getKey())).append(' ').append(MKeyBook.hex(e.getValue())).append("\n\n");
        }
        return sb.toString();
    }
}
