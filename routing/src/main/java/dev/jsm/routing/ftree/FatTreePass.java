package dev.jsm.routing.ftree;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * One fat-tree routing pass in OpenSM's order: the compute nodes leaf by leaf in index order, each leaf padded with
 * dummy compute nodes up to the fullest leaf (so every leaf moves the load counters alike); then the other CA and
 * router ports, counted, I/O nodes with the reverse-hop credit; then every switch's own LID, not counted. The last
 * two go in OpenSM's table orders ({@link MapOrder}). Switches outside the tree only get their own LID.
 *
 * <p>Confined to the routing thread.
 */
final class FatTreePass {

    private final RoutingInput in;
    private final LftTables out;
    private final int[] rank;
    private final EndNodes ends;
    private final LeafOrder order;
    private final int maxReverseHops;
    private final TreeRouter router;
    private final int rankedSwitches;
    private int[] incomplete = new int[16];
    private int incompleteCount;

    FatTreePass(RoutingInput in, LftTables out, int[] rank, boolean[] leaf, PortGroups groups,
                EndNodes ends, LeafOrder order, int maxReverseHops) {
        this.in = in;
        this.out = out;
        this.rank = rank;
        this.ends = ends;
        this.order = order;
        this.maxReverseHops = maxReverseHops;
        this.router = new TreeRouter(groups, rank, leaf, out, maxReverseHops);
        this.rankedSwitches = rank.length - TreeRanks.count(rank, TreeRanks.UNRANKED);
    }

    /** Writes the routes into the tables; returns the LIDs some ranked switch has no route to, ascending. */
    int[] run() {
        routeComputeNodes();
        routeOtherEndPorts();
        routeSwitches();
        router.flush();
        int[] lids = Arrays.copyOf(incomplete, incompleteCount);
        Arrays.sort(lids);
        return lids;
    }

    private void route(int sw, int port, int hops, int lid, boolean main, int reverseCredit) {
        if (router.route(sw, port, hops, lid, main, reverseCredit) < rankedSwitches && lid >= 0) {
            if (incompleteCount == incomplete.length) {
                incomplete = Arrays.copyOf(incomplete, incompleteCount * 2);
            }
            incomplete[incompleteCount++] = lid;
        }
    }

    private void routeComputeNodes() {
        for (int i = 0; i < order.leaves.length; i++) {
            int sw = order.leaves[i];
            for (int x : order.cns[i]) {
                int lid = in.endPortBaseLid()[x];
                route(sw, in.lidOwnerPort()[lid] & 0xFF, 1, lid, true, 0);
            }
            for (int j = order.cns[i].length; j < order.maxCnPerLeaf; j++) {
                route(sw, LftTables.NO_PATH, 1, -1, true, 0);
            }
        }
    }

    private void routeOtherEndPorts() {
        for (int x : MapOrder.endPorts(in)) {
            byte kind = ends.kind[x];
            int sw = in.endPortSwitch()[x];
            if (kind == EndNodes.NONE || kind == EndNodes.CN || rank[sw] < 0) {
                continue;
            }
            int lid = in.endPortBaseLid()[x];
            route(sw, in.lidOwnerPort()[lid] & 0xFF, 1, lid, true, kind == EndNodes.IO ? maxReverseHops : 0);
        }
    }

    private void routeSwitches() {
        for (int sw : MapOrder.switches(in)) {
            int lid = in.switchLid()[sw];
            if (lid == 0) {
                continue;
            }
            if (rank[sw] < 0) {
                out.lft(sw)[lid] = 0;
            } else {
                route(sw, 0, 0, lid, false, 0);
            }
        }
    }
}
