package dev.jsm.routing.balance;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.RoutingInput;

/**
 * Routes one destination LID at a time over the {@link CandidateDag} of its switch, on a global load: each switch,
 * nearest the destination first, takes the candidate edge with the least load summed over the rest of the route
 * (the edge's own load plus the best sum beyond its far end), ties to the entry it has, then to the lowest port; then
 * the CA flows toward the LID are added along the chosen routes, so later LIDs avoid the links earlier ones loaded.
 * That is sssp's global balancing (Hoefler et al.) restricted to the engine's allowed ports, and, as the candidates
 * lead strictly closer to the destination, every route is one a full pass of the engine could have chosen.
 *
 * <p>Scratch of one pass; confined to its thread. Cost per LID: {@code O(candidate edges + S)}.
 *
 * <p>In detail: docs/design/routing.md#loadbalancedcolumns.
 */
final class LoadBalancedColumns {

    private final RoutingInput in;
    private final CandidateDag dag;
    private final int[] sources;
    private final long[] load;
    /** Per edge: the flows to base LIDs routed so far. */
    final long[] baseLoad;
    private final long[] dist;
    private final int[] next;
    private final long[] flow;
    private int target = -1;

    LoadBalancedColumns(RoutingInput in, EgressCandidates candidates) {
        this.in = in;
        this.dag = new CandidateDag(in, candidates);
        int s = in.switchCount();
        sources = new int[s];
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0 && !in.endPortIsSwitch()[ep]) {
                sources[sw]++;
            }
        }
        load = new long[in.edgeCount()];
        baseLoad = new long[in.edgeCount()];
        dist = new long[s];
        next = new int[s];
        flow = new long[s];
    }

    /**
     * Routes {@code lid} (owned by a switch) in its LFT column {@code column[offset .. offset + S - 1]}, which holds
     * the current entries on entry, and adds its flows to the loads.
     */
    void route(int lid, byte[] column, int offset) {
        int d = in.lidOwnerSwitch()[lid];
        if (d != target) {
            dag.build(d);
            target = d;
        }
        int[] order = dag.order;
        int[] first = dag.first;
        int[] edges = dag.edges;
        int[] heads = dag.heads;
        byte[] localPort = in.localPort();
        dist[d] = 0;
        column[offset + d] = in.lidOwnerPort()[lid];
        for (int i = 1; i < dag.reached; i++) {
            int x = order[i];
            int current = column[offset + x];
            long best = Long.MAX_VALUE;
            int bestEdge = -1;
            for (int k = first[i]; k < first[i + 1]; k++) {
                int e = edges[k];
                long c = dist[heads[k]] + load[e];
                if (c < best || c == best && localPort[e] == current) {
                    best = c;
                    bestEdge = e;
                }
            }
            dist[x] = best;
            next[x] = bestEdge;
            column[offset + x] = localPort[bestEdge];
        }
        addFlows(lid == in.endPortBaseLid()[in.lidEndPort()[lid]]);
    }

    /** Adds each switch's sources, and those of the switches routing through it, to its chosen edge. */
    private void addFlows(boolean baseLid) {
        int[] order = dag.order;
        int[] peer = in.peerSwitch();
        for (int i = 0; i < dag.reached; i++) {
            flow[order[i]] = sources[order[i]];
        }
        for (int i = dag.reached - 1; i > 0; i--) {
            int x = order[i];
            int e = next[x];
            load[e] += flow[x];
            if (baseLid) {
                baseLoad[e] += flow[x];
            }
            flow[peer[e]] += flow[x];
        }
    }
}
