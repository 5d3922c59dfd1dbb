package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The order in which OpenSM's ftree walks its switch table: a map keyed by the node GUID in network byte order,
 * compared as a host integer, which on x86 sorts by the byte-reversed GUID. ftree follows it where the order decides
 * the result: the switch the indexing starts from and the order in which switch LIDs are routed (the load counters
 * carry over from one to the next), and likewise its CA table for the order of the non-compute CA ports, so that the
 * tables come out the same as OpenSM's.
 *
 * <p>Stateless; thread-safe.
 */
final class MapOrder {

    private MapOrder() {
    }

    /** The switch indices of {@code in} in OpenSM's switch-table order. */
    static int[] switches(RoutingInput in) {
        return sorted(in.switchGuid(), new long[in.switchCount()]);
    }

    /**
     * The end port indices of {@code in} in OpenSM's CA-table order: by node GUID as that map orders them, then by
     * port GUID (the CA's ports in port order where, as usual, port GUIDs grow with the port number).
     */
    static int[] endPorts(RoutingInput in) {
        return sorted(in.endPortNodeGuid(), in.endPortGuid());
    }

    private static int[] sorted(long[] guid, long[] tieBreak) {
        Integer[] order = new Integer[guid.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Long.compareUnsigned(Long.reverseBytes(guid[a]), Long.reverseBytes(guid[b]));
            return c != 0 ? c : Long.compareUnsigned(tieBreak[a], tieBreak[b]);
        });
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }
}
