package dev.jsm.routing.sssp;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;

/**
 * The routing pass of sssp and dfsssp: for each destination LID in {@link DestinationOrder}, the least loaded
 * shortest route from every switch to the switch delivering it, written into the LFTs, then added to the load of
 * each link it uses (Hoefler, Schneider and Lumsdaine's global balancing as OpenSM's dfsssp does it: a link's weight
 * grows by the source LIDs whose route to this destination crosses it).
 *
 * <p>Cost per destination LID: {@code O(downhill edges)} for the routes and {@code O(S)} for the loads. The loads
 * chain the destinations, so the pass is sequential. Confined to the calling thread.
 *
 * <p>In detail: docs/design/routing.md#balancedroutes.
 */
final class BalancedRoutes {

    private final SsspGraph g;
    private final RoutingInput in;
    private final ShortestDag dag;
    private final long[] load;
    private final long[] dist;
    private final int[] next;
    private final int[] flow;
    private final int[] pathFlow;
    private TurnIndex turns;
    private int[] turnCounts;
    private long pairs;

    /** A pass over {@code g}; with {@code options.avoidThrottledLinks()} the throttled cables are not used. */
    BalancedRoutes(SsspGraph g, SsspOptions options) {
        this.g = g;
        this.in = g.in;
        dag = new ShortestDag(g, options.avoidThrottledLinks() ? in.edgeThrottled() : new boolean[g.edges]);
        load = new long[g.edges];
        dist = new long[g.switches];
        next = new int[g.switches];
        flow = new int[g.switches];
        pathFlow = new int[g.switches];
    }

    /** Routes every LID of {@code lids} in that order into {@code out}. */
    void routeAll(int[] lids, LftTables out) {
        for (int lid : lids) {
            route(lid, out);
        }
    }

    /**
     * Makes every later {@link #route} also add its paths to {@code counts}, indexed by {@code turns}: per turn, the
     * source LIDs ({@link SsspGraph#pathSources}) whose route to the destination takes it (dfsssp's layer-0 channel
     * dependency graph), and count the pairs in {@link #pairs()}.
     */
    void countTurns(TurnIndex turns, int[] counts) {
        this.turns = turns;
        this.turnCounts = counts;
    }

    /** The (source LID, destination LID) pairs routed so far, sources on the destination's own switch included. */
    long pairs() {
        return pairs;
    }

    /**
     * Routes {@code lid} on every switch that reaches its owner and, for a CA or router LID, adds the routes to the
     * link loads.
     */
    void route(int lid, LftTables out) {
        int owner = in.lidOwnerSwitch()[lid];
        if (owner < 0) {
            return;
        }
        if (dag.target != owner) {
            dag.build(owner);
        }
        int reached = dag.reached;
        int[] order = dag.order;
        int[] first = dag.first;
        int[] edges = dag.edges;
        boolean toSwitch = in.lidOwnerPort()[lid] == 0;
        if (toSwitch) {
            for (int i = 1; i < reached; i++) {
                next[order[i]] = edges[first[i]];
            }
        } else {
            chooseLeastLoaded(owner);
        }
        byte[] localPort = in.localPort();
        out.lft(owner)[lid] = in.lidOwnerPort()[lid];
        for (int i = 1; i < reached; i++) {
            int u = order[i];
            out.lft(u)[lid] = localPort[next[u]];
        }
        if (!toSwitch) {
            addLoads(reached, order);
        }
        if (turnCounts != null) {
            countTurns(owner, reached, order);
        }
    }

    /** Dijkstra on the DAG: each switch, in hop order, takes the downhill edge with the least load beyond it. */
    private void chooseLeastLoaded(int owner) {
        int reached = dag.reached;
        int[] order = dag.order;
        int[] first = dag.first;
        int[] edges = dag.edges;
        int[] heads = dag.heads;
        dist[owner] = 0;
        for (int i = 1; i < reached; i++) {
            long best = Long.MAX_VALUE;
            int bestEdge = -1;
            for (int k = first[i]; k < first[i + 1]; k++) {
                long c = dist[heads[k]] + load[edges[k]];
                if (c < best) {
                    best = c;
                    bestEdge = edges[k];
                }
            }
            int u = order[i];
            dist[u] = best;
            next[u] = bestEdge;
        }
    }

    /** Adds each switch's CA and router sources, and those of its subtree, to the load of its edge. */
    private void addLoads(int reached, int[] order) {
        int[] peer = in.peerSwitch();
        for (int i = 0; i < reached; i++) {
            int u = order[i];
            flow[u] = g.sourceLids[u];
        }
        for (int i = reached - 1; i > 0; i--) {
            int u = order[i];
            int e = next[u];
            load[e] += flow[u];
            flow[peer[e]] += flow[u];
        }
    }

    private void countTurns(int owner, int reached, int[] order) {
        int[] peer = in.peerSwitch();
        for (int i = 0; i < reached; i++) {
            int u = order[i];
            pathFlow[u] = g.pathSources[u];
        }
        for (int i = reached - 1; i > 0; i--) {
            int u = order[i];
            int e = next[u];
            int v = peer[e];
            if (v != owner) {
                turnCounts[turns.turn(e, next[v])] += pathFlow[u];
            }
            pathFlow[v] += pathFlow[u];
        }
        pairs += pathFlow[owner];
    }
}
