package dev.jsm.routing.nue;

import java.util.Arrays;

/**
 * The channel dependencies one virtual layer uses so far, kept acyclic: the turns of the complete channel dependency
 * graph ({@link ChannelGraph}) that routes of the layer take, and a topological order of the channels under them.
 * Nue may add a dependency only if it closes no cycle, which is what makes every layer free of credit loops (Dally
 * and Seitz) however the routes turn.
 *
 * <p>Memory: a byte per turn and a few ints per channel. Reusable per layer ({@link #reset}); confined to one thread.
 *
 * <p>In detail: docs/design/routing.md#dependencydag.
 */
final class DependencyDag {

    private final ChannelGraph g;
    private final boolean[] used;
    private final int[] ord;
    private final int[] mark;
    private int stamp;
    private final int[] stack;
    private final int[] forward;
    private final int[] backward;
    private final long[] sortBuffer;
    private final int[] slots;
    private int usedCount;

    DependencyDag(ChannelGraph g) {
        this.g = g;
        used = new boolean[g.turns];
        int c = g.channels;
        ord = new int[c];
        mark = new int[c];
        stack = new int[c];
        forward = new int[c];
        backward = new int[c];
        sortBuffer = new long[c];
        slots = new int[c];
    }

    /** Clears every dependency and orders the channels by {@code order} (a permutation of the channels). */
    void reset(int[] order) {
        Arrays.fill(used, false);
        usedCount = 0;
        for (int i = 0; i < order.length; i++) {
            ord[order[i]] = i;
        }
    }

    /**
     * Marks {@code turn} ({@code from -> to}) used without a check: for dependencies the current order already
     * respects ({@code from} ordered before {@code to}).
     *
     * @throws IllegalStateException if the order does not respect it
     */
    void addOrdered(int turn, int from, int to) {
        if (ord[from] >= ord[to]) {
            throw new IllegalStateException("dependency " + from + " -> " + to + " against the order");
        }
        if (!used[turn]) {
            used[turn] = true;
            usedCount++;
        }
    }

    /** Whether {@code turn} is used by the layer. */
    boolean used(int turn) {
        return used[turn];
    }

    /** Number of dependencies in use. */
    int usedCount() {
        return usedCount;
    }

    /** Forgets {@code turn} (a route that no longer takes it). */
    void remove(int turn) {
        if (used[turn]) {
            used[turn] = false;
            usedCount--;
        }
    }

    /**
     * Uses {@code turn}, the dependency of channel {@code x} on channel {@code y}, unless it closes a cycle.
     *
     * @return whether it is now used (false: it would close a cycle, nothing changed)
     */
    boolean tryAdd(int turn, int x, int y) {
        if (used[turn]) {
            return true;
        }
        int lower = ord[y];
        int upper = ord[x];
        if (lower > upper) {
            used[turn] = true;
            usedCount++;
            return true;
        }
        int st = ++stamp;
        int forwardCount = searchForward(y, upper, st);
        if (forwardCount < 0) {
            return false;
        }
        int backwardCount = searchBackward(x, lower, st);
        reorder(forwardCount, backwardCount);
        used[turn] = true;
        usedCount++;
        return true;
    }

    /** The channels reachable from {@code y} ordered at or before {@code upper}, or -1 if {@code x} is among them. */
    private int searchForward(int y, int upper, int st) {
        int n = 0;
        int top = 0;
        mark[y] = st;
        stack[top++] = y;
        while (top > 0) {
            int a = stack[--top];
            forward[n++] = a;
            int v = g.head[a];
            int start = g.linkStart[v];
            int d = g.linkStart[v + 1] - start;
            int row = g.turnBase[v] + (g.reverse[a] - start) * d;
            for (int j = 0; j < d; j++) {
                if (!used[row + j]) {
                    continue;
                }
                int b = start + j;
                int o = ord[b];
                if (o == upper) {
                    return -1;
                }
                if (o < upper && mark[b] != st) {
                    mark[b] = st;
                    stack[top++] = b;
                }
            }
        }
        return n;
    }

    /** The channels that reach {@code x} ordered at or after {@code lower}, into {@link #backward}. */
    private int searchBackward(int x, int lower, int st) {
        int n = 0;
        int top = 0;
        mark[x] = st;
        stack[top++] = x;
        while (top > 0) {
            int b = stack[--top];
            backward[n++] = b;
            int v = g.tail[b];
            int start = g.linkStart[v];
            int d = g.linkStart[v + 1] - start;
            int column = g.turnBase[v] + (b - start);
            for (int i = 0; i < d; i++) {
                if (!used[column + i * d]) {
                    continue;
                }
                int a = g.reverse[start + i];
                if (ord[a] > lower && mark[a] != st) {
                    mark[a] = st;
                    stack[top++] = a;
                }
            }
        }
        return n;
    }

    /** Gives the backward set, then the forward set, the positions both held, each set keeping its own order. */
    private void reorder(int forwardCount, int backwardCount) {
        sortByOrder(backward, backwardCount);
        sortByOrder(forward, forwardCount);
        int n = 0;
        for (int i = 0; i < backwardCount; i++) {
            slots[n++] = ord[backward[i]];
        }
        for (int i = 0; i < forwardCount; i++) {
            slots[n++] = ord[forward[i]];
        }
        Arrays.sort(slots, 0, n);
        int k = 0;
        for (int i = 0; i < backwardCount; i++) {
            ord[backward[i]] = slots[k++];
        }
        for (int i = 0; i < forwardCount; i++) {
            ord[forward[i]] = slots[k++];
        }
    }

    private void sortByOrder(int[] set, int count) {
        for (int i = 0; i < count; i++) {
            sortBuffer[i] = ((long) ord[set[i]] << 32) | set[i];
        }
        Arrays.sort(sortBuffer, 0, count);
        for (int i = 0; i < count; i++) {
            set[i] = (int) sortBuffer[i];
        }
    }
}
