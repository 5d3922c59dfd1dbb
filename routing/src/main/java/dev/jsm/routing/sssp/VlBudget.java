package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingInput;

/**
 * How many VLs dfsssp may put paths on: the smallest of the VLCap every switch cable allows
 * ({@link RoutingInput#dataVls()}, when the ports reported one), {@code max_op_vls} (the OperationalVLs the link
 * manager enables, 1..5 in VLCap encoding, default 5 = 15 VLs) and {@code qos_max_vls} (when set above 0). OpenSM
 * reads the smallest OperationalVLs of the switch ports; ours are set after routing, so the same figure is computed
 * from what the link manager will set.
 *
 * <p>Immutable; safe to share.
 *
 * @param vls the VLs available, 1..15
 * @param source which limit decided it, for the operator
 */
record VlBudget(int vls, String source) {

    /** OpenSM's {@code qos_max_vls}, 0-15; 0 (the default) sets no limit. */
    static final EngineOption<Long> QOS_MAX_VLS = EngineOption.number("qos_max_vls", 0);

    /**
     * The budget for a fabric whose switch cables allow {@code dataVls} VLs ({@link RoutingInput#dataVls()}, 0 if
     * unknown) under {@code options}.
     *
     * @throws IllegalArgumentException naming the option, if one is out of range
     */
    static VlBudget of(int dataVls, EngineOptions options) {
        int opVls = options.maxOpVls();
        long qosVls = options.get(QOS_MAX_VLS);
        if (qosVls < 0 || qosVls > 15) {
            throw new IllegalArgumentException("option " + QOS_MAX_VLS + ": expected 0-15, found " + qosVls);
        }
        int vls = EngineOptions.vlCount(opVls);
        String source = EngineOptions.MAX_OP_VLS + " " + opVls;
        if (dataVls > 0 && dataVls < vls) {
            vls = dataVls;
            source = "the VLCap of the switch links";
        }
        if (qosVls > 0 && qosVls < vls) {
            vls = (int) qosVls;
            source = QOS_MAX_VLS + " " + qosVls;
        }
        return new VlBudget(vls, source);
    }
}
