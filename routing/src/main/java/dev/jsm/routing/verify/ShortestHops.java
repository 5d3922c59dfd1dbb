package dev.jsm.routing.verify;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The verifier's own switch-to-switch hop distances, computed independently of any engine so an engine's distance bug
 * cannot hide in the check. 0xFF = unreachable.
 *
 * <p>Distances are computed per destination switch when first asked for (one BFS from it; every cable is in the
 * input in both directions, so distances from it are distances to it), into one {@code byte[S*S]}: a check of a few
 * destinations (a repair's) pays only for their switches, a check of every LID for all of them.
 *
 * <p>Scratch of one verification; confined to its thread.
 */
final class ShortestHops {

    static final int UNREACHABLE = 0xFF;

    private final RoutingInput in;
    private final int switchCount;
    private final byte[] hops;
    private final boolean[] done;
    private final int[] queue;

    ShortestHops(RoutingInput in) {
        this.in = in;
        switchCount = in.switchCount();
        hops = new byte[switchCount * switchCount];
        done = new boolean[switchCount];
        queue = new int[switchCount];
    }

    /** Hops from {@code from} to {@code to}, or {@link #UNREACHABLE}. */
    int hops(int from, int to) {
        if (!done[to]) {
            bfs(to);
        }
        return hops[to * switchCount + from] & 0xFF;
    }

    private void bfs(int src) {
        int s = switchCount;
        int row = src * s;
        Arrays.fill(hops, row, row + s, (byte) UNREACHABLE);
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
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
        done[src] = true;
    }
}
