package dev.jsm.qos.tables;

import dev.jsm.subnet.Node;
import dev.jsm.subnet.Sl2VlMap;

/**
 * A routing engine's own SL2VL maps (torus-2QoS, LASH, DFSSSP), which replace the configured {@code qos_*sl2vl}
 * template before VL masking: OpenSM's {@code update_sl2vl} callback. While an override is in force, optimized
 * ("all ports") SL2VL programming is not used, because tables may differ per port pair.
 *
 * <p>Implementations must be thread-safe and side-effect free.
 */
@FunctionalInterface
public interface Sl2VlOverride {

    /** No engine override: the configured template applies everywhere. */
    Sl2VlOverride NONE = (node, inPort, outPort, configured) -> configured;

    /**
     * The SL2VL table for one port pair.
     *
     * @param node the node (switch, CA or router)
     * @param inPort input port (0 for CAs, routers and switch port 0)
     * @param outPort output port (0 for CAs, routers and switch port 0)
     * @param configured the configured template for the port class
     * @return the table to program (masked to the output port's operational VLs afterwards)
     */
    Sl2VlMap table(Node node, int inPort, int outPort, Sl2VlMap configured);
}
