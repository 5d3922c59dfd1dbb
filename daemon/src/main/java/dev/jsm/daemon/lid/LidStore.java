package dev.jsm.daemon.lid;

import dev.jsm.daemon.cache.CacheRecordFile;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import dev.jsm.subnet.LidRange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The persistent LID assignments, OpenSM's {@code guid2lid}: port GUID to LID range, for every port this SM (or the
 * OpenSM before it) ever gave LIDs, present or not, so a port that comes back gets its old LIDs. One owner per LID.
 * {@link #load} validates the file as OpenSM does (overlapping and misaligned records are dropped, with a problem
 * line each, at most {@value CacheRecordFile#MAX_PROBLEMS} and a count of the rest); {@link #flushIfDirty} writes it
 * atomically (temporary file, fsync, rename) only when it changed.
 *
 * <p>Confined to the SM thread.
 *
 * <p>In detail: docs/design/daemon.md#lidstore.
 */
public final class LidStore extends CacheRecordFile {

    /** The file name in the cache directory. */
    public static final String FILE_NAME = "guid2lid";
    /** Largest file read: 49,151 LIDs at 42 bytes a record are 2 MB. */
    static final long MAX_FILE_BYTES = 16L << 20;

    private final TreeMap<Long, LidRange> byGuid = new TreeMap<>(Long::compareUnsigned);
    private final long[] owner = new long[Lid.UNICAST_MAX + 1];
    private int searchFrom = Lid.UNICAST_MIN;

    private LidStore(Path file) {
        super(file, MAX_FILE_BYTES);
    }

    /** An empty store that will write {@code cacheDir/guid2lid}. */
    public static LidStore empty(Path cacheDir) {
        return new LidStore(cacheDir.resolve(FILE_NAME));
    }

    /**
     * Reads {@code cacheDir/guid2lid} if it exists; records that do not fit (malformed, misaligned, outside the
     * unicast range, overlapping an earlier record, or a GUID listed twice) are dropped and described in
     * {@link #problems()}. A file that cannot be read is moved aside and the store starts empty
     * ({@link #setAside()} says so).
     */
    public static LidStore load(Path cacheDir) {
        LidStore store = empty(cacheDir);
        store.read("every port keeps the LIDs it carries");
        return store;
    }

    /**
     * Loads the file as {@link #load}, or with {@code keepUnreadable} ({@code exit_on_fatal TRUE}) leaves a file
     * that cannot be read where it is, {@link #unreadable()} saying why.
     */
    public static LidStore load(Path cacheDir, boolean keepUnreadable) {
        if (!keepUnreadable) {
            return load(cacheDir);
        }
        LidStore store = empty(cacheDir);
        store.readOrKeep();
        return store;
    }

    /**
     * Replaces the records with those of the file as it is now ({@code honor_guid2lid_file} when this SM takes
     * over: the master may have written it on shared storage). Problems are added to {@link #problems()}.
     *
     * @throws IOException if the file exists but cannot be read (the records are then unchanged)
     */
    public void reload() throws IOException {
        String text = readText();
        clearProblems();
        clear();
        markClean();
        if (text != null) {
            parse(text);
        }
    }

    @Override
    protected void parse(String text) {
        Guid2LidFile.Parsed parsed = Guid2LidFile.parse(text);
        List<String> found = new ArrayList<>();
        for (String p : parsed.problems()) {
            found.add(file() + ": " + p);
        }
        for (Guid2LidFile.Entry e : parsed.entries()) {
            String why = reject(e);
            if (why != null) {
                found.add(file() + ": line " + e.line() + ": " + why + "; record dropped");
                markDirty();
            } else {
                claim(e.guid(), LidRange.of(e.minLid(), Integer.numberOfTrailingZeros(e.maxLid() - e.minLid() + 1)));
            }
        }
        addProblems(found);
    }

    @Override
    protected String format() {
        Map<Long, int[]> ranges = new LinkedHashMap<>();
        byGuid.forEach((g, r) -> ranges.put(g, new int[] {r.first(), r.last()}));
        return Guid2LidFile.format(ranges);
    }

    private String reject(Guid2LidFile.Entry e) {
        int count = e.maxLid() - e.minLid() + 1;
        if (e.guid() == 0) {
            return "port GUID 0";
        }
        if (!Lid.isUnicast(e.minLid()) || !Lid.isUnicast(e.maxLid()) || count < 1 || count > 128
                || Integer.bitCount(count) != 1 || e.minLid() % count != 0) {
            return String.format("LIDs 0x%04x-0x%04x are not an aligned unicast range", e.minLid(), e.maxLid());
        }
        if (byGuid.containsKey(e.guid())) {
            return "port " + Guid.toString(e.guid()) + " is listed twice";
        }
        for (int lid = e.minLid(); lid <= e.maxLid(); lid++) {
            if (owner[lid] != 0) {
                return String.format("LID 0x%04x is also given to port %s", lid, Guid.toString(owner[lid]));
            }
        }
        return null;
    }

    /** The range recorded for {@code portGuid}, or {@code null}. */
    public LidRange get(long portGuid) {
        return byGuid.get(portGuid);
    }

    /** Whether every LID of {@code range} is free or already {@code portGuid}'s. */
    public boolean isFreeFor(LidRange range, long portGuid) {
        for (int lid = range.first(); lid <= range.last(); lid++) {
            if (owner[lid] != 0 && owner[lid] != portGuid) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first LMC-aligned range of {@code 2^lmc} LIDs free for {@code portGuid}, or {@code null} when the
     * unicast space is full.
     */
    public LidRange firstFree(int lmc, long portGuid) {
        while (searchFrom <= Lid.UNICAST_MAX && owner[searchFrom] != 0) {
            searchFrom++;
        }
        int step = 1 << lmc;
        int base = Math.max(step, (searchFrom + step - 1) / step * step);
        for (; base + step - 1 <= Lid.UNICAST_MAX; base += step) {
            LidRange r = LidRange.of(base, lmc);
            if (isFreeFor(r, portGuid)) {
                return r;
            }
        }
        return null;
    }

    /** Records {@code range} for {@code portGuid}, replacing its old range. The range must be free for it. */
    public void put(long portGuid, LidRange range) {
        if (!isFreeFor(range, portGuid)) {
            throw new IllegalArgumentException("LIDs " + range + " are not free for port " + Guid.toString(portGuid));
        }
        LidRange old = byGuid.get(portGuid);
        if (range.equals(old)) {
            return;
        }
        if (old != null) {
            release(old);
        }
        claim(portGuid, range);
        markDirty();
    }

    /**
     * The ports other than {@code portGuid} whose records hold a LID of {@code range}, in LID order without
     * repeats.
     */
    public List<Long> holdersOf(LidRange range, long portGuid) {
        List<Long> out = new ArrayList<>();
        for (int lid = range.first(); lid <= range.last(); lid++) {
            long g = owner[lid];
            if (g != 0 && g != portGuid && !out.contains(g)) {
                out.add(g);
            }
        }
        return out;
    }

    /** Forgets the record of {@code portGuid}, if any. */
    public void remove(long portGuid) {
        LidRange old = byGuid.remove(portGuid);
        if (old != null) {
            release(old);
            markDirty();
        }
    }

    /** Forgets every record ({@code reassign_lids}). */
    public void clear() {
        if (!byGuid.isEmpty()) {
            markDirty();
        }
        byGuid.clear();
        java.util.Arrays.fill(owner, 0L);
        searchFrom = Lid.UNICAST_MIN;
    }

    /** Number of records. */
    public int size() {
        return byGuid.size();
    }

    private void claim(long guid, LidRange range) {
        byGuid.put(guid, range);
        for (int lid = range.first(); lid <= range.last(); lid++) {
            owner[lid] = guid;
        }
    }

    private void release(LidRange range) {
        for (int lid = range.first(); lid <= range.last(); lid++) {
            owner[lid] = 0;
        }
        searchFrom = Math.min(searchFrom, range.first());
    }
}
