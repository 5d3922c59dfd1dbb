package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.PATH;

import java.util.List;

/**
 * Options of the {@link OptionGroup#QOS} section: QoS on/off, the policy file, and five settings for each port
 * class ({@code qos_}, {@code qos_ca_}, {@code qos_sw0_}, {@code qos_swe_}, {@code qos_rtr_}): how many VLs, the VL
 * arbitration high limit and tables, and the SL to VL map. The per-class options go back to their defaults when
 * they are removed from the file, as in OpenSM. Each constant's description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class QosOptions {

    private static final OptionList L = new OptionList(OptionGroup.QOS);

    public static final Option<Boolean> QOS = L.live("qos", BOOL, false,
            "Program QoS: SL2VL maps and VL arbitration tables");
    public static final Option<String> QOS_POLICY_FILE = L.restart("qos_policy_file", PATH,
            "/etc/opensm/qos-policy.conf", "QoS policy file");
    public static final Option<Boolean> SUPPRESS_SL2VL_MAD_STATUS_ERRORS = L.live(
            "suppress_sl2vl_mad_status_errors", BOOL, false,
            "Carry on with QoS setup when an SL2VL table Set returns an error status");
    /**
     * Extension (NVIDIA's OpenSM, docs/enhanced-qos.md): per-SL rate limits of CA ports and virtual ports; read with
     * {@code qos TRUE} only, re-read at each heavy sweep.
     */
    public static final Option<String> ENHANCED_QOS_POLICY_FILE = L.extension("enhanced_qos_policy_file", PATH, null,
            "Enhanced QoS policy file: per-SL rate limits of CA ports and virtual ports (BW_NAMES, BW_RULES, "
                    + "VPORT_BW_RULES), programmed with QoSConfigSL when qos is TRUE (NVIDIA)");
    /** Extension (NVIDIA's OpenSM): vport 0 unlimited on the SLs its own rule does not name. */
    public static final Option<Boolean> ENHANCED_QOS_VPORT0_UNLIMIT_DEFAULT_RL = L.liveExtension(
            "enhanced_qos_vport0_unlimit_default_rl", BOOL, true,
            "Leave vport 0 unlimited on every SL its own VPORT_BW_RULES rule does not name, whatever the default "
                    + "rule says; FALSE treats vport 0 like any virtual port (NVIDIA)");

    /** Settings for ports that have no class-specific setting. */
    public static final PortClass DEFAULT = new PortClass("", OptionGroup.QOS_DEFAULT, "ports without own settings");
    /** Settings for CA ports. */
    public static final PortClass CA = new PortClass("ca_", OptionGroup.QOS_CA, "CA ports");
    /** Settings for switch port 0. */
    public static final PortClass SW0 = new PortClass("sw0_", OptionGroup.QOS_SW0, "switch port 0");
    /** Settings for switch external ports. */
    public static final PortClass SWE = new PortClass("swe_", OptionGroup.QOS_SWE, "switch external ports");
    /** Settings for router ports. */
    public static final PortClass RTR = new PortClass("rtr_", OptionGroup.QOS_RTR, "router ports");

    static final List<Option<?>> ALL = L.all();

    private QosOptions() {
    }

    /**
     * The five QoS options of one port class.
     *
     * <p>Immutable; safe to share.
     */
    public static final class PortClass {

        /** {@code qos_<class>max_vls}: VLs to use; 0 means the built-in default. */
        public final Option<Long> maxVls;
        /** {@code qos_<class>high_limit}: VLArb high limit; -1 means the built-in default. */
        public final Option<Long> highLimit;
        /** {@code qos_<class>vlarb_high}: high-priority VL arbitration table. */
        public final Option<String> vlArbHigh;
        /** {@code qos_<class>vlarb_low}: low-priority VL arbitration table. */
        public final Option<String> vlArbLow;
        /** {@code qos_<class>sl2vl}: SL to VL map. */
        public final Option<String> sl2Vl;

        private PortClass(String prefix, OptionGroup group, String ports) {
            L.group(group);
            String p = "qos_" + prefix;
            maxVls = L.liveReverting(p + "max_vls", IntType.range(0, 15), 0L,
                    "VLs to use on " + ports + "; 0 means the built-in default");
            highLimit = L.liveReverting(p + "high_limit", IntType.range(-1, 255), -1L,
                    "VL arbitration high limit on " + ports + "; -1 means the built-in default");
            vlArbHigh = L.liveReverting(p + "vlarb_high", QosListType.VL_ARB, null,
                    "High-priority VL arbitration table of " + ports + " (VL:weight pairs)");
            vlArbLow = L.liveReverting(p + "vlarb_low", QosListType.VL_ARB, null,
                    "Low-priority VL arbitration table of " + ports + " (VL:weight pairs)");
            sl2Vl = L.liveReverting(p + "sl2vl", QosListType.SL2VL, null,
                    "SL to VL map of " + ports + " (16 VLs, SL 0 first)");
        }
    }
}
