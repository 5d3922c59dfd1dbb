package dev.jsm.routing.lash.mesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The mesh analysis' coordinates and port reordering (docs/reference/lash-mesh-analysis.md#coordinates-and-port-order).
 * The seed switch is the origin; stepping along a link with axis
 * {@code +A} ({@code -A}) adds (subtracts) one in dimension {@code A} and keeps the others. Where a torus wraps,
 * several values are possible: a switch keeps the one with the smallest magnitude, the positive one on a tie
 * (relaxation over a work list until nothing changes). Switches no axis link reaches have no coordinates.
 *
 * <p>Immutable after construction.
 *
 * <p>In detail: docs/design/routing.md#meshcoordinates.
 */
final class MeshCoordinates {

    /** Coordinate of a switch that was not placed. */
    static final int NONE = Integer.MAX_VALUE;

    final int dimension;
    final int[][] coord;
    final int[] size;
    final int[] dimOrder;

    MeshCoordinates(SwitchGraph g, int[] axis, int seed, int dimension) {
        this.dimension = dimension;
        int s = g.switchCount();
        coord = new int[s][dimension];
        for (int[] c : coord) {
            Arrays.fill(c, NONE);
        }
        Arrays.fill(coord[seed], 0);
        relax(g, axis, seed);
        size = new int[dimension];
        dimOrder = new int[dimension];
        measure();
    }

    private void relax(SwitchGraph g, int[] axis, int seed) {
        int s = g.switchCount();
        int[] queue = new int[s];
        boolean[] queued = new boolean[s];
        int head = 0;
        int count = 1;
        queue[0] = seed;
        queued[seed] = true;
        while (count > 0) {
            int sw = queue[head];
            head = head + 1 == s ? 0 : head + 1;
            count--;
            queued[sw] = false;
            for (int l = g.linkStart(sw); l < g.linkStart(sw + 1); l++) {
                if (axis[l] == 0) {
                    continue;
                }
                int dim = (axis[l] - 1) / 2;
                if (dim >= dimension) {
                    continue;
                }
                int step = (axis[l] & 1) == 1 ? 1 : -1;
                int q = g.peer(l);
                boolean changed = false;
                for (int k = 0; k < dimension; k++) {
                    int c = coord[sw][k] + (k == dim ? step : 0);
                    if (smaller(c, coord[q][k])) {
                        coord[q][k] = c;
                        changed = true;
                    }
                }
                if (changed && !queued[q]) {
                    queued[q] = true;
                    queue[(head + count) % s] = q;
                    count++;
                }
            }
        }
    }

    /** Whether {@code a} has the smaller magnitude, or the same magnitude and is positive. */
    private static boolean smaller(int a, int b) {
        if (b == NONE) {
            return true;
        }
        int ma = Math.abs(a);
        int mb = Math.abs(b);
        return ma < mb || (ma == mb && a > b);
    }

    private void measure() {
        for (int k = 0; k < dimension; k++) {
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            for (int[] c : coord) {
                if (c[k] != NONE) {
                    min = Math.min(min, c[k]);
                    max = Math.max(max, c[k]);
                }
            }
            size[k] = max - min + 1;
        }
        boolean[] used = new boolean[dimension];
        for (int i = 0; i < dimension; i++) {
            int best = -1;
            for (int k = 0; k < dimension; k++) {
                if (!used[k] && (best < 0 || size[k] > size[best])) {
                    best = k;
                }
            }
            used[best] = true;
            dimOrder[i] = best;
        }
    }

    /** Each switch's links in presentation order, as {@link SwitchGraph#reordered} takes them. */
    int[] linkOrder(SwitchGraph g, int[] axis) {
        int[] order = new int[g.linkCount()];
        for (int sw = 0; sw < g.switchCount(); sw++) {
            int first = g.linkStart(sw);
            int n = g.degree(sw);
            boolean[] taken = new boolean[n];
            int next = 0;
            for (int dim : dimOrder) {
                boolean positive = coord[sw][dim] != NONE && coord[sw][dim] > 0;
                int plus = 2 * dim + 1;
                int minus = 2 * dim + 2;
                next = take(axis, first, n, positive ? minus : plus, taken, order, next);
                next = take(axis, first, n, positive ? plus : minus, taken, order, next);
            }
            for (int k = 0; k < n; k++) {
                if (!taken[k]) {
                    order[first + next++] = k;
                }
            }
        }
        return order;
    }

    private static int take(int[] axis, int first, int n, int c, boolean[] taken, int[] order, int next) {
        for (int k = 0; k < n; k++) {
            if (!taken[k] && axis[first + k] == c) {
                taken[k] = true;
                order[first + next++] = k;
            }
        }
        return next;
    }

    /**
     * The switches in coordinate order (dimensions in {@link #dimOrder}), unplaced ones last, ties in their order in
     * {@code baseOrder}.
     */
    int[] switchOrder(int[] baseOrder) {
        List<Integer> ids = new ArrayList<>();
        for (int sw : baseOrder) {
            ids.add(sw);
        }
        ids.sort((a, b) -> {
            for (int k : dimOrder) {
                int c = Integer.compare(coord[a][k], coord[b][k]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        });
        int[] out = new int[ids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ids.get(i);
        }
        return out;
    }
}
