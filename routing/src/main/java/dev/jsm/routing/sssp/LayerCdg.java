package dev.jsm.routing.sssp;

import java.util.Arrays;

/**
 * The channel dependency graphs of the virtual layers: per layer, how many paths (source LID, destination LID pairs)
 * use each turn ({@link TurnIndex}); a turn with a count above zero is a dependency of that layer's graph. Layers
 * other than 0 get their arrays when the first path moves there. {@link #nextCycle} looks for cycles in one layer by
 * a resumable, iterative depth-first search over the channels (the directed switch-to-switch edges).
 *
 * <p>Confined to the thread that assigns the layers.
 */
final class LayerCdg {

    private static final byte WHITE = 0;
    private static final byte GREY = 1;
    private static final byte BLACK = 2;

    private final SsspGraph g;
    private final TurnIndex turns;
    private final int[][] counts;
    private final long[] paths;
    private final byte[] color;
    private final int[] stackEdge;
    private final int[] stackNext;
    private final int[] depthOf;
    private int searchLayer;
    private int root;
    private int depth;

    LayerCdg(SsspGraph g, TurnIndex turns, int maxLayers) {
        this.g = g;
        this.turns = turns;
        counts = new int[maxLayers][];
        counts[0] = new int[turns.size];
        paths = new long[maxLayers];
        color = new byte[g.edges];
        stackEdge = new int[g.edges];
        stackNext = new int[g.edges];
        depthOf = new int[g.edges];
    }

    /** The turn counts of layer 0, for the routing pass to fill. */
    int[] layer0() {
        return counts[0];
    }

    /** Adds {@code n} paths to layer {@code layer}'s path total (the balancing weighs layers by it). */
    void addPaths(int layer, long n) {
        paths[layer] += n;
    }

    /** The paths in {@code layer}. */
    long paths(int layer) {
        return paths[layer];
    }

    /** Moves the dependency {@code a -> b} of {@code weight} paths from layer {@code from} to {@code from + 1}. */
    void moveTurn(int a, int b, int from, int weight) {
        int t = turns.turn(a, b);
        if (counts[from + 1] == null) {
            counts[from + 1] = new int[turns.size];
        }
        counts[from][t] -= weight;
        counts[from + 1][t] += weight;
    }

    /** Moves {@code weight} paths' share of the path totals from layer {@code from} to {@code from + 1}. */
    void movePaths(int from, long weight) {
        paths[from] -= weight;
        paths[from + 1] += weight;
    }

    /** How many paths of {@code layer} use the dependency {@code a -> b}. */
    int count(int layer, int a, int b) {
        return counts[layer] == null ? 0 : counts[layer][turns.turn(a, b)];
    }

    /** Starts a search for cycles in {@code layer}: every channel unexplored. */
    void startSearch(int layer) {
        searchLayer = layer;
        Arrays.fill(color, WHITE);
        root = 0;
        depth = 0;
    }

    /**
     * The next cycle of the layer being searched, as its channels in order (each depends on the next, the last on
     * the first), or {@code null} when the layer is acyclic. Between calls, dependencies may only be removed from
     * that layer: removal creates no cycle, so channels already proven acyclic stay finished, the search resumes
     * where it stopped after unwinding the part of its path that lost a dependency, and a whole layer costs
     * {@code O(E + turns)} plus the length of the path per cycle. Deterministic: roots and successors in edge order.
     */
    int[] nextCycle() {
        int[] c = counts[searchLayer];
        if (c == null) {
            return null;
        }
        int[] linkStart = g.in.linkStart();
        int[] peer = g.in.peerSwitch();
        for (int k = 0; k + 1 < depth; k++) {
            if (c[turns.turn(stackEdge[k], stackEdge[k + 1])] <= 0) {
                for (int j = k + 1; j < depth; j++) {
                    color[stackEdge[j]] = WHITE;
                }
                depth = k + 1;
                break;
            }
        }
        while (true) {
            if (depth == 0) {
                while (root < g.edges && color[root] != WHITE) {
                    root++;
                }
                if (root == g.edges) {
                    return null;
                }
                push(root, 0, linkStart, peer);
            }
            int a = stackEdge[depth - 1];
            int b = stackNext[depth - 1];
            if (b == linkStart[peer[a] + 1]) {
                color[a] = BLACK;
                depth--;
                continue;
            }
            stackNext[depth - 1] = b + 1;
            if (c[turns.turn(a, b)] <= 0) {
                continue;
            }
            if (color[b] == GREY) {
                return Arrays.copyOfRange(stackEdge, depthOf[b], depth);
            }
            if (color[b] == WHITE) {
                push(b, depth, linkStart, peer);
            }
        }
    }

    private void push(int e, int at, int[] linkStart, int[] peer) {
        color[e] = GREY;
        depthOf[e] = at;
        stackEdge[at] = e;
        stackNext[at] = linkStart[peer[e]];
        depth = at + 1;
    }
}
