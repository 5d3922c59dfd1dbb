package dev.jsm.routing;

import java.util.Arrays;

/**
 * Hop distances over the switch-to-switch links from a set of source switches (a multi-source breadth-first search):
 * the ranking updn, dnup and ftree start from; and the connected components of the switch graph.
 *
 * <p>Stateless; thread-safe.
 */
public final class SwitchDistances {

    private SwitchDistances() {
    }

    /**
     * The distance of every switch from the nearest source, 0 for the sources.
     *
     * @param sources which switches (routing-input index) are sources
     * @param unreached the value for switches no source reaches
     */
    public static int[] fromSources(RoutingInput in, boolean[] sources, int unreached) {
        int s = in.switchCount();
        int[] dist = new int[s];
        Arrays.fill(dist, -1);
        int[] queue = new int[s];
        int tail = 0;
        for (int sw = 0; sw < s; sw++) {
            if (sources[sw]) {
                dist[sw] = 0;
                queue[tail++] = sw;
            }
        }
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        for (int head = 0; head < tail; head++) {
            int u = queue[head];
            for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                if (dist[peer[e]] < 0) {
                    dist[peer[e]] = dist[u] + 1;
                    queue[tail++] = peer[e];
                }
            }
        }
        if (unreached != -1) {
            for (int sw = 0; sw < s; sw++) {
                if (dist[sw] < 0) {
                    dist[sw] = unreached;
                }
            }
        }
        return dist;
    }

    /** The connected-component label of every switch over the switch-to-switch links (the lowest index in it). */
    public static int[] components(RoutingInput in) {
        int s = in.switchCount();
        int[] label = new int[s];
        Arrays.fill(label, -1);
        int[] queue = new int[s];
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        for (int start = 0; start < s; start++) {
            if (label[start] >= 0) {
                continue;
            }
            label[start] = start;
            queue[0] = start;
            int tail = 1;
            for (int head = 0; head < tail; head++) {
                int u = queue[head];
                for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                    if (label[peer[e]] < 0) {
                        label[peer[e]] = start;
                        queue[tail++] = peer[e];
                    }
                }
            }
        }
        return label;
    }
}
