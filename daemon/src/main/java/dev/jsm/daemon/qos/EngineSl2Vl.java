package dev.jsm.daemon.qos;

import dev.jsm.qos.tables.Sl2VlOverride;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Sl2VlMap;

/**
 * A routing engine's SL-to-VL maps (lash, dfsssp, nue with several layers and torus-2QoS keep their paths deadlock-free
 * by the VLs they put each SL on) as the QoS planner's {@link Sl2VlOverride}: on switches the engine's VL for every
 * (input, output, SL), on channel adapters and routers the engine's end-port VL when it has one, else the configured
 * table. VLs the engine marks as dropped (its VL count or more) become VL 15.
 *
 * <p>Immutable; safe to share.
 */
final class EngineSl2Vl implements Sl2VlOverride {

    private final RoutingInput in;
    private final Sl2VlProvider sl2Vl;

    EngineSl2Vl(RoutingInput in, Sl2VlProvider sl2Vl) {
        this.in = in;
        this.sl2Vl = sl2Vl;
    }

    @Override
    public Sl2VlMap table(Node node, int inPort, int outPort, Sl2VlMap configured) {
        int[] vls = new int[Sl2VlMap.SL_COUNT];
        if (!node.isSwitch()) {
            if (sl2Vl.endPortVl(0) < 0) {
                return configured;
            }
            for (int sl = 0; sl < vls.length; sl++) {
                vls[sl] = sl2Vl.endPortVl(sl);
            }
            return Sl2VlMap.of(vls);
        }
        int sw = in.switchIndexOf(node.nodeGuid());
        if (sw < 0) {
            return configured;
        }
        for (int sl = 0; sl < vls.length; sl++) {
            int vl = sl2Vl.vl(sw, inPort, outPort, sl);
            vls[sl] = vl < sl2Vl.vlCount() ? vl : Sl2VlMap.VL_DROP;
        }
        return Sl2VlMap.of(vls);
    }
}
