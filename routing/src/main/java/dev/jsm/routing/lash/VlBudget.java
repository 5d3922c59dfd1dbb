package dev.jsm.routing.lash;

import dev.jsm.routing.RoutingInput;

/**
 * How many data VLs lash may fill, as OpenSM's lash counts them: the smallest OperationalVLs of any switch port with
 * a live cable (to a switch or an end node), ports that have not reported a value ignored, 15 if none has; as a VL
 * count {@code 2^(code-1)}, at most 15. Layers are SLs {@code lash_start_vl ..} mapped to the same VLs, so
 * {@code VLs - lash_start_vl} layers are available.
 *
 * <p>Immutable; safe to share.
 *
 * @param operationalVls the VL count of the narrowest port, 1..15
 * @param startVl {@code lash_start_vl}
 */
record VlBudget(int operationalVls, int startVl) {

    /** The budget of {@code in}'s switch ports with layers starting at {@code startVl}. */
    static VlBudget of(RoutingInput in, int startVl) {
        int code = 5;
        byte[] opVls = in.portOperationalVls();
        int[] edge = in.portEdge();
        for (int p = 0; p < edge.length; p++) {
            int c = opVls[p] & 0xFF;
            if (edge[p] != RoutingInput.PORT_UNCONNECTED && c > 0 && c < code) {
                code = c;
            }
        }
        return new VlBudget(Math.min(15, 1 << (code - 1)), startVl);
    }

    /** The layers available above {@code lash_start_vl} (0 if the start VL is not below the VL count). */
    int layers() {
        return Math.max(0, operationalVls - startVl);
    }
}
