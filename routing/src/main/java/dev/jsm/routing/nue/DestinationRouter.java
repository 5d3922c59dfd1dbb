package dev.jsm.routing.nue;

import java.util.Arrays;

/**
 * Nue's routing step for one destination: Dijkstra from the destination's switch outward over the switch graph,
 * where a switch {@code w} may take the channel {@code b} toward an already settled neighbour {@code u} only if the
 * turn from {@code b} into {@code u}'s own channel is already used by the layer or can be added to its
 * {@link DependencyDag} without closing a cycle (Domke, Hoefler and Matsuoka: routing inside the complete channel
 * dependency graph). Path costs are the link weights, which grow with the routes already placed on each link, so
 * later destinations avoid loaded links. The result is one channel per switch ({@link #next()}), an in-tree toward
 * the destination.
 *
 * <p>Cost per destination: {@code O(E log S)} plus the dependency checks. Reusable; confined to one thread.
 *
 * <p>In detail: docs/design/routing.md#destinationrouter.
 */
final class DestinationRouter {

    /** How a destination was routed. */
    enum Outcome {
        /** The search reached every switch of the destination's connected part. */
        SEARCHED,
        /** The search reached every switch after one or more backtracking steps. */
        BACKTRACKED,
        /** The search reached an impasse; some or all switches take the escape paths. */
        ESCAPED
    }

    private final ChannelGraph g;
    private final long[] weights;
    private final SwitchHeap heap;
    private final long[] dist;
    private final int[] next;
    private final int[] settled;
    /** Per turn: the search that added it (a value of {@code run}). */
    private final int[] addedBy;
    /**
     * Per turn: the {@code epoch} in which it was found to close a cycle. The graph only grows within an epoch, so
     * the finding holds until a turn is removed, which starts a new epoch (as does every search).
     */
    private final int[] blockedAt;
    private int epoch;
    private int run;
    private int[] tentativeIn = new int[64];
    private int[] tentativeOut = new int[64];
    private int tentativeCount;
    private final int[] escapeNext;
    private final int[] escaping;
    private final long[] flow;
    private final int[] childCount;
    private final int[] queue;

    /** A router over {@code g} that reads and updates {@code weights} (per channel). */
    DestinationRouter(ChannelGraph g, long[] weights) {
        this.g = g;
        this.weights = weights;
        int s = g.switches;
        heap = new SwitchHeap(s);
        dist = new long[s];
        next = new int[s];
        settled = new int[s];
        addedBy = new int[g.turns];
        blockedAt = new int[g.turns];
        escapeNext = new int[s];
        escaping = new int[s];
        flow = new long[s];
        childCount = new int[s];
        queue = new int[s];
    }

    /** The link weights per channel (live: {@link #addLoads} raises them). */
    long[] weights() {
        return weights;
    }

    /** The channel each switch forwards on toward the last destination, -1 for its switch and unreached ones. */
    int[] next() {
        return next;
    }

    /**
     * Routes every switch of {@code t}'s connected part toward switch {@code t}, inside {@code dag} (with
     * {@code escape} as the way out of an impasse), or without constraint if {@code dag} is null.
     */
    Outcome route(int t, DependencyDag dag, EscapePaths escape) {
        run++;
        epoch++;
        Arrays.fill(dist, Long.MAX_VALUE);
        Arrays.fill(next, -1);
        tentativeCount = 0;
        heap.clear();
        int target = g.componentSize[g.component[t]];
        dist[t] = 0;
        heap.offer(t, 0);
        int found = 0;
        boolean backtracked = false;
        while (true) {
            while (!heap.isEmpty()) {
                int u = heap.poll();
                settled[u] = run;
                found++;
                relax(u, dag);
            }
            if (found == target || dag == null) {
                break;
            }
            if (backtrack(t, dag)) {
                backtracked = true;
                continue;
            }
            escapePartly(t, dag, escape);
            commit(dag);
            return Outcome.ESCAPED;
        }
        if (dag != null) {
            commit(dag);
        }
        return backtracked ? Outcome.BACKTRACKED : Outcome.SEARCHED;
    }

    private void relax(int u, DependencyDag dag) {
        int a = next[u];
        for (int f = g.linkStart[u]; f < g.linkStart[u + 1]; f++) {
            int w = g.head[f];
            if (!g.usable[f] || settled[w] == run) {
                continue;
            }
            int b = g.reverse[f];
            long nd = dist[u] + weights[b];
            if (nd >= dist[w]) {
                continue;
            }
            if (a >= 0 && dag != null && !use(dag, b, a)) {
                continue;
            }
            release(dag, w);
            dist[w] = nd;
            next[w] = b;
            heap.offer(w, nd);
        }
    }

    /** Whether the turn {@code b -> a} is in {@code dag} or could be added (then it is, tentatively). */
    private boolean use(DependencyDag dag, int b, int a) {
        int turn = g.turn(b, a);
        if (dag.used(turn)) {
            return true;
        }
        if (blockedAt[turn] == epoch) {
            return false;
        }
        if (!dag.tryAdd(turn, b, a)) {
            blockedAt[turn] = epoch;
            return false;
        }
        addedBy[turn] = run;
        if (tentativeCount == tentativeIn.length) {
            tentativeIn = Arrays.copyOf(tentativeIn, 2 * tentativeCount);
            tentativeOut = Arrays.copyOf(tentativeOut, 2 * tentativeCount);
        }
        tentativeIn[tentativeCount] = b;
        tentativeOut[tentativeCount] = a;
        tentativeCount++;
        return true;
    }

    /** Gives back the turn switch {@code w}'s current channel added in this search, if it added one. */
    private void release(DependencyDag dag, int w) {
        int old = next[w];
        if (dag == null || old < 0) {
            return;
        }
        int onward = next[g.head[old]];
        if (onward >= 0) {
            releaseTurn(dag, old, onward);
        }
    }

    private void releaseTurn(DependencyDag dag, int b, int a) {
        int turn = g.turn(b, a);
        if (addedBy[turn] == run) {
            dag.remove(turn);
            addedBy[turn] = 0;
            epoch++;
        }
    }

    /** Removes the tentative turns the final routes do not take. */
    private void commit(DependencyDag dag) {
        for (int i = 0; i < tentativeCount; i++) {
            int b = tentativeIn[i];
            int a = tentativeOut[i];
            if (next[g.tail[b]] != b || next[g.head[b]] != a) {
                releaseTurn(dag, b, a);
            }
        }
    }

    /**
     * One backtracking step: for an unreached switch {@code x} next to a settled {@code y}, re-points {@code y} to
     * another settled neighbour {@code z} (whose route does not pass {@code y}) if the turns that needs - into
     * {@code z}'s channel, from {@code x}, and from every switch already routed through {@code y} - can all be
     * added; then queues {@code x} behind {@code y}.
     */
    private boolean backtrack(int t, DependencyDag dag) {
        int part = g.component[t];
        for (int x = 0; x < g.switches; x++) {
            if (settled[x] == run || g.component[x] != part) {
                continue;
            }
            for (int b = g.linkStart[x]; b < g.linkStart[x + 1]; b++) {
                int y = g.head[b];
                if (!g.usable[b] || settled[y] != run || y == t) {
                    continue;
                }
                for (int c = g.linkStart[y]; c < g.linkStart[y + 1]; c++) {
                    int z = g.head[c];
                    if (g.usable[c] && z != x && c != next[y] && settled[z] == run && !passes(z, y)
                            && repoint(dag, x, b, y, c, z)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether the route from {@code z} passes switch {@code y}. */
    private boolean passes(int z, int y) {
        for (int cur = z, steps = 0; steps < g.switches; steps++) {
            if (cur == y) {
                return true;
            }
            if (next[cur] < 0) {
                return false;
            }
            cur = g.head[next[cur]];
        }
        return true;
    }

    private boolean repoint(DependencyDag dag, int x, int b, int y, int c, int z) {
        int mark = tentativeCount;
        boolean ok = next[z] < 0 || use(dag, c, next[z]);
        ok = ok && use(dag, b, c);
        for (int h = g.linkStart[y]; ok && h < g.linkStart[y + 1]; h++) {
            int into = g.reverse[h];
            if (g.usable[h] && settled[g.head[h]] == run && next[g.head[h]] == into) {
                ok = use(dag, into, c);
            }
        }
        if (!ok) {
            for (int i = mark; i < tentativeCount; i++) {
                releaseTurn(dag, tentativeIn[i], tentativeOut[i]);
            }
            tentativeCount = mark;
            return false;
        }
        int old = next[y];
        int oldOnward = next[g.head[old]];
        if (oldOnward >= 0) {
            releaseTurn(dag, old, oldOnward);
        }
        for (int h = g.linkStart[y]; h < g.linkStart[y + 1]; h++) {
            int into = g.reverse[h];
            if (g.usable[h] && settled[g.head[h]] == run && next[g.head[h]] == into) {
                releaseTurn(dag, into, old);
            }
        }
        next[y] = c;
        dist[y] = dist[z] + weights[c];
        next[x] = b;
        dist[x] = dist[y] + weights[b];
        heap.offer(x, dist[x]);
        return true;
    }

    /**
     * The way out of an impasse: the unreached switches take the escape paths, and so does every switch on their
     * escape routes (a switch on an escape route must forward along it, or the route's dependencies would not be
     * the pre-marked ones). Switches routed into an escaping switch keep their channel if the turn onto its escape
     * route can join the graph, and escape too otherwise, until nothing changes; in the worst case the whole
     * destination takes the escape paths. Turns this search added for switches that now escape are removed.
     */
    private void escapePartly(int t, DependencyDag dag, EscapePaths escape) {
        escape.routesToward(t, escapeNext);
        int part = g.component[t];
        for (int x = 0; x < g.switches; x++) {
            if (g.component[x] == part && settled[x] != run) {
                escapeWith(x, t);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < tentativeCount; i++) {
                int b = tentativeIn[i];
                int y = g.head[b];
                if (escaping[g.tail[b]] == run || escaping[y] == run && tentativeOut[i] != escapeNext[y]) {
                    releaseTurn(dag, b, tentativeOut[i]);
                }
            }
            for (int w = 0; w < g.switches; w++) {
                int b = next[w];
                if (b < 0 || escaping[w] == run || escaping[g.head[b]] != run) {
                    continue;
                }
                if (!use(dag, b, escapeNext[g.head[b]])) {
                    escapeWith(w, t);
                    changed = true;
                }
            }
        }
        for (int x = 0; x < g.switches; x++) {
            if (escaping[x] == run) {
                next[x] = escapeNext[x];
            }
        }
    }

    /** Marks {@code x} and every switch on its escape route toward {@code t} as escaping. */
    private void escapeWith(int x, int t) {
        for (int y = x; y != t && escaping[y] != run; y = g.head[escapeNext[y]]) {
            escaping[y] = run;
        }
    }

    /**
     * Adds the last step's routes to the weights: every channel carries the source LIDs
     * ({@link ChannelGraph#sourceLids}) of the switches whose route toward {@code t} crosses it.
     */
    void addLoads(int t) {
        int s = g.switches;
        Arrays.fill(childCount, 0);
        for (int x = 0; x < s; x++) {
            flow[x] = g.sourceLids[x];
            if (next[x] >= 0) {
                childCount[g.head[next[x]]]++;
            }
        }
        int n = 0;
        for (int x = 0; x < s; x++) {
            if (next[x] >= 0 && childCount[x] == 0) {
                queue[n++] = x;
            }
        }
        for (int i = 0; i < n; i++) {
            int x = queue[i];
            int e = next[x];
            weights[e] += flow[x];
            int p = g.head[e];
            flow[p] += flow[x];
            if (p != t && --childCount[p] == 0) {
                queue[n++] = p;
            }
        }
    }
}
