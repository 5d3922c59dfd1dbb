package dev.jsm.routing;

import dev.jsm.text.CNumber;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The options routing engines read, as text exactly as the configuration holds them, keyed by their OpenSM names
 * ({@code port_shifting}, {@code scatter_ports}, {@code root_guid_file}, ...). Engines read them through typed keys,
 * {@link EngineOption}s ({@code options.get(EngineOptions.PORT_SHIFTING)}), which parse on demand and name the
 * option in their errors; the keys several engines read are here, each engine's own in its options class. The daemon
 * fills it from the configuration by name ({@link #of}; a routing chain step's file is layered over the main options
 * the same way); engines read only the keys they know. The LMC is not here: it is part of the {@link RoutingInput},
 * which carries the LID ranges.
 *
 * <p>Immutable, with value equality; safe to share.
 */
public final class EngineOptions {

    /** Spread LIDs over equal-cost ports by shifting the starting port. */
    public static final EngineOption<Boolean> PORT_SHIFTING = EngineOption.flag("port_shifting", false);
    /** Seed for a random choice among equally loaded equal-cost ports; 0 = off. */
    public static final EngineOption<Long> SCATTER_PORTS = EngineOption.number("scatter_ports", 0);
    /** Count routes to switch LIDs in the per-port load, too. */
    public static final EngineOption<Boolean> PORT_PROFILE_SWITCH_NODES =
            EngineOption.flag("port_profile_switch_nodes", false);
    /** File of port GUIDs routed first, in that order. */
    public static final EngineOption<Optional<Path>> GUID_ROUTING_ORDER_FILE =
            EngineOption.file("guid_routing_order_file");
    /** File of per-port hop weights. */
    public static final EngineOption<Optional<Path>> HOP_WEIGHTS_FILE = EngineOption.file("hop_weights_file");
    /** File of switch ports left out of the load count. */
    public static final EngineOption<Optional<Path>> PORT_PROF_IGNORE_FILE =
            EngineOption.file("port_prof_ignore_file");
    /** Leave the ports of {@link #GUID_ROUTING_ORDER_FILE} out of {@link #SCATTER_PORTS}. */
    public static final EngineOption<Boolean> GUID_ROUTING_ORDER_NO_SCATTER =
            EngineOption.flag("guid_routing_order_no_scatter", false);
    /** File of per-switch port search orders, dor's dimension order. */
    public static final EngineOption<Optional<Path>> PORT_SEARCH_ORDERING_FILE =
            EngineOption.file("port_search_ordering_file");
    /** OpenSM's deprecated name of {@link #PORT_SEARCH_ORDERING_FILE}, read when that one is not set. */
    public static final EngineOption<Optional<Path>> DIMN_PORTS_FILE = EngineOption.file("dimn_ports_file");
    /** File of root switch GUIDs for updn and ftree. */
    public static final EngineOption<Optional<Path>> ROOT_GUID_FILE = EngineOption.file("root_guid_file");
    /** File of compute node port GUIDs for ftree, sssp and dfsssp. */
    public static final EngineOption<Optional<Path>> CN_GUID_FILE = EngineOption.file("cn_guid_file");
    /** File of I/O node port GUIDs for ftree, sssp and dfsssp. */
    public static final EngineOption<Optional<Path>> IO_GUID_FILE = EngineOption.file("io_guid_file");
    /** File of {@code <switch GUID> <id>} pairs replacing GUIDs in updn's tie-break. */
    public static final EngineOption<Optional<Path>> IDS_GUID_FILE = EngineOption.file("ids_guid_file");
    /** Connect the root switches in updn, dnup and ftree, by routes that may break up*&#47;down*. */
    public static final EngineOption<Boolean> CONNECT_ROOTS = EngineOption.flag("connect_roots", false);
    /** OpenSM LFT dump ({@code opensm-lfts.dump} format) the {@code file} engine loads; {@code -U}. */
    public static final EngineOption<Optional<Path>> LFTS_FILE = EngineOption.file("lfts_file");
    /** The min-hop matrix dump ({@code opensm-lid-matrix.dump}) the {@code file} engine checks; {@code -M}. */
    public static final EngineOption<Optional<Path>> LID_MATRIX_DUMP_FILE =
            EngineOption.file("lid_matrix_dump_file");
    /**
     * The OperationalVLs the link manager enables on every port, in the VLCap encoding 1-5 (default 5): the VLs the
     * deadlock-avoiding engines (dfsssp, nue) may put layers on. Read it checked with {@link #maxOpVls()}.
     */
    public static final EngineOption<Long> MAX_OP_VLS = EngineOption.number("max_op_vls", 5);
    /**
     * Worker threads an engine may use; 0 (the default) = one per available processor, 1 = the calling thread only.
     * Read it resolved with {@link #routingThreads()}.
     */
    public static final EngineOption<Long> ROUTING_THREADS = EngineOption.number("routing_threads", 0);
    /** Route around switch-to-switch links running below what both ends enable (nue, sssp, dfsssp). */
    public static final EngineOption<Boolean> AVOID_THROTTLED_LINKS =
            EngineOption.flag("avoid_throttled_links", false);
    /** Whether the QoS manager programs the SL-to-VL tables ({@code -Q}; nue, torus-2QoS). */
    public static final EngineOption<Boolean> QOS = EngineOption.flag("qos", false);

    private static final EngineOptions DEFAULTS = new EngineOptions(Map.of());

    private final Map<String, String> values;

    private EngineOptions(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** No options set: every engine uses its defaults. */
    public static EngineOptions defaults() {
        return DEFAULTS;
    }

    /** The options in {@code values} (copied). */
    public static EngineOptions of(Map<String, String> values) {
        return new EngineOptions(values);
    }

    /** A copy with {@code option} set to the text {@code value}, as a configuration file would set it. */
    public EngineOptions with(EngineOption<?> option, String value) {
        Map<String, String> m = new TreeMap<>(values);
        m.put(option.name(), value);
        return new EngineOptions(m);
    }

    /** All options, sorted by name. */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * The value of {@code option}: its text parsed, or its default when it is not set.
     *
     * @throws IllegalArgumentException naming the option, if its text is malformed
     */
    public <T> T get(EngineOption<T> option) {
        return option.read(this);
    }

    /** The raw text of {@code option}, if set (for messages about a value an engine rejects). */
    public Optional<String> text(EngineOption<?> option) {
        return Optional.ofNullable(values.get(option.name()));
    }

    /**
     * A boolean option: {@code TRUE} or {@code FALSE} (any case, as in {@code opensm.conf}).
     *
     * @throws IllegalArgumentException if the value is neither
     */
    boolean flag(String key, boolean defaultValue) {
        String v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        return switch (v.strip().toUpperCase(Locale.ROOT)) {
            case "TRUE" -> true;
            case "FALSE" -> false;
            default -> throw bad(key, "TRUE or FALSE", v);
        };
    }

    /**
     * A number option: decimal (with an optional {@code -}; a leading 0 is decimal) or {@code 0x} hexadecimal (up to
     * 64 bits, read as a signed {@code long}).
     *
     * @throws IllegalArgumentException if the value is not a number
     */
    long number(String key, long defaultValue) {
        String v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        String t = v.strip();
        try {
            return t.startsWith("0x") || t.startsWith("0X") ? CNumber.parseHex(t)
                    : CNumber.parseSigned(t, CNumber.Base.DECIMAL);
        } catch (NumberFormatException e) {
            throw bad(key, "a decimal or 0x-hex number", v);
        }
    }

    /**
     * {@link #MAX_OP_VLS} as its VLCap code, 1-5 (default 5).
     *
     * @throws IllegalArgumentException if outside 1-5
     */
    public int maxOpVls() {
        long code = get(MAX_OP_VLS);
        if (code < 1 || code > 5) {
            throw new IllegalArgumentException("option " + MAX_OP_VLS + ": expected 1-5, found " + code);
        }
        return (int) code;
    }

    /** The data VLs a VLCap or OperationalVLs code 1-5 stands for: 1, 2, 4, 8 or 15. */
    public static int vlCount(int vlCapCode) {
        return Math.min(15, 1 << (vlCapCode - 1));
    }

    /**
     * {@link #ROUTING_THREADS} resolved to a thread count of at least 1 (0, the default, means one per available
     * processor).
     *
     * @throws IllegalArgumentException if negative
     */
    public int routingThreads() {
        long n = get(ROUTING_THREADS);
        if (n < 0 || n > 4096) {
            throw bad(ROUTING_THREADS.name(), "0 (all processors) or a thread count", Long.toString(n));
        }
        return n == 0 ? Runtime.getRuntime().availableProcessors() : (int) n;
    }

    /**
     * A file option: its path, or empty when the option is unset, blank or {@code (null)} (how {@code opensm.conf}
     * writes an unset file option).
     *
     * @throws IllegalArgumentException if the value is not a valid file name
     */
    Optional<Path> file(String key) {
        String v = values.get(key);
        if (v == null || v.isBlank() || v.strip().equals("(null)")) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(v.strip()));
        } catch (InvalidPathException e) {
            throw bad(key, "a file name", v);
        }
    }

    /** {@link EngineOption#text}: the text without surrounding blanks, empty when unset, blank or {@code (null)}. */
    Optional<String> textIfSet(String key) {
        String v = values.get(key);
        String t = v == null ? "" : v.strip();
        return t.isEmpty() || t.equals("(null)") ? Optional.empty() : Optional.of(t);
    }

    private static IllegalArgumentException bad(String key, String expected, String found) {
        return new IllegalArgumentException("option " + key + ": expected " + expected + ", found '" + found + "'");
    }

    /** Equal when the same options have the same text: engines set up from either read the same values. */
    @Override
    public boolean equals(Object o) {
        return o instanceof EngineOptions e && values.equals(e.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** {@code EngineOptions{key=value, ...}}. */
    @Override
    public String toString() {
        return "EngineOptions" + values;
    }
}
