package dev.jsm.conf;

import dev.jsm.text.CNumber;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * The command-line flags of OpenSM 3.3.23 ({@code main.c}), with the same letters, long names and effects, plus
 * jsm's own {@code --sim-topology}, {@code --route-only} and {@code --plan}. A flag that sets an option checks its
 * value with the option's type, so {@code -l 9} fails with the same range message as {@code lmc 9} in the file.
 * OpenSM prints and ignores some bad values ({@code -q}, {@code -Z}, {@code -t 0}); here every bad value is an
 * error.
 *
 * <p>Not in 3.3.23 and so rejected: {@code -T}. Accepted although OpenSM does not: {@code -J} (listed in its help,
 * missing from its short-option string), the {@code _}/{@code -} variant of every long name, {@code --cckey} and
 * {@code --congestion-control} (its man page's spellings) and {@code --max_wire_smps} for {@code -n}.
 *
 * <p>Immutable; safe to share.
 */
final class OpenSmFlags {

    static final List<CliFlag> ALL = List.of(
            sw("--version", "Print the version and exit", (s, v) -> { }),
            arg("-F --config", "FILE", "Read options from FILE instead of the default file; flags override it",
                    (s, v) -> { }),
            arg("-c --create-config", "FILE", "Write every option with a comment to FILE and exit",
                    (s, v) -> s.createConfig = path(v)),
            arg("-g --guid", "GUID", "Port GUID to run on (hex); 0 lists the local ports to choose from",
                    OpenSmFlags::guid),
            arg("-l --lmc", "LMC", "LID Mask Control, 0..7", set(DeviceOptions.LMC)),
            arg("-p --priority", "PRIORITY", "SM priority, 0..15", set(HandoverOptions.SM_PRIORITY)),
            arg("--subnet_prefix", "PREFIX", "Subnet prefix (hex)", hex(DeviceOptions.SUBNET_PREFIX)),
            arg("-k --smkey", "SM_KEY", "SM_Key (hex)", hex(DeviceOptions.SM_KEY)),
            arg("--sm_sl", "SL", "SL of the SM's own traffic, 0..15", set(DeviceOptions.SM_SL)),
            sw("-r --reassign_lids", "Give every port a new LID", on(SweepOptions.REASSIGN_LIDS)),
            arg("-R --routing_engine", "ENGINES", "Routing engines to try, comma-separated",
                    set(RoutingOptions.ROUTING_ENGINE)),
            sw("--do_mesh_analysis", "Let lash look for meshes", on(RoutingOptions.DO_MESH_ANALYSIS)),
            arg("--lash_start_vl", "VL", "First VL lash uses, 0..15", set(RoutingOptions.LASH_START_VL)),
            arg("--nue_max_num_vls", "N", "VLs nue may use, 0..15 (0: all)", set(RoutingOptions.NUE_MAX_NUM_VLS)),
            sw("-A --ucast_cache", "Reuse unicast routes when only leaf links change",
                    on(RoutingOptions.USE_UCAST_CACHE)),
            sw("-z --connect_roots", "Keep the root switches connected (updn, dnup, ftree)",
                    on(RoutingOptions.CONNECT_ROOTS)),
            arg("-M --lid_matrix_file", "FILE", "LID matrix file for the file engine",
                    set(RoutingOptions.LID_MATRIX_DUMP_FILE)),
            arg("-U --lfts_file", "FILE", "LFT file for the file engine", set(RoutingOptions.LFTS_FILE)),
            arg("-S --sadb_file", "FILE", "SA database dump to load", set(RoutingOptions.SA_DB_FILE)),
            arg("-a --root_guid_file", "FILE", "Root switch GUIDs (updn, ftree)", set(RoutingOptions.ROOT_GUID_FILE)),
            arg("-u --cn_guid_file", "FILE", "Compute node GUIDs (ftree, sssp, dfsssp)",
                    set(RoutingOptions.CN_GUID_FILE)),
            arg("-G --io_guid_file", "FILE", "I/O node GUIDs (ftree, sssp, dfsssp)", set(RoutingOptions.IO_GUID_FILE)),
            sw("--port-shifting", "Rotate output ports between destinations", on(RoutingOptions.PORT_SHIFTING)),
            arg("--scatter-ports", "SEED", "Pick among equal ports at random with SEED (0: round-robin)",
                    set(RoutingOptions.SCATTER_PORTS)),
            arg("-H --max_reverse_hops", "N", "Reverse hops ftree may use to reach I/O nodes",
                    set(RoutingOptions.MAX_REVERSE_HOPS)),
            arg("-m --ids_guid_file", "FILE", "Switch IDs for updn", set(RoutingOptions.IDS_GUID_FILE)),
            arg("-X --guid_routing_order_file", "FILE", "Order in which destinations are routed",
                    set(RoutingOptions.GUID_ROUTING_ORDER_FILE)),
            sw("--guid_routing_order_no_scatter", "Do not scatter ports for ordered destinations",
                    on(RoutingOptions.GUID_ROUTING_ORDER_NO_SCATTER)),
            sw("-x --honor_guid2lid", "Use the guid2lid file when coming out of standby",
                    on(HandoverOptions.HONOR_GUID2LID_FILE)),
            sw("-o --once", "Configure the subnet once, then exit", (s, v) -> s.runOnce = true),
            arg("-s --sweep", "SECONDS", "Seconds between light sweeps (0: only on traps)",
                    set(SweepOptions.SWEEP_INTERVAL)),
            arg("-t --timeout", "MS", "MAD response timeout in ms", set(TimingOptions.TRANSACTION_TIMEOUT)),
            arg("--retries", "N", "MAD retries", set(TimingOptions.TRANSACTION_RETRIES)),
            arg("-n --maxsmps", "N", "SMPs in flight at once (0: no limit)", set(TimingOptions.MAX_WIRE_SMPS))
                    .alias("--max_wire_smps", "--max-wire-smps"),
            arg("-q --console", "MODE", "Console: off, local, loopback or socket", set(DebugOptions.CONSOLE)),
            arg("-C --console-port", "PORT", "TCP port of the console", set(DebugOptions.CONSOLE_PORT)),
            arg("-i --ignore_guids", "FILE", "Port GUIDs left out of port balancing",
                    set(RoutingOptions.PORT_PROF_IGNORE_FILE)),
            arg("-w --hop_weights_file", "FILE", "Per-port routing weights", set(RoutingOptions.HOP_WEIGHTS_FILE)),
            arg("-O --port_search_ordering_file --dimn_ports_file", "FILE", "Per-switch port order for dor",
                    set(RoutingOptions.PORT_SEARCH_ORDERING_FILE)),
            arg("--dump_files_dir", "DIR", "Directory for dump files", set(DebugOptions.DUMP_FILES_DIR)),
            arg("-f --log_file", "FILE", "Log file (stdout for standard output)", set(DebugOptions.LOG_FILE)),
            arg("-L --log_limit", "MB", "Log size limit in MB (0: none)", set(DebugOptions.LOG_MAX_SIZE)),
            sw("-e --erase_log_file", "Truncate the log file at start-up", off(DebugOptions.ACCUM_LOG_FILE)),
            arg("-P --Pconfig", "FILE", "Partition policy file", set(PartitionOptions.PARTITION_CONFIG_FILE)),
            sw("-N --no_part_enforce", "Deprecated: no P_Key enforcement (use -Z off)",
                    on(PartitionOptions.NO_PARTITION_ENFORCEMENT)),
            arg("-Z --part_enforce", "MODE", "P_Key enforcement: both, in, out or off",
                    set(PartitionOptions.PART_ENFORCE)),
            sw("-W --allow_both_pkeys", "Allow full and limited membership on one port",
                    on(PartitionOptions.ALLOW_BOTH_PKEYS)),
            sw("-Q --qos", "Program QoS", on(QosOptions.QOS)),
            arg("-Y --qos_policy_file", "FILE", "QoS policy file", set(QosOptions.QOS_POLICY_FILE)),
            sw("--congestion_control", "Configure congestion control (experimental)",
                    on(CongestionOptions.CONGESTION_CONTROL)),
            arg("--cc_key", "CC_KEY", "CC_Key", set(CongestionOptions.CC_KEY)).alias("--cckey"),
            sw("-y --stay_on_fatal", "Keep running on fatal subnet problems", off(DebugOptions.EXIT_ON_FATAL)),
            sw("-B --daemon", "Run in the background", on(MiscOptions.DAEMON)),
            arg("-J --pidfile", "FILE", "Write the process id to FILE", (s, v) -> s.pidFile = path(v)),
            sw("-I --inactive", "Start in the NOTACTIVE state", on(MiscOptions.SM_INACTIVE)),
            sw("--perfmgr", "Run the performance manager", on(PerfMgrOptions.PERFMGR)),
            arg("--perfmgr_sweep_time_s", "SECONDS", "Seconds between counter sweeps",
                    set(PerfMgrOptions.PERFMGR_SWEEP_TIME_S)),
            arg("--prefix_routes_file", "FILE", "Routes to other subnets", set(MiscOptions.PREFIX_ROUTES_FILE)),
            sw("--consolidate_ipv6_snm_req", "One group for all IPv6 solicited-node joins",
                    on(MiscOptions.CONSOLIDATE_IPV6_SNM_REQ)),
            arg("--log_prefix", "TEXT", "Text in front of every log message", set(DebugOptions.LOG_PREFIX)),
            arg("--torus_config", "FILE", "torus-2QoS configuration file", set(RoutingOptions.TORUS_CONFIG)),
            sw("-v --verbose", "More log levels; repeat for more (shifts log_flags left and sets bit 0)",
                    OpenSmFlags::verbose),
            sw("-V --V", "All log levels and flush after every message", OpenSmFlags::allVerbose),
            arg("-D --D", "FLAGS", "Log level mask (see log_flags)", set(DebugOptions.LOG_FLAGS)),
            arg("-d --debug", "N", "Debug aid: 0 ignore other SMs (ignore_other_sm), 1 single_thread, "
                    + "2 force_log_flush, 3 disable_multicast, 5 transport debug", OpenSmFlags::debug),
            sw("-h -? --help", "Print this help and exit", (s, v) -> { }),
            arg("--sim-topology", "FILE|SHAPE", "jsm: run against the simulator with this fabric",
                    (s, v) -> s.simTopology = v),
            sw("--route-only", "jsm: compute routes, print a summary and exit", (s, v) -> s.routeOnly = true),
            arg("--plan", "CURRENT_CONF", "jsm: print what a HUP would change on the --sim-topology fabric when "
                    + "CURRENT_CONF is in force and -F's file is the changed one, and exit",
                    (s, v) -> s.plan = path(v)));

    private OpenSmFlags() {
    }

    /**
     * A file name given on the command line.
     *
     * @param text the name
     * @return the path
     * @throws BadValueException if the text cannot be a file name (e.g. it contains a NUL)
     */
    static Path path(String text) throws BadValueException {
        try {
            if (!text.isEmpty()) {
                return Path.of(text);
            }
        } catch (InvalidPathException e) {
            // reported below
        }
        throw new BadValueException("a file name", text);
    }

    private static CliFlag sw(String names, String help, CliFlag.Action action) {
        return new CliFlag(names, null, help, action);
    }

    private static CliFlag arg(String names, String param, String help, CliFlag.Action action) {
        return new CliFlag(names, param, help, action);
    }

    private static CliFlag.Action set(Option<?> option) {
        return new CliFlag.SetsOption(option, (s, v) -> s.options.setText(option, v));
    }

    private static CliFlag.Action on(Option<Boolean> option) {
        return new CliFlag.SetsOption(option, (s, v) -> s.options.set(option, true));
    }

    private static CliFlag.Action off(Option<Boolean> option) {
        return new CliFlag.SetsOption(option, (s, v) -> s.options.set(option, false));
    }

    /** OpenSM reads {@code -k} and {@code --subnet_prefix} as hex even without {@code 0x}. */
    private static CliFlag.Action hex(Option<Long> option) {
        return new CliFlag.SetsOption(option, (s, v) -> s.options.set(option, Hex64Type.INSTANCE.parseHex(v)));
    }

    private static void guid(CliState s, String v) throws BadValueException {
        long guid = Hex64Type.INSTANCE.parseHex(v);
        s.options.set(DeviceOptions.GUID, guid);
        s.guidPrompt = guid == 0;
    }

    private static void verbose(CliState s, String v) {
        long flags = s.options.get(DebugOptions.LOG_FLAGS);
        s.options.set(DebugOptions.LOG_FLAGS, (flags << 1 | 1) & 0xFF);
    }

    private static void allVerbose(CliState s, String v) {
        s.options.set(DebugOptions.LOG_FLAGS, 0xFFL);
        s.options.set(DebugOptions.FORCE_LOG_FLUSH, true);
    }

    private static void debug(CliState s, String v) throws BadValueException {
        long level;
        try {
            level = CNumber.parseUnsigned(v);
        } catch (NumberFormatException e) {
            throw new BadValueException("a debug aid number (0, 1, 2, 3 or 5)", v);
        }
        if (level == 0) {
            s.options.set(HandoverOptions.IGNORE_OTHER_SM, true);
        } else if (level == 1) {
            s.options.set(TimingOptions.SINGLE_THREAD, true);
        } else if (level == 2) {
            s.options.set(DebugOptions.FORCE_LOG_FLUSH, true);
        } else if (level == 3) {
            s.options.set(DebugOptions.DISABLE_MULTICAST, true);
        } else if (level == 5) {
            s.vendorDebug++;
        } else {
            s.warnings.add("-d " + v + ": unknown debug aid, ignored");
        }
    }
}
