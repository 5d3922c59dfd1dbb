package dev.jsm.conf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every OpenSM 3.3.23 option, once, in the order OpenSM writes them to {@code opensm.conf}, plus the few
 * {@link Option#extension() extensions} jsm reads for features of NVIDIA's OpenSM: the single table the reader, the
 * command
 * line, {@link SmOptions} and {@link ConfWriter} all work from. The declarations live in the {@code *Options}
 * classes, one per section.
 *
 * <p>Immutable; safe to share.
 */
public final class OptionTable {

    private static final List<Option<?>> ALL;
    private static final List<Option<?>> KNOWN;
    private static final Map<String, Option<?>> BY_NAME = new HashMap<>();
    private static final Map<Option<?>, Integer> INDEX = new IdentityHashMap<>();
    /** Old names OpenSM still reads: old name to current name. */
    private static final Map<String, String> DEPRECATED = Map.of("dimn_ports_file", "port_search_ordering_file");

    static {
        List<Option<?>> all = new ArrayList<>();
        all.addAll(DeviceOptions.ALL);
        all.addAll(PartitionOptions.ALL);
        all.addAll(SweepOptions.ALL);
        all.addAll(RoutingOptions.ALL);
        all.addAll(HandoverOptions.ALL);
        all.addAll(TimingOptions.ALL);
        all.addAll(MiscOptions.ALL);
        all.addAll(PerfMgrOptions.ALL);
        all.addAll(EventOptions.ALL);
        all.addAll(DebugOptions.ALL);
        all.addAll(QosOptions.ALL);
        all.addAll(CongestionOptions.ALL);
        all.sort(Comparator.comparingInt(o -> o.group().ordinal())); // stable: declaration order within a section
        KNOWN = List.copyOf(all);
        ALL = KNOWN.stream().filter(o -> !o.extension()).toList();
        for (int i = 0; i < KNOWN.size(); i++) {
            Option<?> o = KNOWN.get(i);
            if (BY_NAME.put(o.name(), o) != null) {
                throw new IllegalStateException("option declared twice: " + o.name());
            }
            INDEX.put(o, i);
        }
    }

    private OptionTable() {
    }

    /** All OpenSM 3.3.23 options in file order (without jsm's {@link Option#extension() extensions}). */
    public static List<Option<?>> all() {
        return ALL;
    }

    /**
     * Every option jsm reads, in file order: OpenSM's and the {@link Option#extension() extensions} (each in its
     * section). What the reader, {@link SmOptions} and the template writer work from.
     */
    public static List<Option<?>> known() {
        return KNOWN;
    }

    /** The number of OpenSM 3.3.23 options. */
    public static int size() {
        return ALL.size();
    }

    /**
     * Looks an option up by its current name (deprecated names are not resolved here, see {@link #currentName}).
     *
     * @param name the option name as in {@code opensm.conf}
     * @return the option, or empty if there is none of that name
     */
    public static Optional<Option<?>> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /**
     * Looks an option up by name.
     *
     * @param name the option name
     * @return the option
     * @throws IllegalArgumentException if there is no option of that name
     */
    public static Option<?> get(String name) {
        Option<?> o = BY_NAME.get(name);
        if (o == null) {
            throw new IllegalArgumentException("unknown option '" + name + "'");
        }
        return o;
    }

    /**
     * The current name of a deprecated option name OpenSM still accepts ({@code dimn_ports_file}).
     *
     * @param name an option name
     * @return the name to use instead, or empty if {@code name} is not a deprecated name
     */
    public static Optional<String> currentName(String name) {
        return Optional.ofNullable(DEPRECATED.get(name));
    }

    /** The position of an option in {@link #known()}. */
    static int indexOf(Option<?> option) {
        Integer i = INDEX.get(option);
        if (i == null) {
            throw new IllegalArgumentException("not an option of the table: " + option);
        }
        return i;
    }
}
