package dev.jsm.routing.minhop;

import dev.jsm.routing.RoutingInput;

/**
 * The order minhop assigns destinations in, as end-port indices of the {@link RoutingInput}. The order matters:
 * each choice sees the port loads of all earlier ones. The default is ascending base LID, which the input's end-port
 * index already is. {@code guid_routing_order_file} (routing listed port GUIDs first) becomes another order built
 * here.
 *
 * <p>Stateless; thread-safe.
 */
final class RoutingOrder {

    private RoutingOrder() {
    }

    /** Every end port with LIDs, by ascending base LID. */
    static int[] byLid(RoutingInput in) {
        int[] order = new int[in.endPortCount()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        return order;
    }
}
