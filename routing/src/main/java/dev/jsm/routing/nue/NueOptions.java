package dev.jsm.routing.nue;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;

/**
 * The options nue reads, parsed once when the engine is created.
 *
 * <p>Immutable; safe to share.
 *
 * @param maxNumVls {@code nue_max_num_vls}: the virtual layers nue may use, 1-15, or 0 for as many as the fabric's
 *     VLs allow
 * @param includeSwitches {@code nue_include_switches}: route the switches' own LIDs inside the layers too, as
 *     destinations whose traffic must be free of credit loops; otherwise they are routed afterwards by plain
 *     weighted shortest paths on SL 0, as OpenSM does (switch management traffic is VL15)
 * @param avoidThrottledLinks {@code avoid_throttled_links}: leave out cables running below what both ends enable
 * @param maxOpVls {@code max_op_vls}: the OperationalVLs the link manager enables (VLCap encoding 1-5)
 * @param qos {@code qos}: whether the QoS manager programs the SL-to-VL tables the layers rely on
 */
record NueOptions(int maxNumVls, boolean includeSwitches, boolean avoidThrottledLinks, int maxOpVls, boolean qos) {

    /** OpenSM's {@code nue_max_num_vls}, 0-15, default 1 as in OpenSM. */
    static final EngineOption<Long> NUE_MAX_NUM_VLS = EngineOption.number("nue_max_num_vls", 1);
    /** OpenSM's {@code nue_include_switches}. */
    static final EngineOption<Boolean> NUE_INCLUDE_SWITCHES = EngineOption.flag("nue_include_switches", false);

    /**
     * Reads the options; {@code nue_max_num_vls} defaults to 1 as in OpenSM.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed or out of range
     */
    static NueOptions from(EngineOptions options) {
        long vls = options.get(NUE_MAX_NUM_VLS);
        if (vls < 0 || vls > 15) {
            throw new IllegalArgumentException("option " + NUE_MAX_NUM_VLS + ": expected 0-15, found " + vls);
        }
        return new NueOptions((int) vls, options.get(NUE_INCLUDE_SWITCHES),
                options.get(EngineOptions.AVOID_THROTTLED_LINKS), options.maxOpVls(), options.get(EngineOptions.QOS));
    }

    /**
     * The VLs the fabric runs: {@code max_op_vls} as a VL count, lowered to the VLCap of the switch cables when they
     * reported one ({@link dev.jsm.routing.RoutingInput#dataVls()}), as OpenSM's nue takes the smallest
     * OperationalVLs of the switch ports.
     */
    int availableVls(int dataVls) {
        int vls = EngineOptions.vlCount(maxOpVls);
        return dataVls > 0 ? Math.min(vls, dataVls) : vls;
    }

    /** The layers nue builds on a fabric running {@code availableVls} VLs: {@code nue_max_num_vls}, at most those. */
    int layers(int availableVls) {
        return maxNumVls == 0 ? availableVls : Math.min(maxNumVls, availableVls);
    }
}
