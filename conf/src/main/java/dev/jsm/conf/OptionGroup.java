package dev.jsm.conf;

/**
 * The sections of {@code opensm.conf}, in the order OpenSM writes them; {@link ConfWriter} writes one header per
 * section. Sub-sections (the QoS port classes, the congestion control parts) get a one-line header.
 *
 * <p>Immutable; safe to share.
 */
public enum OptionGroup {
    /** Port and link attributes the SM writes to devices, keys, LMC. */
    DEVICE("DEVICE ATTRIBUTES OPTIONS", false),
    /** P_Key policy. */
    PARTITIONING("PARTITIONING OPTIONS", false),
    /** Sweep timing and triggers. */
    SWEEP("SWEEP OPTIONS", false),
    /** Routing engines and their inputs. */
    ROUTING("ROUTING OPTIONS", false),
    /** Master election and standby polling. */
    HANDOVER("HANDOVER - MULTIPLE SMs OPTIONS", false),
    /** MAD window, timeouts and threads. */
    TIMING("TIMING AND THREADING OPTIONS", false),
    /** Everything else of the core SM. */
    MISC("MISC OPTIONS", false),
    /** The performance manager. */
    PERFMGR("PERFORMANCE MANAGER OPTIONS", false),
    /** The performance manager's event database. */
    EVENT_DB("EVENT DB OPTIONS", false),
    /** Event plug-ins. */
    EVENT_PLUGIN("EVENT PLUGIN OPTIONS", false),
    /** The node name map. */
    NODE_NAME_MAP("NODE NAME MAP", false),
    /** Logging and debugging aids, the console. */
    DEBUG("DEBUG FEATURES", false),
    /** QoS switches and files. */
    QOS("QoS OPTIONS", false),
    /** QoS settings for ports without a class-specific setting. */
    QOS_DEFAULT("QoS default options", true),
    /** QoS settings for CA ports. */
    QOS_CA("QoS CA options", true),
    /** QoS settings for switch port 0. */
    QOS_SW0("QoS switch port 0 options", true),
    /** QoS settings for switch external ports. */
    QOS_SWE("QoS switch external ports options", true),
    /** QoS settings for router ports. */
    QOS_RTR("QoS router ports options", true),
    /** Congestion control switches and keys. */
    CONGESTION("Congestion Control OPTIONS (EXPERIMENTAL)", false),
    /** Congestion control: SwitchCongestionSetting. */
    CC_SWITCH("Congestion Control SwitchCongestionSetting options", false),
    /** Congestion control: CACongestionSetting. */
    CC_CA("Congestion Control CA Congestion Setting options", false),
    /** Congestion control: the per-SL CA entries. */
    CC_CA_ENTRIES("CA Congestion Setting Entries", false),
    /** Congestion control: the CCT. */
    CC_TABLE("Congestion Control Table", false),
    /** Routes to other subnets. */
    PREFIX_ROUTES("PREFIX ROUTES", false),
    /** IPv6 solicited-node multicast. */
    IPV6_SNM("IPv6 Solicited Node Multicast (SNM) Options", false),
    /** The log line prefix. */
    LOG_PREFIX("LOG PREFIX", false);

    private final String title;
    private final boolean subsection;

    OptionGroup(String title, boolean subsection) {
        this.title = title;
        this.subsection = subsection;
    }

    /** The header text written above the section. */
    public String title() {
        return title;
    }

    /** Whether the header is a one-line sub-section header rather than a framed section header. */
    public boolean subsection() {
        return subsection;
    }
}
