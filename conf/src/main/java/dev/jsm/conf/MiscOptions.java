package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.PATH;
import static dev.jsm.conf.OptionList.U8;

import java.util.List;

/**
 * Options of the {@link OptionGroup#MISC} section (daemon mode, start state, SA validation, persistence), plus the
 * two stand-alone options OpenSM writes near the end of the file: {@link OptionGroup#PREFIX_ROUTES} and
 * {@link OptionGroup#IPV6_SNM}. Each constant's description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class MiscOptions {

    private static final OptionList L = new OptionList(OptionGroup.MISC);

    public static final Option<Boolean> DAEMON = L.restart("daemon", BOOL, false,
            "Run in the background, detached from the terminal");
    /** Read at start only (OpenSM re-reads it, but also reads it at start only). */
    public static final Option<Boolean> SM_INACTIVE = L.restart("sm_inactive", BOOL, false,
            "Start in the NOTACTIVE state and leave the subnet alone");
    public static final Option<Boolean> BABBLING_PORT_POLICY = L.live("babbling_port_policy", BOOL, false,
            "Disable ports that flood the SM with traps");
    public static final Option<Boolean> DROP_EVENT_SUBSCRIPTIONS = L.live("drop_event_subscriptions", BOOL, false,
            "Drop the event subscriptions (InformInfo) and ServiceRecords of ports that left the fabric");
    public static final Option<Boolean> IPOIB_MCGROUP_CREATION_VALIDATION = L.live(
            "ipoib_mcgroup_creation_validation", BOOL, true,
            "Check new IPoIB non-broadcast groups against the broadcast group's parameters (RFC 4391)");
    public static final Option<Boolean> MCGROUP_JOIN_VALIDATION = L.live("mcgroup_join_validation", BOOL, true,
            "Check the parameters of a join against those of the existing multicast group");
    public static final Option<Boolean> USE_ORIGINAL_EXTENDED_SA_RATES_ONLY = L.live(
            "use_original_extended_sa_rates_only", BOOL, false,
            "Report only SA rate codes up to 300 Gb/s, for clients that do not know the newer ones");
    public static final Option<Boolean> USE_OPTIMIZED_SLVL = L.live("use_optimized_slvl", BOOL, false,
            "Program SL2VL tables with one optimized Set per port where the device supports it");
    public static final Option<Boolean> FSYNC_HIGH_AVAIL_FILES = L.live("fsync_high_avail_files", BOOL, true,
            "Flush guid2lid and the other persistent files to disk after writing them");

    /**
     * Extension (NVIDIA's OpenSM, docs/virtualization.md): what the SM does with the ports that support virtual ports.
     * 0 ignores virtualization (off by default, as in NVIDIA's SM), 1 turns it off on every such port, 2 turns it on.
     */
    public static final Option<Long> VIRT_ENABLED = L.extension("virt_enabled", IntType.range(0, 2), 0L,
            "Port virtualization (SR-IOV virtual ports): 0 ignore it, 1 disable it on every port that supports it, "
                    + "2 enable it there and manage the virtual ports (NVIDIA)");
    /** Extension (NVIDIA's OpenSM): how many ports the virtualization stages work on at once. */
    public static final Option<Long> VIRT_MAX_PORTS_IN_PROCESS = L.extension("virt_max_ports_in_process",
            IntType.range(0, 0xFFFF), 64L,
            "Ports whose virtual ports are discovered and set up at the same time; 0 means all of them (NVIDIA)");
    /** Extension (NVIDIA's OpenSM): the HopLimit of PathRecords that start or end at a virtual port. */
    public static final Option<Long> VIRT_DEFAULT_HOP_LIMIT = L.extension("virt_default_hop_limit", U8, 2L,
            "HopLimit of the PathRecords whose source or destination is a virtual port (NVIDIA)");

    static {
        L.group(OptionGroup.PREFIX_ROUTES);
    }

    public static final Option<String> PREFIX_ROUTES_FILE = L.restart("prefix_routes_file", PATH,
            "/etc/opensm/prefix-routes.conf", "File naming the router ports that lead to other subnets' prefixes");
    /** Extension (NVIDIA's IB router support, docs/routers.md). */
    public static final Option<Long> RTR_AGUID_ENABLE = L.liveExtension("rtr_aguid_enable", IntType.range(0, 1), 0L,
            "1: give every CA port an alias GUID (GUIDInfo index 1) for router support (NVIDIA)");
    /** Extension (NVIDIA's IB router support, docs/routers.md). */
    public static final Option<Long> RTR_PR_FLOW_LABEL = L.liveExtension("rtr_pr_flow_label",
            IntType.range(0, 0xFFFFF), 0L, "FlowLabel of PathRecords to GIDs behind a router (NVIDIA)");
    /** Extension (NVIDIA's IB router support, docs/routers.md). */
    public static final Option<Long> RTR_PR_TCLASS = L.liveExtension("rtr_pr_tclass", OptionList.U8, 0L,
            "TClass of PathRecords to GIDs behind a router (NVIDIA)");
    /** Extension (NVIDIA's IB router support, docs/routers.md). */
    public static final Option<Long> RTR_PR_SL = L.liveExtension("rtr_pr_sl", OptionList.NIBBLE, 0L,
            "SL of PathRecords to GIDs behind a router, where the routing engine imposes none (NVIDIA)");
    /** Extension (NVIDIA's IB router support, docs/routers.md). */
    public static final Option<Long> RTR_PR_MTU = L.liveExtension("rtr_pr_mtu", IntType.range(1, 5), 4L,
            "Largest MTU code of PathRecords to GIDs behind a router: 1 256 .. 5 4096 bytes (NVIDIA)");
    /** Extension (NVIDIA's IB router support, docs/routers.md). */
    public static final Option<Long> RTR_PR_RATE = L.liveExtension("rtr_pr_rate", IntType.range(2, 25), 16L,
            "Largest rate code of PathRecords to GIDs behind a router: 16 is 100 Gb/s (NVIDIA)");

    static {
        L.group(OptionGroup.IPV6_SNM);
    }

    public static final Option<Boolean> CONSOLIDATE_IPV6_SNM_REQ = L.live("consolidate_ipv6_snm_req", BOOL, false,
            "Answer all IPv6 solicited-node multicast joins with one shared group");

    static final List<Option<?>> ALL = L.all();

    private MiscOptions() {
    }
}
