package dev.jsm.daemon.mkey;

import dev.jsm.daemon.cache.CacheFiles;
import dev.jsm.daemon.cache.CacheRecordFile;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cables of the fabric as port GUID and port number at either end, OpenSM's {@code neighbors} file in the cache
 * directory: {@code 0x%016x:%u 0x%016x:%u} per record (each followed by an empty line), both directions of each
 * cable. It answers the question a restarted SM cannot otherwise answer at protection level 2 with a key per port:
 * which port - so which M_Key - is at the end of a directed route before that port has answered a NodeInfo
 * ({@link #portAt}). Read, set aside when unreadable, and written as {@code guid2mkey} is ({@link MKeyStore}), with
 * {@code m_key} set and {@code m_key_lookup} TRUE.
 *
 * <p>Confined to the SM thread.
 */
public final class NeighborStore extends CacheRecordFile {

    /** The file name in the cache directory. */
    public static final String FILE_NAME = "neighbors";
    /** Largest file read. */
    static final long MAX_FILE_BYTES = 32L << 20;

    /**
     * One end of a cable: the port GUID (a switch's for every switch port) and the port number.
     *
     * @param guid port GUID
     * @param port port number
     */
    record End(long guid, int port) implements Comparable<End> {
        @Override
        public int compareTo(End o) {
            int c = Long.compareUnsigned(guid, o.guid);
            return c != 0 ? c : Integer.compare(port, o.port);
        }

        @Override
        public String toString() {
            return Guid.toString(guid) + ":" + port;
        }

        static End parse(String token) {
            int colon = token.indexOf(':');
            if (colon < 0) {
                throw new NumberFormatException(token);
            }
            int port = Integer.parseInt(token.substring(colon + 1));
            if (port < 0 || port > 254) {
                throw new NumberFormatException(token);
            }
            return new End(CacheFiles.hex(token.substring(0, colon), 16), port);
        }
    }

    private final TreeMap<End, End> peers = new TreeMap<>();

    private NeighborStore(Path file) {
        super(file, MAX_FILE_BYTES);
    }

    /** An empty store that will write {@code cacheDir/neighbors}. */
    public static NeighborStore empty(Path cacheDir) {
        return new NeighborStore(cacheDir.resolve(FILE_NAME));
    }

    /**
     * Reads {@code cacheDir/neighbors} if it exists; malformed lines are dropped and described in
     * {@link #problems()}; a file that cannot be read is moved aside ({@link #setAside()}).
     */
    public static NeighborStore load(Path cacheDir) {
        NeighborStore store = empty(cacheDir);
        store.read("routes are resolved to ports as discovery answers");
        return store;
    }

    /**
     * Loads the file as {@link #load}, or with {@code keepUnreadable} ({@code exit_on_fatal TRUE}) leaves a file
     * that cannot be read where it is, {@link #unreadable()} saying why.
     */
    public static NeighborStore load(Path cacheDir, boolean keepUnreadable) {
        if (!keepUnreadable) {
            return load(cacheDir);
        }
        NeighborStore store = empty(cacheDir);
        store.readOrKeep();
        return store;
    }

    @Override
    protected void parse(String text) {
        List<String> found = new ArrayList<>();
        CacheFiles.readRecords(text, 2, "0x<port guid>:<port> 0x<port guid>:<port>",
                (line, t) -> peers.put(End.parse(t.get(0)), End.parse(t.get(1))))
                .forEach(p -> found.add(file() + ": " + p));
        addProblems(found);
    }

    @Override
    protected String format() {
        StringBuilder sb = new StringBuilder(peers.size() * 48);
        for (Map.Entry<End, End> e : peers.entrySet()) {
            sb.append(e.getKey()).append(' ').append(e.getValue()).append("\n\n");
        }
        return sb.toString();
    }

    /** Records the cable between port {@code aPort} of {@code aGuid} and port {@code bPort} of {@code bGuid}. */
    public void put(long aGuid, int aPort, long bGuid, int bPort) {
        End a = new End(aGuid, aPort);
        End b = new End(bGuid, bPort);
        if (!b.equals(peers.put(a, b)) | !a.equals(peers.put(b, a))) {
            markDirty();
        }
    }

    /**
     * The port GUID at the end of {@code path} from port {@code smPortGuid} by the recorded cables: the first hop
     * leaves the SM's port, every further hop a switch (whose ports share its port GUID); or {@code null} when a
     * cable on the way is not recorded. The route of hop count 0 ends at the SM's own port.
     */
    public Long portAt(long smPortGuid, DrPath path) {
        long guid = smPortGuid;
        for (int hop = 1; hop <= path.hopCount(); hop++) {
            End next = peers.get(new End(guid, path.port(hop)));
            if (next == null) {
                return null;
            }
            guid = next.guid();
        }
        return guid;
    }

    /** Number of records (two per cable). */
    public int size() {
        return peers.size();
    }
}
