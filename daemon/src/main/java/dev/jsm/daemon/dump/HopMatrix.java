package dev.jsm.daemon.dump;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * Switch-to-switch hop counts in the sense of OpenSM's LID matrix ({@code osm_switch_t.hops}): for switch
 * {@code s}, target switch {@code t} and port {@code p}, the hops of the shortest path that leaves {@code s} on
 * {@code p} (0xFF when there is none); column 0 holds the least hops over all ports (0 for the switch itself). Built
 * by one breadth-first search per switch over the routing input's switch graph.
 *
 * <p>Immutable after construction; safe to share.
 */
final class HopMatrix {

    /** No path. */
    static final int NONE = 0xFF;

    private final RoutingInput in;
    private final byte[] dist;
    private final int switches;

    HopMatrix(RoutingInput in) {
        this.in = in;
        this.switches = in.switchCount();
        this.dist = new byte[switches * switches];
        Arrays.fill(dist, (byte) NONE);
        int[] queue = new int[switches];
        for (int s = 0; s < switches; s++) {
            bfs(s, queue);
        }
    }

    private void bfs(int from, int[] queue) {
        int base = from * switches;
        int head = 0;
        int tail = 0;
        dist[base + from] = 0;
        queue[tail++] = from;
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        while (head < tail) {
            int u = queue[head++];
            int d = dist[base + u] & 0xFF;
            if (d + 1 >= NONE) {
                continue;
            }
            for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                int v = peer[e];
                if ((dist[base + v] & 0xFF) == NONE) {
                    dist[base + v] = (byte) (d + 1);
                    queue[tail++] = v;
                }
            }
        }
    }

    /** Least hops from switch {@code s} to switch {@code t}, or {@link #NONE}. */
    int least(int s, int t) {
        return dist[s * switches + t] & 0xFF;
    }

    /** Hops from switch {@code s} to switch {@code t} leaving on {@code port}; column 0 is {@link #least}. */
    int via(int s, int port, int t) {
        if (port == 0) {
            return least(s, t);
        }
        int e = in.edgeOfPort(s, port);
        if (e < 0) {
            return NONE;
        }
        int d = least(in.peerSwitch()[e], t);
        return d == NONE ? NONE : d + 1;
    }
}
