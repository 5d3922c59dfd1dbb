package dev.jsm.routing.minhop;

import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * Switch-to-switch path costs under {@code hop_weights_file}: the cost of a path is the sum of the weights (1..255)
 * of the ports it leaves switches by, and {@code dist(from, to)} is the cheapest such path, one {@code char} per
 * ordered pair in one {@code char[S*S]} (row {@code from}). Without weights every port weighs 1 and this is the
 * {@link HopTable}; that table keeps its cheaper BFS for the common case.
 *
 * <p>One Dijkstra per source switch over the CSR links with an int-indexed bucket queue (Dial's algorithm: weights
 * are at most 255, so 256 circular buckets of singly linked entries hold every tentative distance; no heap, no
 * boxing), {@code O(E + maxDistance)} per source, rows in parallel. Unlike OpenSM, whose hop tables are bytes,
 * costs up to 65534 are exact.
 *
 * <p>Immutable after {@link #compute}; safe to share.
 */
final class WeightedHopTable {

    /** Cost value of an unreachable pair. */
    static final int UNREACHABLE = 0xFFFF;
    /** The largest representable cost. */
    static final int MAX_COST = UNREACHABLE - 1;

    private static final int BUCKETS = 256;

    private final int switchCount;
    private final char[] cost;

    private WeightedHopTable(int switchCount, char[] cost) {
        this.switchCount = switchCount;
        this.cost = cost;
    }

    /**
     * Computes the table for {@code in} with per-flat-port weights {@code portWeights} and up to {@code threads}
     * threads.
     *
     * @throws IllegalArgumentException if the fabric has more than {@link HopTable#MAX_SWITCHES} switches or a
     *     cheapest path costs more than {@link #MAX_COST}
     */
    static WeightedHopTable compute(RoutingInput in, byte[] portWeights, int threads) {
        int s = in.switchCount();
        if (s > HopTable.MAX_SWITCHES) {
            throw new IllegalArgumentException(s + " switches exceed the hop table's limit of "
                    + HopTable.MAX_SWITCHES);
        }
        int[] edgeWeight = new int[in.edgeCount()];
        for (int sw = 0; sw < s; sw++) {
            for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
                edgeWeight[e] = portWeights[in.portStart()[sw] + (in.localPort()[e] & 0xFF)] & 0xFF;
            }
        }
        char[] cost = new char[s * s];
        Arrays.fill(cost, (char) UNREACHABLE);
        ParallelRanges.run(s, threads, 32, (from, to) -> {
            Search search = new Search(in, edgeWeight);
            for (int src = from; src < to; src++) {
                search.run(src, cost);
            }
        });
        return new WeightedHopTable(s, cost);
    }

    /** The cheapest cost from switch {@code from} to switch {@code to}, or {@link #UNREACHABLE}. */
    int cost(int from, int to) {
        return cost[from * switchCount + to];
    }

    /** The table, row-major (row = from). Read-only. */
    char[] raw() {
        return cost;
    }

    /** The scratch of one worker: tentative distances and the bucket queue. Confined to its thread. */
    private static final class Search {
        private final int[] linkStart;
        private final int[] peer;
        private final int[] edgeWeight;
        private final int[] dist;
        private final int[] head = new int[BUCKETS];
        private final int[] entryNode;
        private final int[] entryNext;

        Search(RoutingInput in, int[] edgeWeight) {
            this.linkStart = in.linkStart();
            this.peer = in.peerSwitch();
            this.edgeWeight = edgeWeight;
            this.dist = new int[in.switchCount()];
            this.entryNode = new int[edgeWeight.length + 1];
            this.entryNext = new int[edgeWeight.length + 1];
            Arrays.fill(head, -1);
        }

        /**
         * Fills row {@code src} of {@code cost}. An entry is queued only when it lowers a distance, so there are at
         * most {@code E + 1}; an entry for distance {@code x} is pushed while the scan is below {@code x} and within
         * 255 of it, so it is met exactly when the scan reaches {@code x} and is stale iff the distance dropped.
         */
        void run(int src, char[] cost) {
            Arrays.fill(dist, Integer.MAX_VALUE);
            int entries = 0;
            dist[src] = 0;
            entryNode[0] = src;
            entryNext[0] = -1;
            head[0] = 0;
            entries++;
            int pending = 1;
            for (int at = 0; pending > 0; at++) {
                int b = at & (BUCKETS - 1);
                while (head[b] >= 0) {
                    int entry = head[b];
                    head[b] = entryNext[entry];
                    pending--;
                    int u = entryNode[entry];
                    if (dist[u] != at) {
                        continue;
                    }
                    for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                        int v = peer[e];
                        int d = at + edgeWeight[e];
                        if (d < dist[v]) {
                            if (d > MAX_COST) {
                                throw new IllegalArgumentException("hop weights make a cheapest path cost more than "
                                        + MAX_COST);
                            }
                            dist[v] = d;
                            entryNode[entries] = v;
                            int nb = d & (BUCKETS - 1);
                            entryNext[entries] = head[nb];
                            head[nb] = entries++;
                            pending++;
                        }
                    }
                }
            }
            int row = src * dist.length;
            for (int v = 0; v < dist.length; v++) {
                if (dist[v] != Integer.MAX_VALUE) {
                    cost[row + v] = (char) dist[v];
                }
            }
        }
    }
}
