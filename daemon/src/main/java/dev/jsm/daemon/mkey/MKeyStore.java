package dev.jsm.daemon.mkey;

import dev.jsm.daemon.cache.CacheRecordFile;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The M_Keys ports are known to hold, OpenSM's {@code guid2mkey}: port GUID (a CA port, or a switch's port 0) to
 * M_Key, for every port this SM (or the OpenSM before it) configured or read, present or not, so that an SM that
 * restarts presents the right key to ports that protect theirs. {@link #load} reads it as OpenSM does, dropping
 * malformed lines and GUIDs listed twice with a problem line each ({@link CacheRecordFile}); {@link #flushIfDirty}
 * writes it atomically (temporary file, fsync, rename) only when it changed.
 *
 * <p>A file that cannot be read at all (not ASCII, a directory, larger than {@value #MAX_FILE_BYTES} bytes) is moved
 * aside as {@code guid2mkey.bad-<time>} exactly as an unreadable {@code guid2lid} is:
 * the SM starts without it, presenting the keys it derives from {@code m_key}, and says so in one line
 * ({@link #setAside()}).
 *
 * <p>Confined to the SM thread.
 */
public final class MKeyStore extends CacheRecordFile {

    /** The file name in the cache directory. */
    public static final String FILE_NAME = "guid2mkey";
    /** Largest file read: 49,151 ports at 38 bytes a record are under 2 MB. */
    static final long MAX_FILE_BYTES = 16L << 20;
    private final TreeMap<Long, Long> byGuid = new TreeMap<>(Long::compareUnsigned);
    /** {@link #fewKeys}' answer until a record changes, or null. */
    private long[] few;

    private MKeyStore(Path file) {
        super(file, MAX_FILE_BYTES);
    }

    /** An empty store that will write {@code cacheDir/guid2mkey}. */
    public static MKeyStore empty(Path cacheDir) {
        return new MKeyStore(cacheDir.resolve(FILE_NAME));
    }

    /**
     * Reads {@code cacheDir/guid2mkey} if it exists; records that do not fit (malformed, port GUID 0, a GUID listed
     * twice) are dropped and described in {@link #problems()}. A file that cannot be read is moved aside and the
     * store starts empty ({@link #setAside()} says so).
     */
    public static MKeyStore load(Path cacheDir) {
        MKeyStore store = empty(cacheDir);
        store.read("every port is taken to hold the M_Key m_key gives it");
        return store;
    }

    /**
     * Loads the file as {@link #load}, or with {@code keepUnreadable} ({@code exit_on_fatal TRUE}) leaves a file
     * that cannot be read where it is, {@link #unreadable()} saying why.
     */
    public static MKeyStore load(Path cacheDir, boolean keepUnreadable) {
        if (!keepUnreadable) {
            return load(cacheDir);
        }
        MKeyStore store = empty(cacheDir);
        store.readOrKeep();
        return store;
    }

    @Override
    protected void parse(String text) {
        Guid2MKeyFile.Parsed parsed = Guid2MKeyFile.parse(text);
        List<String> found = new ArrayList<>();
        for (String p : parsed.problems()) {
            found.add(file() + ": " + p);
        }
        for (Guid2MKeyFile.Entry e : parsed.entries()) {
            if (e.guid() == 0) {
                found.add(file() + ": line " + e.line() + ": port GUID 0; record dropped");
                markDirty();
            } else if (byGuid.containsKey(e.guid())) {
                found.add(file() + ": line " + e.line() + ": port " + Guid.toString(e.guid())
                        + " is listed twice; record dropped");
                markDirty();
            } else {
                byGuid.put(e.guid(), e.mKey());
            }
        }
        addProblems(found);
    }

    @Override
    protected String format() {
        return Guid2MKeyFile.format(byGuid);
    }

    /** The M_Key recorded for {@code portGuid}, or {@code null}. */
    public Long get(long portGuid) {
        return byGuid.get(portGuid);
    }

    /** Records {@code mKey} for {@code portGuid}. */
    public void put(long portGuid, long mKey) {
        Long old = byGuid.put(portGuid, mKey);
        if (old == null || old != mKey) {
            markDirty();
            few = null;
        }
    }

    /**
     * The distinct keys recorded, in key order, when there are at most {@code max} of them; none when there are
     * more (per-port keys: too many to try one after the other). Kept until a record changes.
     */
    public long[] fewKeys(int max) {
        if (few == null) {
            TreeSet<Long> distinct = new TreeSet<>(Long::compareUnsigned);
            for (long k : byGuid.values()) {
                if (distinct.add(k) && distinct.size() > max) {
                    distinct.clear();
                    break;
                }
            }
            few = distinct.stream().mapToLong(Long::longValue).toArray();
        }
        return few.length <= max ? few : new long[0];
    }

    /** Number of records. */
    public int size() {
        return byGuid.size();
    }
}
