package dev.jsm.routing.nue;

import java.util.Arrays;

/**
 * The escape paths of one virtual layer: a spanning tree of each connected part of the fabric that holds destinations
 * of the layer, rooted at its most central switch, whose routes are put into the layer's {@link DependencyDag} before
 * any other route. Routes along a tree go up toward the root and then down, so their dependencies are acyclic; every
 * dependency added later keeps the graph acyclic together with them, so whenever the search for a destination's
 * routes reaches an impasse, the tree's routes to that destination are still free to use. That is why nue never
 * fails for lack of virtual lanes.
 *
 * <p>Reusable per layer ({@link #build}); confined to one thread.
 *
 * <p>In detail: docs/design/routing.md#escapepaths.
 */
final class EscapePaths {

    private final ChannelGraph g;
    private final SwitchHeap heap;
    /** Per switch: the channel to its parent, -1 for roots and switches outside every tree. */
    private final int[] up;
    private final int[] depth;
    private final long[] dist;
    private final boolean[] hasDestination;
    private final int[] childStart;
    private final int[] children;
    private final long[] closeness;
    private final int[] bfsDist;
    private final int[] queue;
    private final int[] order;

    EscapePaths(ChannelGraph g) {
        this.g = g;
        int s = g.switches;
        heap = new SwitchHeap(s);
        up = new int[s];
        depth = new int[s];
        dist = new long[s];
        hasDestination = new boolean[s];
        childStart = new int[s + 2];
        children = new int[s];
        closeness = new long[s];
        bfsDist = new int[s];
        queue = new int[s];
        order = new int[g.channels];
    }

    /**
     * Builds the trees for a layer whose destinations are delivered by switches {@code targets} ({@code lids[i]}
     * destination LIDs at {@code targets[i]}, each switch once), resets {@code dag} to an order the trees' routes
     * respect and marks their dependencies used.
     */
    void build(int[] targets, int[] lids, int targetCount, long[] weights, DependencyDag dag) {
        int[] roots = roots(targets, lids, targetCount);
        spanningForest(roots, weights);
        Arrays.fill(hasDestination, false);
        for (int i = 0; i < targetCount; i++) {
            for (int x = targets[i]; x >= 0 && !hasDestination[x]; x = parent(x)) {
                hasDestination[x] = true;
            }
        }
        buildChildren();
        dag.reset(channelOrder());
        markDependencies(dag);
    }

    /**
     * The tree routes toward switch {@code t}: {@code next[x]} is the channel switch {@code x} forwards on (up to the
     * branch holding {@code t}, then down), -1 for {@code t} and for switches outside {@code t}'s tree.
     */
    void routesToward(int t, int[] next) {
        int c = g.component[t];
        for (int x = 0; x < g.switches; x++) {
            next[x] = g.component[x] == c ? up[x] : -1;
        }
        next[t] = -1;
        for (int a = t; up[a] >= 0; a = parent(a)) {
            next[parent(a)] = g.reverse[up[a]];
        }
    }

    private int parent(int x) {
        return up[x] < 0 ? -1 : g.head[up[x]];
    }

    /** Per connected part with targets, the switch closest to them in total; ties to the lowest index. */
    private int[] roots(int[] targets, int[] lids, int targetCount) {
        Arrays.fill(closeness, 0);
        for (int i = 0; i < targetCount; i++) {
            bfs(targets[i]);
            for (int x = 0; x < g.switches; x++) {
                if (bfsDist[x] >= 0) {
                    closeness[x] += (long) lids[i] * bfsDist[x];
                }
            }
        }
        int[] rootOf = new int[g.componentSize.length];
        Arrays.fill(rootOf, -1);
        boolean[] wanted = new boolean[g.componentSize.length];
        for (int i = 0; i < targetCount; i++) {
            wanted[g.component[targets[i]]] = true;
        }
        for (int x = 0; x < g.switches; x++) {
            int c = g.component[x];
            if (wanted[c] && (rootOf[c] < 0 || closeness[x] < closeness[rootOf[c]])) {
                rootOf[c] = x;
            }
        }
        return Arrays.stream(rootOf).filter(r -> r >= 0).toArray();
    }

    private void bfs(int from) {
        Arrays.fill(bfsDist, -1);
        bfsDist[from] = 0;
        int n = 0;
        queue[n++] = from;
        for (int i = 0; i < n; i++) {
            int u = queue[i];
            for (int e = g.linkStart[u]; e < g.linkStart[u + 1]; e++) {
                if (g.usable[e] && bfsDist[g.head[e]] < 0) {
                    bfsDist[g.head[e]] = bfsDist[u] + 1;
                    queue[n++] = g.head[e];
                }
            }
        }
    }

    /** Dijkstra from the roots: each switch's up channel leads to the neighbour through which the root is cheapest. */
    private void spanningForest(int[] roots, long[] weights) {
        Arrays.fill(up, -1);
        Arrays.fill(dist, Long.MAX_VALUE);
        Arrays.fill(depth, 0);
        heap.clear();
        for (int r : roots) {
            dist[r] = 0;
            heap.offer(r, 0);
        }
        boolean[] done = new boolean[g.switches];
        while (!heap.isEmpty()) {
            int u = heap.poll();
            done[u] = true;
            if (up[u] >= 0) {
                depth[u] = depth[g.head[up[u]]] + 1;
            }
            for (int f = g.linkStart[u]; f < g.linkStart[u + 1]; f++) {
                int w = g.head[f];
                int toU = g.reverse[f];
                if (!g.usable[f] || done[w]) {
                    continue;
                }
                long nd = dist[u] + weights[toU];
                if (nd < dist[w]) {
                    dist[w] = nd;
                    up[w] = toU;
                    heap.offer(w, nd);
                }
            }
        }
    }

    /** CSR of the tree children with a destination below them, per switch. */
    private void buildChildren() {
        int s = g.switches;
        Arrays.fill(childStart, 0);
        for (int x = 0; x < s; x++) {
            if (up[x] >= 0 && hasDestination[x]) {
                childStart[parent(x) + 2]++;
            }
        }
        for (int v = 0; v < s; v++) {
            childStart[v + 2] += childStart[v + 1];
        }
        for (int x = 0; x < s; x++) {
            if (up[x] >= 0 && hasDestination[x]) {
                children[childStart[parent(x) + 1]++] = x;
            }
        }
    }

    /**
     * A channel order the tree routes respect: channels off the trees first, then the up channels from the deepest
     * switches to the roots, then the down channels from the roots to the deepest.
     */
    private int[] channelOrder() {
        int maxDepth = 0;
        for (int x = 0; x < g.switches; x++) {
            maxDepth = Math.max(maxDepth, depth[x]);
        }
        long[] keys = new long[g.channels];
        for (int e = 0; e < g.channels; e++) {
            keys[e] = e;
        }
        for (int x = 0; x < g.switches; x++) {
            if (up[x] >= 0) {
                keys[up[x]] = ((long) (1 + maxDepth - depth[x]) << 32) | up[x];
                int down = g.reverse[up[x]];
                keys[down] = ((long) (2 + maxDepth + depth[x]) << 32) | down;
            }
        }
        Arrays.sort(keys);
        for (int i = 0; i < g.channels; i++) {
            order[i] = (int) keys[i];
        }
        return order;
    }

    private void markDependencies(DependencyDag dag) {
        for (int x = 0; x < g.switches; x++) {
            int p = parent(x);
            if (p < 0) {
                continue;
            }
            int upX = up[x];
            if (up[p] >= 0) {
                dag.addOrdered(g.turn(upX, up[p]), upX, up[p]);
            }
            for (int k = childStart[p]; k < childStart[p + 1]; k++) {
                int c = children[k];
                if (c != x) {
                    int down = g.reverse[up[c]];
                    dag.addOrdered(g.turn(upX, down), upX, down);
                }
            }
            if (hasDestination[x]) {
                int in = g.reverse[upX];
                for (int k = childStart[x]; k < childStart[x + 1]; k++) {
                    int down = g.reverse[up[children[k]]];
                    dag.addOrdered(g.turn(in, down), in, down);
                }
            }
        }
    }
}
