package dev.jsm.daemon.mkey;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.sweep.SmpKeys;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PhysPort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What the SM knows of M_Keys (IBA 14.2.4), as OpenSM 3.3.23 keeps it: the key each management port should hold ({@link
 * #expected}), the key it is known to hold ({@link #current}), the key an SMP along a route presents ({@link #keyFor})
 * and the other keys to try when a port does not answer ({@link #candidates}). With {@code m_key} 0, the default, it is
 * inactive and every SMP presents 0.
 *
 * <p>Confined to the SM thread, except {@link #expected} and {@link #active}, which any thread may call.
 *
 * <p>In detail: docs/design/daemon.md#mkeybook.
 */
public final class MKeyBook implements SmpKeys {

    /** The one key every SMP presents without M_Key management: shared, as it is asked for once per SMP. */
    private static final long[] NO_KEY = {0};

    /** Keys of {@code guid2mkey} tried along a route no port answered yet, besides {@code m_key}. */
    static final int FEW_KEYS = 3;
    private static final Logger LOG = LogManager.getLogger(MKeyBook.class);

    private final MKeyScheme scheme;
    private final long base;
    private final long smPortGuid;
    private final MKeyStore store;
    private final NeighborStore neighbors;
    private final BooleanSupplier lookup;
    private final Map<DrPath, Long> portAt = new HashMap<>();
    private final Set<Long> reported = new HashSet<>();

    private MKeyBook(MKeyScheme scheme, long smPortGuid, MKeyStore store, NeighborStore neighbors,
                     BooleanSupplier lookup) {
        this.scheme = scheme;
        this.base = scheme.base();
        this.smPortGuid = smPortGuid;
        this.neighbors = neighbors;
        this.store = store;
        this.lookup = lookup;
    }

    /**
     * The book for {@code o} of the SM on port {@code smPortGuid}: reads {@code guid2mkey} and {@code neighbors}
     * from {@code cacheDir} when {@code m_key} is set and {@code m_key_lookup} is TRUE in {@code o} (logging a file
     * set aside and its problems); {@code lookup} says, at every flush, whether {@code m_key_lookup} is TRUE now (it
     * is reloaded); it is not called here.
     */
    public static MKeyBook of(SmOptions o, Path cacheDir, long smPortGuid, BooleanSupplier lookup) {
        boolean read = o.mKey() != 0 && o.get(DeviceOptions.M_KEY_LOOKUP);
        boolean exitOnFatal = o.get(DebugOptions.EXIT_ON_FATAL);
        MKeyStore store = read ? MKeyStore.load(cacheDir, exitOnFatal) : MKeyStore.empty(cacheDir);
        NeighborStore neighbors = read ? NeighborStore.load(cacheDir, exitOnFatal) : NeighborStore.empty(cacheDir);
        for (String unreadable : new String[] {store.unreadable(), neighbors.unreadable()}) {
            if (unreadable != null) {
                LOG.fatal("MKEY-1104 {}; exiting (exit_on_fatal TRUE), the file left as it is", unreadable);
                throw new UncheckedIOException(new IOException(unreadable));
            }
        }
        for (String aside : new String[] {store.setAside(), neighbors.setAside()}) {
            if (aside != null) {
                LOG.error("MKEY-1101 {}", aside);
            }
        }
        store.problems().forEach(p -> LOG.error("MKEY-1102 {}", p));
        neighbors.problems().forEach(p -> LOG.error("MKEY-1102 {}", p));
        if (store.size() > 0) {
            LOG.info("MKEY-1103 {} M_Keys read from {}, {} cable ends from {}", store.size(), store.file(),
                    neighbors.size(), neighbors.file());
        }
        return new MKeyBook(MKeyScheme.of(o), smPortGuid, store, neighbors, lookup);
    }

    /** A book presenting {@code mKey} to every port, recording nothing in any file (tests, tools). */
    public static MKeyBook fixed(long mKey) {
        Path nowhere = Path.of(".");
        return new MKeyBook(new MKeyScheme(mKey, false), 0, MKeyStore.empty(nowhere), NeighborStore.empty(nowhere),
                () -> false);
    }

    /** Whether M_Keys are managed at all ({@code m_key} is not 0). */
    public boolean active() {
        return base != 0;
    }

    /** The key port {@code portGuid} should hold ({@link MKeyScheme#expected}). */
    public long expected(long portGuid) {
        return scheme.expected(portGuid);
    }

    /** The key port {@code portGuid} is known to hold (see the class comment). */
    public long current(long portGuid) {
        Long known = store.get(portGuid);
        return known != null ? known : expected(portGuid);
    }

    /** A NodeInfo answer came along {@code path} from the management port {@code portGuid}. */
    public void reached(DrPath path, long portGuid) {
        if (active()) {
            portAt.put(path, portGuid);
        }
    }

    /** A NodeInfo answer proved the cable between {@code from} and {@code to} (for {@code neighbors}). */
    public void linked(PhysPort from, PhysPort to) {
        if (active()) {
            neighbors.put(from.portGuid(), from.portNum(), to.portGuid(), to.portNum());
        }
    }

    /**
     * The management port at the end of {@code path}: the one whose NodeInfo answer came along it, else the one
     * the recorded cables lead to ({@link NeighborStore#portAt}), else {@code null}.
     */
    private Long portAtEnd(DrPath path) {
        Long guid = portAt.get(path);
        return guid != null ? guid : neighbors.portAt(smPortGuid, path);
    }

    /**
     * The key an SMP along {@code path} presents: 0 when inactive; the expected key of a port known to hold none (a
     * port whose M_Key is 0 takes any key, and the SMPs sent while the link manager's Set gives it the expected one
     * are then right on either side of it).
     */
    public long keyFor(DrPath path) {
        if (!active()) {
            return 0;
        }
        Long guid = portAtEnd(path);
        if (guid == null) {
            return base;
        }
        long known = current(guid);
        return known != 0 ? known : expected(guid);
    }

    /**
     * The keys to present along {@code path}, in the order to try them, without repeats: {@link #keyFor} first;
     * then, for a port known at the end of the route, the key {@code guid2mkey} holds for it, its expected key and
     * {@code m_key}; for a route no port answered yet (a restart: discovery needs the key before it learns the
     * port's GUID), the keys {@code guid2mkey} holds when they are few (at most {@value #FEW_KEYS} besides
     * {@code m_key}: one subnet key, or one before and after a change of {@code m_key}). Without M_Key management,
     * the one key 0. The array is to be read, not changed.
     */
    @Override
    public long[] candidates(DrPath path) {
        if (!active()) {
            return NO_KEY;
        }
        long first = keyFor(path);
        Long guid = portAtEnd(path);
        long[] others;
        if (guid != null) {
            Long recorded = store.get(guid);
            others = new long[] {recorded == null ? first : recorded, expected(guid), base};
        } else {
            others = store.fewKeys(FEW_KEYS);
        }
        long[] keys = new long[1 + others.length];
        int n = 0;
        keys[n++] = first;
        for (long k : others) {
            if (k != 0 && !contains(keys, n, k)) {
                keys[n++] = k;
            }
        }
        return n == keys.length ? keys : Arrays.copyOf(keys, n);
    }

    private static boolean contains(long[] keys, int n, long k) {
        for (int i = 0; i < n; i++) {
            if (keys[i] == k) {
                return true;
            }
        }
        return false;
    }

    /**
     * The port at the end of {@code path} answered an SMP presenting {@code key} after it did not answer
     * {@code tried}: it holds {@code key}, which is recorded (and logged once per port).
     */
    @Override
    public void answered(DrPath path, long key, long tried) {
        Long guid = portAtEnd(path);
        if (guid == null) {
            return;
        }
        store.put(guid, key);
        if (key == expected(guid)) {
            LOG.debug("port {} answers its new M_Key {} (an SMP sent before its PortInfo Set arrived)",
                    Guid.toString(guid), hex(key));
        } else if (reported.add(guid)) {
            LOG.warn("MKEY-1104 port {} (route {}) answers M_Key {}, not {}: using it until the port gets {}",
                    Guid.toString(guid), path, hex(key), hex(tried), hex(expected(guid)));
        }
    }

    /**
     * The port at the end of {@code path} answered none of {@code tried}: logged once per port. It is reached again
     * when its lease runs out (or never, with a lease of 0).
     */
    @Override
    public void unreachable(DrPath path, long[] tried) {
        Long guid = portAtEnd(path);
        if (guid != null && reported.add(guid)) {
            LOG.error("MKEY-1105 port {} (route {}) answers none of the {} M_Keys jsm knows for it: it holds a key"
                    + " set by someone else; it is configured once its M_Key lease runs out and it drops its"
                    + " protection", Guid.toString(guid), path, tried.length);
        }
    }

    /**
     * A PortInfo of {@code port} was read or set, with M_Key {@code mKey} and M_KeyProtectBits {@code protectBits}.
     * For a management port whose M_Key field is meaningful (non-zero, or no protection), the key is recorded as the
     * one it holds. A port at protection 1 shows 0 to a wrong key: it holds one jsm does not know (logged once, as
     * OpenSM logs "has unknown M_Key").
     */
    public void observed(PhysPort port, long mKey, int protectBits) {
        if (!active() || port.node().isSwitch() && port.portNum() != 0) {
            return;
        }
        long guid = port.portGuid();
        if (mKey == 0 && protectBits != 0) {
            if (reported.add(guid)) {
                LOG.warn("MKEY-1108 port {} hides its M_Key (protection level {}): it holds a key jsm does not know;"
                        + " it is configured once its M_Key lease runs out", Guid.toString(guid), protectBits);
            }
            return;
        }
        store.put(guid, mKey);
        if (mKey != 0 && mKey != expected(guid) && reported.add(guid)) {
            LOG.warn("MKEY-1106 port {} holds M_Key {}, not {}: the link manager sets it", Guid.toString(guid),
                    hex(mKey), hex(expected(guid)));
        }
    }

    /**
     * Writes {@code guid2mkey} and {@code neighbors} if {@code m_key_lookup} is TRUE and a key or a cable changed;
     * an error is logged (the SM carries on: it still knows the keys).
     */
    public void flush(boolean fsync) {
        if (!active() || !lookup.getAsBoolean()) {
            return;
        }
        try {
            if (store.flushIfDirty(fsync)) {
                LOG.debug("wrote {} ({} records)", store.file(), store.size());
            }
            if (neighbors.flushIfDirty(fsync)) {
                LOG.debug("wrote {} ({} records)", neighbors.file(), neighbors.size());
            }
        } catch (IOException e) {
            LOG.error("MKEY-1107 cannot write the M_Key files in {}: {}", store.file().getParent(), e.toString());
        }
    }

    /** {@code key} as OpenSM writes M_Keys: {@code 0x} and 16 hexadecimal digits. */
    public static String hex(long key) {
        String h = Long.toHexString(key);
        return "0x" + "0000000000000000".substring(h.length()) + h;
    }
}
