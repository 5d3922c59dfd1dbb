package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * OpenSM's fat-tree indexing: every switch gets a tuple {@code (rank, d1, ..., dL)} ({@code L} the leaf rank), and
 * switches, leaves and port groups are ordered by tuple. Port choices are made in this order, which is what lines the
 * routes of the k-th CN of every leaf up on the same upper switches and makes the shift pattern congestion-free.
 *
 * <p>A tuple is packed into a {@code long}, byte {@code i} of the tuple in bits {@code 56-8i..63-8i} and unused
 * digits {@code 0xFF}, so unsigned comparison of the packed values is the tuple order. Stateless; thread-safe.
 *
 * <p>In detail: docs/design/routing.md#treeindexing.
 */
final class TreeIndexing {

    /** The packed tuple of a switch that has none (every byte 0xFF). */
    static final long UNASSIGNED = -1L;
    /** Maximal leaf rank: the tuple has room for the rank and seven digits. */
    static final int MAX_LEAF_RANK = 7;

    private TreeIndexing() {
    }

    /**
     * The tuple of every switch, {@link #UNASSIGNED} for switches the search did not reach, or {@code null} if more
     * than 255 switches share a digit position below one switch (then OpenSM gives up too).
     */
    static long[] index(RoutingInput in, int[] rank, int leafRank, boolean[] leaf, PortGroups groups,
                        boolean quasi) {
        int s = in.switchCount();
        long[] tuple = new long[s];
        Arrays.fill(tuple, UNASSIGNED);
        TupleSet used = new TupleSet(s);
        int[] queue = new int[s];
        int subtree = 0;
        for (int start : MapOrder.switches(in)) {
            if (quasi ? rank[start] != 0 : !leaf[start]) {
                continue;
            }
            if (tuple[start] == UNASSIGNED) {
                long t = first(rank[start], leafRank, subtree++, used);
                if (t == UNASSIGNED) {
                    return null;
                }
                tuple[start] = t;
                used.add(t);
            }
            if (!search(start, rank, leafRank, leaf, groups, tuple, used, queue)) {
                return null;
            }
            if (!quasi) {
                break;
            }
        }
        groups.index(tuple);
        return tuple;
    }

    private static long first(int rank, int leafRank, int subtree, TupleSet used) {
        long t = with(UNASSIGNED, 0, rank);
        for (int i = 1; i <= leafRank; i++) {
            t = with(t, i, 0);
        }
        if (rank != 0) {
            return t;
        }
        if (leafRank > 1) {
            t = with(t, leafRank, subtree & 0xFF);
        }
        return free(t, 1, used);
    }

    private static boolean search(int start, int[] rank, int leafRank, boolean[] leaf, PortGroups g, long[] tuple,
                                  TupleSet used, int[] queue) {
        boolean fromRoot = rank[start] == 0;
        queue[0] = start;
        int tail = 1;
        for (int head = 0; head < tail; head++) {
            int sw = queue[head];
            int r = rank[sw];
            if (r < leafRank) {
                for (int i = g.downStart[sw]; i < g.downStart[sw + 1]; i++) {
                    int p = g.peer[g.downOrder[i]];
                    if (tuple[p] == UNASSIGNED) {
                        long t = free(with(tuple[sw], 0, r + 1), r + 1, used);
                        if (t == UNASSIGNED) {
                            return false;
                        }
                        tuple[p] = t;
                        used.add(t);
                        queue[tail++] = p;
                    }
                }
            }
            if (r != 0 && (!fromRoot || !leaf[sw])) {
                for (int i = g.upStart[sw]; i < g.upStart[sw + 1]; i++) {
                    int p = g.peer[g.upOrder[i]];
                    if (tuple[p] == UNASSIGNED) {
                        long t = free(with(tuple[sw], 0, r - 1), r, used);
                        if (t == UNASSIGNED) {
                            return false;
                        }
                        tuple[p] = t;
                        used.add(t);
                        queue[tail++] = p;
                    }
                }
            }
        }
        return true;
    }

    /** {@code t} with digit {@code at} set to the smallest value 0..254 not yet used, or UNASSIGNED. */
    private static long free(long t, int at, TupleSet used) {
        for (int v = 0; v < 0xFF; v++) {
            long c = with(t, at, v);
            if (!used.contains(c)) {
                return c;
            }
        }
        return UNASSIGNED;
    }

    /** {@code t} with byte {@code i} set to {@code v}. */
    static long with(long t, int i, int v) {
        int shift = 56 - 8 * i;
        return (t & ~(0xFFL << shift)) | ((long) (v & 0xFF) << shift);
    }
}
