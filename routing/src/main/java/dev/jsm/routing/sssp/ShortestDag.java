package dev.jsm.routing.sssp;

import dev.jsm.routing.RoutingInput;

/**
 * The shortest-path DAG toward one switch: a breadth-first search from the destination switch over the reversed
 * multigraph gives every switch that reaches it in {@link #order} (by hop count, ties in discovery order), and for
 * each of them its <i>downhill</i> edges, those toward a switch one hop closer, in {@link #edges} (with the switch
 * each reaches in {@link #heads}). Every shortest route toward the switch uses downhill edges only. The DAG is
 * shared by every LID the switch delivers (its CAs are routed one after another), so it is built once per switch
 * and destination group in {@code O(E)}.
 *
 * <p>Reusable: {@link #build} replaces the previous DAG. Confined to one thread.
 */
final class ShortestDag {

    private final SsspGraph g;
    private final boolean[] avoid;
    private final int[] level;
    private final int[] seen;
    private int stamp;
    /** Switches reaching the destination switch, by hop count; {@code order[0]} is the destination switch. */
    final int[] order;
    /** The downhill edges of {@code order[i]} are {@code edges[first[i] .. first[i+1]-1]}. */
    final int[] first;
    /** Downhill edges, grouped by the switch they leave, in {@link #order}. */
    final int[] edges;
    /** The switch each of {@link #edges} reaches. */
    final int[] heads;
    /** How many switches {@link #order} holds. */
    int reached;
    /** The switch the DAG leads to, -1 before the first {@link #build}. */
    int target = -1;

    /** A DAG builder over {@code g} that leaves out the edges flagged in {@code avoid}. */
    ShortestDag(SsspGraph g, boolean[] avoid) {
        this.g = g;
        this.avoid = avoid;
        level = new int[g.switches];
        seen = new int[g.switches];
        order = new int[g.switches];
        first = new int[g.switches + 1];
        edges = new int[g.edges];
        heads = new int[g.edges];
    }

    /** Builds the DAG toward {@code owner}. */
    void build(int owner) {
        RoutingInput in = g.in;
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        int st = ++stamp;
        target = owner;
        order[0] = owner;
        level[owner] = 0;
        seen[owner] = st;
        int n = 1;
        for (int i = 0; i < n; i++) {
            int v = order[i];
            for (int f = linkStart[v]; f < linkStart[v + 1]; f++) {
                int u = peer[f];
                if (!avoid[f] && seen[u] != st) {
                    seen[u] = st;
                    level[u] = level[v] + 1;
                    order[n++] = u;
                }
            }
        }
        reached = n;
        int k = 0;
        first[0] = 0;
        first[1] = 0;
        for (int i = 1; i < n; i++) {
            int u = order[i];
            int want = level[u] - 1;
            for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                int v = peer[e];
                if (!avoid[e] && seen[v] == st && level[v] == want) {
                    edges[k] = e;
                    heads[k] = v;
                    k++;
                }
            }
            first[i + 1] = k;
        }
    }
}
