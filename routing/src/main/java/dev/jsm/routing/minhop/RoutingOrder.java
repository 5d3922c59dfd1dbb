package dev.jsm.routing.minhop;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.files.GuidListFile;
import java.util.HashMap;
import java.util.Map;

/**
 * The order minhop assigns destinations in, as end-port indices of the {@link RoutingInput}. The order matters:
 * each choice sees the port loads of all earlier ones, so the first destinations get the least loaded ports. The
 * default is ascending base LID, which the input's end-port index already is. With a
 * {@code guid_routing_order_file} the end ports it lists come first, in file order ({@link #listed()} of them),
 * then the rest by base LID, as OpenSM's {@code ucast_mgr_build_lfts} does.
 *
 * <p>Immutable; safe to share.
 */
final class RoutingOrder {

    private final int[] endPorts;
    private final int listed;

    private RoutingOrder(int[] endPorts, int listed) {
        this.endPorts = endPorts;
        this.listed = listed;
    }

    /** Every end port with LIDs, by ascending base LID. */
    static RoutingOrder byLid(RoutingInput in) {
        int[] order = new int[in.endPortCount()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        return new RoutingOrder(order, 0);
    }

    /** {@code endPorts} as given (callers with an order of their own), none of them listed by a file. */
    static RoutingOrder of(int[] endPorts) {
        return new RoutingOrder(endPorts, 0);
    }

    /**
     * The end ports whose port GUIDs {@code file} lists, in file order, then the others by base LID. A GUID the
     * fabric does not have is skipped (the port may be down); a GUID listed again keeps its first place.
     */
    static RoutingOrder fromFile(RoutingInput in, GuidListFile file) {
        int n = in.endPortCount();
        Map<Long, Integer> byGuid = new HashMap<>(2 * n + 1);
        for (int ep = n - 1; ep >= 0; ep--) {
            byGuid.put(in.endPortGuid()[ep], ep);
        }
        boolean[] placed = new boolean[n];
        int[] order = new int[n];
        int k = 0;
        for (int i = 0; i < file.size(); i++) {
            Integer ep = byGuid.get(file.guid(i));
            if (ep != null && !placed[ep]) {
                placed[ep] = true;
                order[k++] = ep;
            }
        }
        int listed = k;
        for (int ep = 0; ep < n; ep++) {
            if (!placed[ep]) {
                order[k++] = ep;
            }
        }
        return new RoutingOrder(order, listed);
    }

    /** The end-port indices in routing order. Read-only. */
    int[] endPorts() {
        return endPorts;
    }

    /** How many leading entries of {@link #endPorts()} came from the routing order file. */
    int listed() {
        return listed;
    }
}
