package dev.jsm.conf;

import dev.jsm.conf.OptionStatus.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * For every option jsm knows ({@link OptionTable#known()}: OpenSM's and NVIDIA's extensions), what jsm does with it
 * ({@link OptionStatus}): implemented, partly implemented (and what is missing) or not implemented (and what jsm does
 * instead). The one place that says so: the daemon warns from it about options set to values it does not honour,
 * {@code --help} and {@code -c} mark options from it, and the option lists of {@code README.md} and
 * {@code docs/operations.md} are generated from it (a test keeps them in step). Whether a change is reloaded is the
 * option's own flag ({@link Option#reloadable()}), which says what jsm does, not what OpenSM's {@code can_update} says.
 *
 * <p>Each entry was checked against the code that reads the option: a changed option marked implemented and
 * reloadable reaches what reads it at the next heavy sweep.
 *
 * <p>Immutable; safe to share.
 */
public final class OptionStatusTable {

    private static final List<OptionStatus> ALL;
    private static final Map<Option<?>, OptionStatus> BY_OPTION = new IdentityHashMap<>();

    static {
        Rows r = new Rows();
        r.implemented(DeviceOptions.GUID, DeviceOptions.M_KEY, DeviceOptions.M_KEY_LEASE_PERIOD,
                DeviceOptions.M_KEY_PROTECTION_LEVEL, DeviceOptions.M_KEY_LOOKUP, DeviceOptions.M_KEY_PER_PORT,
                DeviceOptions.SM_PORT_FAILOVER);
        r.implemented(DeviceOptions.SM_KEY, DeviceOptions.SA_KEY, DeviceOptions.SUBNET_PREFIX, DeviceOptions.LMC,
                DeviceOptions.LMC_ESP0, DeviceOptions.SM_SL, DeviceOptions.PACKET_LIFE_TIME,
                DeviceOptions.VL_STALL_COUNT, DeviceOptions.LEAF_VL_STALL_COUNT, DeviceOptions.HEAD_OF_QUEUE_LIFETIME,
                DeviceOptions.LEAF_HEAD_OF_QUEUE_LIFETIME, DeviceOptions.MAX_OP_VLS, DeviceOptions.FORCE_LINK_SPEED,
                DeviceOptions.FORCE_LINK_SPEED_EXT, DeviceOptions.FORCE_LINK_WIDTH);
        r.implemented(DeviceOptions.FDR10);
        r.implemented(DeviceOptions.SUBNET_TIMEOUT, DeviceOptions.LOCAL_PHY_ERRORS_THRESHOLD,
                DeviceOptions.OVERRUN_ERRORS_THRESHOLD, DeviceOptions.USE_MFTTOP);

        r.implemented(PartitionOptions.PARTITION_CONFIG_FILE, PartitionOptions.NO_PARTITION_ENFORCEMENT,
                PartitionOptions.PART_ENFORCE, PartitionOptions.ALLOW_BOTH_PKEYS, PartitionOptions.KEEP_PKEY_INDEXES);
        r.implemented(PartitionOptions.SM_ASSIGNED_GUID);

        r.implemented(SweepOptions.SWEEP_INTERVAL, SweepOptions.REASSIGN_LIDS);
        r.implemented(SweepOptions.FORCE_HEAVY_SWEEP, SweepOptions.SWEEP_ON_TRAP);

        r.implemented(RoutingOptions.PORT_PROFILE_SWITCH_NODES, RoutingOptions.PORT_PROF_IGNORE_FILE,
                RoutingOptions.HOP_WEIGHTS_FILE);
        r.implemented(RoutingOptions.PGRP_POLICY_FILE, RoutingOptions.TOPO_POLICY_FILE, RoutingOptions.RCH_POLICY_FILE,
                RoutingOptions.INCREMENTAL_ROUTING, RoutingOptions.OFFSWEEP_BALANCING_ENABLED,
                RoutingOptions.OFFSWEEP_BALANCING_WINDOW);
        r.implemented(RoutingOptions.PORT_SEARCH_ORDERING_FILE);
        r.implemented(RoutingOptions.ROUTING_ENGINE, RoutingOptions.AVOID_THROTTLED_LINKS);
        r.implemented(RoutingOptions.CONNECT_ROOTS);
        r.implemented(RoutingOptions.USE_UCAST_CACHE);
        r.implemented(RoutingOptions.LID_MATRIX_DUMP_FILE, RoutingOptions.LFTS_FILE, RoutingOptions.ROOT_GUID_FILE);
        r.implemented(RoutingOptions.CN_GUID_FILE, RoutingOptions.IO_GUID_FILE);
        r.implemented(RoutingOptions.QUASI_FTREE_INDEXING, RoutingOptions.MAX_REVERSE_HOPS,
                RoutingOptions.IDS_GUID_FILE, RoutingOptions.GUID_ROUTING_ORDER_FILE, RoutingOptions.DO_MESH_ANALYSIS,
                RoutingOptions.LASH_START_VL, RoutingOptions.NUE_MAX_NUM_VLS, RoutingOptions.NUE_INCLUDE_SWITCHES,
                RoutingOptions.PORT_SHIFTING, RoutingOptions.SCATTER_PORTS,
                RoutingOptions.GUID_ROUTING_ORDER_NO_SCATTER);
        r.implemented(RoutingOptions.SA_DB_FILE, RoutingOptions.SA_DB_DUMP, RoutingOptions.TORUS_CONFIG);

        r.implemented(HandoverOptions.SM_PRIORITY, HandoverOptions.IGNORE_OTHER_SM,
                HandoverOptions.SMINFO_POLLING_TIMEOUT, HandoverOptions.POLLING_RETRY_NUMBER,
                HandoverOptions.HONOR_GUID2LID_FILE);

        r.implemented(TimingOptions.MAX_WIRE_SMPS, TimingOptions.MAX_WIRE_SMPS2, TimingOptions.MAX_SMPS_TIMEOUT,
                TimingOptions.TRANSACTION_TIMEOUT, TimingOptions.TRANSACTION_RETRIES,
                TimingOptions.LONG_TRANSACTION_TIMEOUT);
        r.implemented(TimingOptions.MAX_MSG_FIFO_TIMEOUT);
        r.implemented(TimingOptions.SINGLE_THREAD);

        r.implemented(MiscOptions.DAEMON, MiscOptions.SM_INACTIVE, MiscOptions.BABBLING_PORT_POLICY);
        r.implemented(MiscOptions.DROP_EVENT_SUBSCRIPTIONS);
        r.implemented(MiscOptions.IPOIB_MCGROUP_CREATION_VALIDATION, MiscOptions.MCGROUP_JOIN_VALIDATION);
        r.implemented(MiscOptions.USE_ORIGINAL_EXTENDED_SA_RATES_ONLY);
        r.implemented(MiscOptions.USE_OPTIMIZED_SLVL, MiscOptions.FSYNC_HIGH_AVAIL_FILES);
        r.implemented(MiscOptions.PREFIX_ROUTES_FILE, MiscOptions.RTR_AGUID_ENABLE);
        r.implemented(MiscOptions.RTR_PR_FLOW_LABEL, MiscOptions.RTR_PR_TCLASS, MiscOptions.RTR_PR_SL,
                MiscOptions.RTR_PR_MTU, MiscOptions.RTR_PR_RATE);
        r.implemented(MiscOptions.CONSOLIDATE_IPV6_SNM_REQ);
        r.implemented(MiscOptions.VIRT_ENABLED, MiscOptions.VIRT_MAX_PORTS_IN_PROCESS,
                MiscOptions.VIRT_DEFAULT_HOP_LIMIT);

        for (Option<?> o : PerfMgrOptions.ALL) {
            r.implemented(o);
        }
        r.implemented(EventOptions.EVENT_DB_DUMP_FILE);
        r.implemented(EventOptions.EVENT_PLUGIN_NAME, EventOptions.EVENT_PLUGIN_OPTIONS);
        r.implemented(EventOptions.NODE_NAME_MAP_NAME);

        r.implemented(DebugOptions.LOG_FLAGS);
        r.notImplemented(DebugOptions.FORCE_LOG_FLUSH, true, "every log line is written to the file at once: a "
                + "SUBNET UP left in a buffer until the next error would mislead tail -f and scripts (the console's "
                + "logflush off buffers the lines until logflush on or a restart)");
        r.implemented(DebugOptions.LOG_FILE, DebugOptions.LOG_MAX_SIZE, DebugOptions.ACCUM_LOG_FILE);
        r.implemented(DebugOptions.PER_MODULE_LOGGING_FILE);
        r.implemented(DebugOptions.DUMP_FILES_DIR);
        r.implemented(DebugOptions.ENABLE_QUIRKS);
        r.implemented(DebugOptions.NO_CLIENTS_REREG);
        r.implemented(DebugOptions.DISABLE_MULTICAST);
        r.implemented(DebugOptions.EXIT_ON_FATAL);
        r.implemented(DebugOptions.CONSOLE, DebugOptions.CONSOLE_PORT, DebugOptions.WEB_CONSOLE_PORT,
                DebugOptions.WEB_CONSOLE_ACTIONS, DebugOptions.ACTIVITY_REPORT_SUBJECTS, DebugOptions.LOG_PREFIX);

        r.implemented(QosOptions.QOS, QosOptions.QOS_POLICY_FILE);
        r.implemented(QosOptions.SUPPRESS_SL2VL_MAD_STATUS_ERRORS);
        r.implemented(QosOptions.ENHANCED_QOS_POLICY_FILE, QosOptions.ENHANCED_QOS_VPORT0_UNLIMIT_DEFAULT_RL);
        for (QosOptions.PortClass c : List.of(QosOptions.DEFAULT, QosOptions.CA, QosOptions.SW0, QosOptions.SWE,
                QosOptions.RTR)) {
            r.implemented(c.maxVls, c.highLimit, c.vlArbHigh, c.vlArbLow, c.sl2Vl);
        }

        for (Option<?> o : CongestionOptions.ALL) {
            r.implemented(o);
        }

        List<OptionStatus> all = new ArrayList<>(r.rows);
        all.sort(Comparator.comparingInt(s -> OptionTable.indexOf(s.option())));
        for (OptionStatus s : all) {
            if (BY_OPTION.put(s.option(), s) != null) {
                throw new IllegalStateException("option listed twice: " + s.option());
            }
        }
        for (Option<?> o : OptionTable.known()) {
            if (!BY_OPTION.containsKey(o)) {
                throw new IllegalStateException("option without a status: " + o);
            }
        }
        ALL = all.stream().filter(st -> !st.option().extension()).toList();
    }

    private OptionStatusTable() {
    }

    /** The status of every option of OpenSM's ({@link OptionTable#all()}), in table order. */
    public static List<OptionStatus> all() {
        return ALL;
    }

    /** The status of an option jsm knows ({@link OptionTable#known()}: the extensions too). */
    public static OptionStatus of(Option<?> option) {
        OptionStatus s = BY_OPTION.get(option);
        if (s == null) {
            throw new IllegalArgumentException("not an option of the table: " + option);
        }
        return s;
    }

    /** The status of the option of that name, or empty if there is no such option. */
    public static Optional<OptionStatus> find(String name) {
        return OptionTable.find(name).map(OptionStatusTable::of);
    }

    /** The statuses at {@code level}, in table order. */
    public static List<OptionStatus> at(Level level) {
        return ALL.stream().filter(s -> s.level() == level).toList();
    }

    /**
     * The options whose value in {@code options} jsm does not honour ({@link OptionStatus#unhonoured}), in table
     * order: what the daemon warns about at start.
     */
    public static List<OptionStatus> unhonoured(SmOptions options) {
        List<OptionStatus> out = new ArrayList<>();
        for (OptionStatus s : ALL) {
            if (s.unhonoured(options.format(s.option()))) {
                out.add(s);
            }
        }
        return out;
    }

    /** Collects the entries while the table is built. */
    private static final class Rows {

        private final List<OptionStatus> rows = new ArrayList<>();

        void implemented(Option<?>... options) {
            for (Option<?> o : options) {
                rows.add(new OptionStatus(o, Level.IMPLEMENTED, "", null));
            }
        }

        void partial(Option<?> option, String missing) {
            rows.add(new OptionStatus(option, Level.PARTIAL, missing, null));
        }

        /** A partly implemented option that honours {@code honoured} in full; {@code missing} is about the others. */
        <T> void partial(Option<T> option, T honoured, String missing) {
            rows.add(new OptionStatus(option, Level.PARTIAL, missing, null, option.type().format(honoured)));
        }

        /** An option nothing reads; jsm acts as if it were {@code actsAs} ({@code null}: as no value). */
        <T> void notImplemented(Option<T> option, T actsAs, String instead) {
            rows.add(new OptionStatus(option, Level.NOT_IMPLEMENTED, instead,
                    actsAs == null ? null : option.type().format(actsAs)));
        }
    }
}
