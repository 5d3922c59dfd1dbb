package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.NIBBLE;
import static dev.jsm.conf.OptionList.PATH;
import static dev.jsm.conf.OptionList.TEXT;
import static dev.jsm.conf.OptionList.U16;
import static dev.jsm.conf.OptionList.U31;

import java.util.List;

/**
 * Options of the {@link OptionGroup#ROUTING} section: the routing engine chain and the inputs and tweaks of the
 * individual engines. Each constant's description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class RoutingOptions {

    private static final OptionList L = new OptionList(OptionGroup.ROUTING);

    public static final Option<Boolean> PORT_PROFILE_SWITCH_NODES = L.live("port_profile_switch_nodes", BOOL, false,
            "Count routes to switches too, not only to end ports, when balancing output ports");
    public static final Option<String> PORT_PROF_IGNORE_FILE = L.restart("port_prof_ignore_file", PATH, null,
            "File of port GUIDs left out when balancing routes over output ports");
    public static final Option<String> HOP_WEIGHTS_FILE = L.restart("hop_weights_file", PATH, null,
            "File of weights per switch output port, added to the hop counts the engines compare");
    public static final Option<String> PORT_SEARCH_ORDERING_FILE = L.restart("port_search_ordering_file", PATH,
            null, "File giving per switch the order in which dor tries the output ports (its dimension order)");
    public static final Option<String> ROUTING_ENGINE = L.restart("routing_engine", TEXT, null,
            "Comma-separated routing engines tried in order, all built in: minhop, updn, dnup, file, ftree, lash, dor, "
                    + "torus-2QoS, nue, dfsssp, sssp; minhop is the fallback unless no_fallback is listed");
    public static final Option<Boolean> AVOID_THROTTLED_LINKS = L.restart("avoid_throttled_links", BOOL, false,
            "Make nue, dfsssp and sssp route around throttled switch-to-switch links");
    public static final Option<Boolean> CONNECT_ROOTS = L.live("connect_roots", BOOL, false,
            "Connect the root switches in updn, dnup and ftree, by routes that may turn from down to up");
    public static final Option<Boolean> USE_UCAST_CACHE = L.restart("use_ucast_cache", BOOL, false,
            "Keep the unicast routes in force (repaired) when links or nodes went, computing anew only when something "
                    + "came (OpenSM's unicast cache); incremental_routing, TRUE by default, repairs every change");
    public static final Option<String> LID_MATRIX_DUMP_FILE = L.restart("lid_matrix_dump_file", PATH, null,
            "LID matrix (hop table) file read by the file routing engine");
    public static final Option<String> LFTS_FILE = L.restart("lfts_file", PATH, null,
            "Forwarding table dump read by the file routing engine");
    public static final Option<String> ROOT_GUID_FILE = L.restart("root_guid_file", PATH, null,
            "File of root switch GUIDs for updn and ftree, one per line");
    public static final Option<String> CN_GUID_FILE = L.restart("cn_guid_file", PATH, null,
            "File of compute node port GUIDs for ftree, sssp and dfsssp, one per line");
    public static final Option<String> IO_GUID_FILE = L.restart("io_guid_file", PATH, null,
            "File of I/O node port GUIDs for ftree, sssp and dfsssp, one per line");
    public static final Option<Boolean> QUASI_FTREE_INDEXING = L.live("quasi_ftree_indexing", BOOL, false,
            "Number ftree switches from the roots down instead of from the leaves up (quasi fat trees)");
    public static final Option<Long> MAX_REVERSE_HOPS = L.restart("max_reverse_hops", U16, 0L,
            "Downward-then-upward hops ftree may use to reach I/O nodes");
    public static final Option<String> IDS_GUID_FILE = L.restart("ids_guid_file", PATH, null,
            "File of switch GUIDs and the IDs updn ranks them by, one pair per line");
    public static final Option<String> GUID_ROUTING_ORDER_FILE = L.restart("guid_routing_order_file", PATH, null,
            "File of port GUIDs in the order their routes are computed (minhop, updn)");
    public static final Option<Boolean> DO_MESH_ANALYSIS = L.live("do_mesh_analysis", BOOL, false,
            "Let lash look for mesh structure to need fewer VLs");
    public static final Option<Long> LASH_START_VL = L.live("lash_start_vl", NIBBLE, 0L,
            "Lowest VL lash may use");
    public static final Option<Long> NUE_MAX_NUM_VLS = L.live("nue_max_num_vls", NIBBLE, 1L,
            "Virtual layers (VLs) nue spreads its destinations over, at most the VLs the fabric runs; 0 means all of "
                    + "them; with 1 (the default) nue is deadlock-free on one VL and needs no QoS set-up");
    public static final Option<Boolean> NUE_INCLUDE_SWITCHES = L.restart("nue_include_switches", BOOL, false,
            "Route the switches' own LIDs inside nue's layers too, so that traffic to and from switches is free of "
                    + "credit loops as well");
    public static final Option<Boolean> PORT_SHIFTING = L.live("port_shifting", BOOL, false,
            "Rotate the output port choice between destinations to spread shift traffic patterns");
    public static final Option<Long> SCATTER_PORTS = L.live("scatter_ports", U31, 0L,
            "Random seed for picking among equally good output ports; 0 picks round-robin");
    public static final Option<Boolean> GUID_ROUTING_ORDER_NO_SCATTER = L.restart("guid_routing_order_no_scatter",
            BOOL, false, "Do not scatter ports for destinations listed in guid_routing_order_file");
    public static final Option<String> SA_DB_FILE = L.restart("sa_db_file", PATH, null,
            "SA database dump loaded at start-up (multicast groups, services, subscriptions)");
    public static final Option<Boolean> SA_DB_DUMP = L.live("sa_db_dump", BOOL, false,
            "Write the SA database dump after every light sweep, whatever the log level");
    public static final Option<String> TORUS_CONFIG = L.live("torus_config", PATH, "/etc/opensm/torus-2QoS.conf",
            "Configuration file of the torus-2QoS engine");

    /** Extension (routing chains, docs/reference/opensm-behaviour.md#routing-chains): the port groups policy file. */
    public static final Option<String> PGRP_POLICY_FILE = L.extension("pgrp_policy_file", PATH, null,
            "Port groups policy file: named groups of ports the topologies of a routing chain refer to (NVIDIA)");
    /** Extension (routing chains, docs/reference/opensm-behaviour.md#routing-chains): the topologies policy file. */
    public static final Option<String> TOPO_POLICY_FILE = L.extension("topo_policy_file", PATH, null,
            "Topologies policy file: each topology's switch and CA port groups (NVIDIA)");
    /** Extension (routing chains): the routing chain policy file; when set it replaces routing_engine. */
    public static final Option<String> RCH_POLICY_FILE = L.extension("rch_policy_file", PATH, null,
            "Routing chain policy file: unicast steps, each an engine over a topology; replaces routing_engine "
                    + "(NVIDIA)");

    /** jsm option: repair the routes in force after a fabric change instead of computing them anew. */
    public static final Option<Boolean> INCREMENTAL_ROUTING = L.liveExtension("incremental_routing", BOOL, true,
            "After a fabric change, repair the routes in force where the change forces it instead of computing every "
                    + "route anew (minhop, sssp, dor, updn, dnup, ftree; a repair the route verifier rejects is "
                    + "computed anew); FALSE computes anew, as OpenSM does (jsm)");
    /** Seed option: rebalance the routes between sweeps. */
    public static final Option<Boolean> OFFSWEEP_BALANCING_ENABLED = L.liveExtension("offsweep_balancing_enabled",
            BOOL, false, "Rebalance the routes in the background between sweeps, offsweep_balancing_window seconds "
                    + "after the last routing (minhop, dor, updn; seed)");
    /** Seed option: seconds after a sweep before the off-sweep balancing starts. */
    public static final Option<Long> OFFSWEEP_BALANCING_WINDOW = L.liveExtension("offsweep_balancing_window",
            U31, 180L, "Seconds after the last routing before the off-sweep balancing starts (seed)");

    static final List<Option<?>> ALL = L.all();

    private RoutingOptions() {
    }
}
