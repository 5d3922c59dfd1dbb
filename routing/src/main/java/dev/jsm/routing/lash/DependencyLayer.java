package dev.jsm.routing.lash;

import dev.jsm.routing.lash.mesh.SwitchGraph;
import java.util.Arrays;

/**
 * One virtual layer: the channel dependency graph of the paths assigned to it, kept acyclic. Dependencies are
 * reference counted (two paths may share one), so a path can be removed again when the balancing moves it.
 *
 * <p>Cycle checks are incremental (Pearce and Kelly's dynamic topological sort): the layer keeps a topological order
 * of its channels; a new dependency {@code a -> b} with {@code a} already before {@code b} cannot close a cycle, and
 * otherwise only the channels ordered between {@code b} and {@code a} are searched and reordered. Adding a path and
 * its reverse is all or nothing: if one dependency would close a cycle, the ones already added are removed again
 * (removing dependencies never invalidates the order).
 *
 * <p>Confined to the thread running the lash pass.
 */
final class DependencyLayer {

    private final ChannelIndex index;
    private final SwitchGraph g;
    private final int[] count;
    private final int[] ord;
    private final int[] stamp;
    private final int[] stack;
    private final int[] forward;
    private final int[] backward;
    private final long[] sortBuf;
    private final int[] added;
    private int generation;
    private int forwardCount;
    private int backwardCount;
    private int paths;

    DependencyLayer(ChannelIndex index) {
        this.index = index;
        this.g = index.graph;
        int c = g.linkCount();
        count = new int[index.slots];
        ord = new int[c];
        for (int i = 0; i < c; i++) {
            ord[i] = i;
        }
        stamp = new int[c];
        stack = new int[c];
        forward = new int[c];
        backward = new int[c];
        sortBuf = new long[c];
        added = new int[2 * Math.max(1, g.switchCount())];
    }

    /** Number of paths in the layer (a pair counts as two, as OpenSM counts them). */
    int paths() {
        return paths;
    }

    /**
     * Adds the dependencies of path {@code p[0..pn)} and of path {@code q[0..qn)} unless that closes a cycle.
     *
     * @return whether both were added
     */
    boolean tryAdd(int[] p, int pn, int[] q, int qn) {
        int n = 0;
        for (int pass = 0; pass < 2; pass++) {
            int[] path = pass == 0 ? p : q;
            int len = pass == 0 ? pn : qn;
            for (int i = 0; i + 1 < len; i++) {
                int a = path[i];
                int b = path[i + 1];
                int slot = index.slot(a, b);
                if (count[slot]++ == 0 && !insert(a, b)) {
                    count[slot]--;
                    undo(n);
                    return false;
                }
                added[n++] = slot;
            }
        }
        paths += 2;
        return true;
    }

    /** Removes the dependencies of two paths added together by {@link #tryAdd}. */
    void remove(int[] p, int pn, int[] q, int qn) {
        for (int i = 0; i + 1 < pn; i++) {
            count[index.slot(p[i], p[i + 1])]--;
        }
        for (int i = 0; i + 1 < qn; i++) {
            count[index.slot(q[i], q[i + 1])]--;
        }
        paths -= 2;
    }

    private void undo(int n) {
        for (int i = 0; i < n; i++) {
            count[added[i]]--;
        }
    }

    /** Keeps the order topological for the new edge {@code a -> b}; false if it closes a cycle. */
    private boolean insert(int a, int b) {
        int lb = ord[b];
        int ub = ord[a];
        if (lb > ub) {
            return true;
        }
        if (a == b) {
            return false;
        }
        generation++;
        if (!searchForward(b, ub)) {
            return false;
        }
        searchBackward(a, lb);
        reorder();
        return true;
    }

    /** Channels reachable from {@code b} ordered below {@code ub}; false if {@code ub}'s channel is reached. */
    private boolean searchForward(int b, int ub) {
        forwardCount = 0;
        int top = 0;
        stack[top++] = b;
        stamp[b] = generation;
        while (top > 0) {
            int n = stack[--top];
            forward[forwardCount++] = n;
            int v = g.peer(n);
            int base = index.base[n];
            int first = g.linkStart(v);
            int deg = g.degree(v);
            for (int k = 0; k < deg; k++) {
                if (count[base + k] == 0) {
                    continue;
                }
                int w = first + k;
                int o = ord[w];
                if (o == ub) {
                    return false;
                }
                if (o < ub && stamp[w] != generation) {
                    stamp[w] = generation;
                    stack[top++] = w;
                }
            }
        }
        return true;
    }

    /** Channels reaching {@code a} ordered above {@code lb}. */
    private void searchBackward(int a, int lb) {
        backwardCount = 0;
        int top = 0;
        stack[top++] = a;
        stamp[a] = generation;
        while (top > 0) {
            int n = stack[--top];
            backward[backwardCount++] = n;
            int u = index.tail[n];
            int k = index.local[n];
            for (int l = g.linkStart(u); l < g.linkStart(u + 1); l++) {
                int w = g.reverse(l);
                if (count[index.base[w] + k] == 0) {
                    continue;
                }
                if (ord[w] > lb && stamp[w] != generation) {
                    stamp[w] = generation;
                    stack[top++] = w;
                }
            }
        }
    }

    /** Gives the backward set the lowest of the freed positions, then the forward set, each in its old order. */
    private void reorder() {
        sortByOrd(backward, backwardCount);
        sortByOrd(forward, forwardCount);
        int total = backwardCount + forwardCount;
        for (int i = 0; i < backwardCount; i++) {
            sortBuf[i] = ord[backward[i]];
        }
        for (int i = 0; i < forwardCount; i++) {
            sortBuf[backwardCount + i] = ord[forward[i]];
        }
        Arrays.sort(sortBuf, 0, total);
        for (int i = 0; i < backwardCount; i++) {
            ord[backward[i]] = (int) sortBuf[i];
        }
        for (int i = 0; i < forwardCount; i++) {
            ord[forward[i]] = (int) sortBuf[backwardCount + i];
        }
    }

    private void sortByOrd(int[] nodes, int n) {
        for (int i = 0; i < n; i++) {
            sortBuf[i] = ((long) ord[nodes[i]] << 32) | nodes[i];
        }
        Arrays.sort(sortBuf, 0, n);
        for (int i = 0; i < n; i++) {
            nodes[i] = (int) sortBuf[i];
        }
    }
}
