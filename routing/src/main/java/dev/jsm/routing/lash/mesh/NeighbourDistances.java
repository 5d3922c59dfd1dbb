package dev.jsm.routing.lash.mesh;

import java.util.Arrays;

/**
 * Step 1 of the local geometry (docs/reference/lash-mesh-analysis.md#local-geometry-classifying-switches): for a
 * switch, the matrix of hop distances between its neighbours along
 * paths that avoid the switch itself, so the switch "feels" the mesh around it. Row and column {@code i} are the
 * switch's {@code i}-th logical link. Each row is one breadth-first search from a neighbour that never enters the
 * switch and stops as soon as every other neighbour is reached; a neighbour reachable only through the switch gets
 * {@link #UNREACHABLE}.
 *
 * <p>Switches with more than {@link #MAX_DEGREE} neighbours get no matrix: they never match a known mesh (a 3D
 * torus switch has 6 neighbours; OpenSM's limit is the same).
 *
 * <p>Scratch of one analysis; confined to its thread.
 */
final class NeighbourDistances {

    /** Switches with more neighbours are not analysed. */
    static final int MAX_DEGREE = 8;
    /** Distance of two neighbours connected only through the switch. */
    static final int UNREACHABLE = Integer.MAX_VALUE;

    private final SwitchGraph g;
    private final int[] dist;
    private final int[] stamp;
    private final int[] queue;
    private final int[] slotOf;
    private int generation;

    NeighbourDistances(SwitchGraph g) {
        this.g = g;
        int s = g.switchCount();
        dist = new int[s];
        stamp = new int[s];
        queue = new int[s];
        slotOf = new int[s];
        Arrays.fill(slotOf, -1);
    }

    /** The matrix of switch {@code sw}, or {@code null} if it has more than {@link #MAX_DEGREE} neighbours. */
    int[][] matrix(int sw) {
        int n = g.degree(sw);
        if (n > MAX_DEGREE) {
            return null;
        }
        int first = g.linkStart(sw);
        for (int i = 0; i < n; i++) {
            slotOf[g.peer(first + i)] = i;
        }
        int[][] m = new int[n][n];
        for (int i = 0; i < n; i++) {
            Arrays.fill(m[i], UNREACHABLE);
            search(sw, g.peer(first + i), n, m[i]);
        }
        for (int i = 0; i < n; i++) {
            slotOf[g.peer(first + i)] = -1;
        }
        return m;
    }

    /** BFS from {@code start} avoiding {@code sw}, filling {@code row} by neighbour slot. */
    private void search(int sw, int start, int n, int[] row) {
        generation++;
        int head = 0;
        int tail = 0;
        queue[tail++] = start;
        stamp[start] = generation;
        dist[start] = 0;
        stamp[sw] = generation;
        int found = 0;
        while (head < tail && found < n) {
            int u = queue[head++];
            int slot = slotOf[u];
            if (slot >= 0) {
                row[slot] = dist[u];
                found++;
            }
            for (int l = g.linkStart(u); l < g.linkStart(u + 1); l++) {
                int v = g.peer(l);
                if (stamp[v] != generation) {
                    stamp[v] = generation;
                    dist[v] = dist[u] + 1;
                    queue[tail++] = v;
                }
            }
        }
    }
}
