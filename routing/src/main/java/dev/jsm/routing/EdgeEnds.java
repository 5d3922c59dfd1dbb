package dev.jsm.routing;

/**
 * Per-edge facts the {@link RoutingInput}'s CSR arrays hold only implicitly, for engines and checks that walk the
 * channel dependency graph (a dependency is a packet arriving on one edge and leaving on another): the switch each
 * directed edge leaves and the edge of the same cable in the other direction.
 *
 * <p>Stateless; thread-safe. Each call returns a new array.
 */
public final class EdgeEnds {

    private EdgeEnds() {
    }

    /** The switch each edge leaves: {@code tails[e] = sw} for {@code linkStart[sw] <= e < linkStart[sw + 1]}. */
    public static int[] tails(RoutingInput in) {
        int[] tails = new int[in.edgeCount()];
        int[] linkStart = in.linkStart();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int e = linkStart[sw]; e < linkStart[sw + 1]; e++) {
                tails[e] = sw;
            }
        }
        return tails;
    }

    /** The opposite direction of each edge: the edge leaving its peer on the port it arrives on. */
    public static int[] reverses(RoutingInput in) {
        int[] reverse = new int[in.edgeCount()];
        int[] portStart = in.portStart();
        int[] portEdge = in.portEdge();
        int[] peer = in.peerSwitch();
        byte[] peerPort = in.peerPort();
        for (int e = 0; e < reverse.length; e++) {
            reverse[e] = portEdge[portStart[peer[e]] + (peerPort[e] & 0xFF)];
        }
        return reverse;
    }
}
