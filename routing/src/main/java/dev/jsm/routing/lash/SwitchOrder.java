package dev.jsm.routing.lash;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The order lash takes the switches in when it assigns switch pairs to layers. The first pairs fill the first
 * layers, so the order changes how many layers are needed (on a 4x4x4 torus cabled in dimension order: 5 layers in
 * node-GUID order, 4 in this one). OpenSM walks its switch table, a map keyed by the node GUID in network byte order
 * and compared as a host integer: on the little-endian hosts it runs on, that is the order of the byte-reversed
 * GUIDs. lash uses the same order so that it needs no more layers than OpenSM on the same fabric; the mesh analysis
 * replaces it by coordinate order (ties kept in this order).
 *
 * <p>Stateless.
 */
final class SwitchOrder {

    private SwitchOrder() {
    }

    /** Switch indices of {@code in} sorted by unsigned byte-reversed node GUID. */
    static int[] openSmTableOrder(RoutingInput in) {
        int s = in.switchCount();
        long[] keys = new long[s];
        for (int i = 0; i < s; i++) {
            // unsigned order of the reversed GUIDs == signed order after flipping the sign bit
            keys[i] = Long.reverseBytes(in.switchGuid()[i]) ^ Long.MIN_VALUE;
        }
        Integer[] idx = new Integer[s];
        for (int i = 0; i < s; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Long.compare(keys[a], keys[b]));
        int[] order = new int[s];
        for (int i = 0; i < s; i++) {
            order[i] = idx[i];
        }
        return order;
    }
}
