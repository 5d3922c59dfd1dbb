package dev.jsm.routing.lash;

import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.lash.mesh.SwitchGraph;
import java.util.Arrays;

/**
 * lash's routing function: for every destination switch {@code d}, a breadth-first spanning tree rooted at {@code d}
 * that visits each switch's links in the graph's link order; every other switch forwards toward {@code d} on the
 * link to its tree parent (the first switch, in that visiting order, that reached it). Paths are therefore shortest,
 * and on a mesh whose links are presented in dimension order they are dimension-ordered
 * (docs/reference/lash-mesh-analysis.md#how-lash-routes).
 *
 * <p>{@link #next(int, int)}: the link switch {@code sw} forwards on toward {@code d}, -1 for {@code d} itself and
 * for switches not connected to {@code d}. One {@code int[S*S]}; the trees are built in parallel per destination
 * (each writes its own column), with a result independent of the thread count.
 *
 * <p>Immutable after construction; safe to share.
 */
final class ShortestPathTrees {

    private final int s;
    private final int[] next;

    private ShortestPathTrees(int s, int[] next) {
        this.s = s;
        this.next = next;
    }

    /** Builds one tree per destination switch of {@code g} with up to {@code threads} threads. */
    static ShortestPathTrees build(SwitchGraph g, int threads) {
        int s = g.switchCount();
        int[] next = new int[s * s];
        Arrays.fill(next, -1);
        ParallelRanges.run(s, threads, 16, (from, to) -> {
            int[] queue = new int[s];
            boolean[] seen = new boolean[s];
            for (int d = from; d < to; d++) {
                Arrays.fill(seen, false);
                int head = 0;
                int tail = 0;
                queue[tail++] = d;
                seen[d] = true;
                while (head < tail) {
                    int u = queue[head++];
                    for (int l = g.linkStart(u); l < g.linkStart(u + 1); l++) {
                        int v = g.peer(l);
                        if (!seen[v]) {
                            seen[v] = true;
                            queue[tail++] = v;
                            next[v * s + d] = g.reverse(l);
                        }
                    }
                }
            }
        });
        return new ShortestPathTrees(s, next);
    }

    /** The link {@code sw} forwards on toward switch {@code d}, or -1 ({@code sw == d} or not connected). */
    int next(int sw, int d) {
        return next[sw * s + d];
    }

    /**
     * Writes the links of the path from {@code src} to {@code dst} into {@code out} and returns their number (0 if
     * the switches are the same or not connected).
     */
    int path(SwitchGraph g, int src, int dst, int[] out) {
        int n = 0;
        int sw = src;
        while (sw != dst) {
            int l = next[sw * s + dst];
            if (l < 0) {
                return 0;
            }
            out[n++] = l;
            sw = g.peer(l);
        }
        return n;
    }
}
