package dev.jsm.routing.verify;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The verifier's own switch-to-switch hop distances (BFS per switch into one {@code byte[S*S]}), computed
 * independently of any engine so an engine's distance bug cannot hide in the check. 0xFF = unreachable.
 *
 * <p>Immutable after construction.
 */
final class ShortestHops {

    static final int UNREACHABLE = 0xFF;

    private final int switchCount;
    private final byte[] hops;

    ShortestHops(RoutingInput in) {
        switchCount = in.switchCount();
        int s = switchCount;
        hops = new byte[s * s];
        Arrays.fill(hops, (byte) UNREACHABLE);
        int[] queue = new int[s];
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        for (int src = 0; src < s; src++) {
            int row = src * s;
            hops[row + src] = 0;
            queue[0] = src;
            int tail = 1;
            for (int head = 0; head < tail; head++) {
                int u = queue[head];
                int h = (hops[row + u] & 0xFF) + 1;
                for (int e = linkStart[u]; h < UNREACHABLE && e < linkStart[u + 1]; e++) {
                    if ((hops[row + peer[e]] & 0xFF) == UNREACHABLE) {
                        hops[row + peer[e]] = (byte) h;
                        queue[tail++] = peer[e];
                    }
                }
            }
        }
    }

    /** Hops from {@code from} to {@code to}, or {@link #UNREACHABLE}. */
    int hops(int from, int to) {
        return hops[from * switchCount + to] & 0xFF;
    }
}
