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
 * The options routing engines read, by their OpenSM names ({@code port_shifting}, {@code scatter_ports},
 * {@code root_guid_file}, ...), as text exactly as the configuration holds them, with typed accessors that parse on
 * demand and name the option in their errors. The daemon fills it from the configuration; engines read only the keys
 * they know. The LMC is not here: it is part of the {@link RoutingInput}, which carries the LID ranges.
 *
 * <p>Immutable; safe to share.
 */
public final class EngineOptions {

    /** Spread LIDs over equal-cost ports by shifting the starting port (boolean). */
    public static final String PORT_SHIFTING = "port_shifting";
    /** Seed for a random choice among equally loaded equal-cost ports; 0 = off (number). */
    public static final String SCATTER_PORTS = "scatter_ports";
    /** Count routes to switch LIDs in the per-port load, too (boolean). */
    public static final String PORT_PROFILE_SWITCH_NODES = "port_profile_switch_nodes";
    /** File of port GUIDs routed first, in that order (path). */
    public static final String GUID_ROUTING_ORDER_FILE = "guid_routing_order_file";
    /** File of per-port hop weights (path). */
    public static final String HOP_WEIGHTS_FILE = "hop_weights_file";
    /** File of switch ports left out of the load count (path). */
    public static final String PORT_PROF_IGNORE_FILE = "port_prof_ignore_file";
    /** Leave the ports of {@link #GUID_ROUTING_ORDER_FILE} out of {@link #SCATTER_PORTS} (boolean). */
    public static final String GUID_ROUTING_ORDER_NO_SCATTER = "guid_routing_order_no_scatter";
    /** File of per-switch port search orders, dor's dimension order (path). */
    public static final String PORT_SEARCH_ORDERING_FILE = "port_search_ordering_file";
    /** OpenSM's deprecated name of {@link #PORT_SEARCH_ORDERING_FILE}, read when that one is not set (path). */
    public static final String DIMN_PORTS_FILE = "dimn_ports_file";
    /** File of root switch GUIDs for updn and ftree (path). */
    public static final String ROOT_GUID_FILE = "root_guid_file";
    /** File of {@code <switch GUID> <id>} pairs replacing GUIDs in updn's tie-break (path). */
    public static final String IDS_GUID_FILE = "ids_guid_file";
    /** Keep routes to updn's root switches even where they break up*&#47;down* (boolean). */
    public static final String CONNECT_ROOTS = "connect_roots";
    /** OpenSM LFT dump ({@code opensm-lfts.dump} format) the {@code file} engine loads; {@code -U} (path). */
    public static final String LFTS_FILE = "lfts_file";
    /** The min-hop matrix dump ({@code opensm-lid-matrix.dump}) the {@code file} engine checks; {@code -M} (path). */
    public static final String LID_MATRIX_DUMP_FILE = "lid_matrix_dump_file";
    /**
     * The OperationalVLs the link manager enables on every port, in the VLCap encoding 1-5 (number): the VLs the
     * deadlock-avoiding engines (dfsssp, nue) may put layers on.
     */
    public static final String MAX_OP_VLS = "max_op_vls";
    /** Worker threads an engine may use; 0 = one per available processor, 1 = the calling thread only (number). */
    public static final String ROUTING_THREADS = "routing_threads";

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

    /** A copy with {@code key} set to {@code value}. */
    public EngineOptions with(String key, String value) {
        Map<String, String> m = new TreeMap<>(values);
        m.put(key, value);
        return new EngineOptions(m);
    }

    /** All options, sorted by name. */
    public Map<String, String> asMap() {
        return values;
    }

    /** The raw text of {@code key}, if set. */
    public Optional<String> text(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /**
     * A boolean option: {@code TRUE} or {@code FALSE} (any case, as in {@code opensm.conf}).
     *
     * @throws IllegalArgumentException if the value is neither
     */
    public boolean flag(String key, boolean defaultValue) {
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
    public long number(String key, long defaultValue) {
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

    /** {@link #PORT_SHIFTING}, default false. */
    public boolean portShifting() {
        return flag(PORT_SHIFTING, false);
    }

    /** {@link #SCATTER_PORTS}: the seed, 0 (the default) when off. */
    public long scatterPorts() {
        return number(SCATTER_PORTS, 0);
    }

    /** {@link #PORT_PROFILE_SWITCH_NODES}, default false. */
    public boolean portProfileSwitchNodes() {
        return flag(PORT_PROFILE_SWITCH_NODES, false);
    }

    /**
     * {@link #MAX_OP_VLS} as its VLCap code, 1-5 (default 5).
     *
     * @throws IllegalArgumentException if outside 1-5
     */
    public int maxOpVls() {
        long code = number(MAX_OP_VLS, 5);
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
        long n = number(ROUTING_THREADS, 0);
        if (n < 0 || n > 4096) {
            throw bad(ROUTING_THREADS, "0 (all processors) or a thread count", Long.toString(n));
        }
        return n == 0 ? Runtime.getRuntime().availableProcessors() : (int) n;
    }

    /**
     * A file option: its path, or empty when the option is unset, blank or {@code (null)} (how {@code opensm.conf}
     * writes an unset file option).
     *
     * @throws IllegalArgumentException if the value is not a valid file name
     */
    public Optional<Path> file(String key) {
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

    private static IllegalArgumentException bad(String key, String expected, String found) {
        return new IllegalArgumentException("option " + key + ": expected " + expected + ", found '" + found + "'");
    }

    /** {@code EngineOptions{key=value, ...}}. */
    @Override
    public String toString() {
        return "EngineOptions" + values;
    }
}
