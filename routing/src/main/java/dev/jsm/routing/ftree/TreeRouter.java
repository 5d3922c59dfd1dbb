package dev.jsm.routing.ftree;

import dev.jsm.routing.LftTables;
import java.util.Arrays;

/**
 * OpenSM's fat-tree route assignment for one destination at a time, in the order the engine calls it: from the switch
 * delivering the destination, going up along the least loaded groups and going down to every lower switch without a
 * shorter route, so that every switch routes up toward the destination's main path and then down (free of credit loops,
 * spread evenly over the upper switches). Unlike OpenSM, an I/O node's reverse hops are explored from a switch only
 * when they can change a route, which keeps the work polynomial. Confined to the routing thread.
 *
 * <p>In detail: docs/design/routing.md#treerouter.
 */
final class TreeRouter {

    /** Destinations buffered before their ports are written to the tables. */
    static final int BATCH = 64;
    private static final int NONE = Integer.MAX_VALUE;

    private final PortGroups g;
    private final int[] rank;
    private final boolean[] leaf;
    private final LftTables out;
    private final int[] hop;
    private final int[] rotation;
    private final int maxCredit;
    private final int[] turnHops;
    private boolean turnsUsed;
    private final byte[] pending;
    private final int[] pendingLid = new int[BATCH];
    private int pendingCount;
    private int slot;
    private int routed;

    /**
     * A router writing into {@code out}.
     *
     * @param maxCredit the most reverse-hop credit any destination will be given
     */
    TreeRouter(PortGroups groups, int[] rank, boolean[] leaf, LftTables out, int maxCredit) {
        this.g = groups;
        this.rank = rank;
        this.leaf = leaf;
        this.out = out;
        this.hop = new int[rank.length];
        this.rotation = new int[rank.length];
        this.maxCredit = maxCredit;
        this.turnHops = new int[maxCredit == 0 ? 0 : rank.length * (maxCredit + 1)];
        Arrays.fill(turnHops, NONE);
        this.pending = new byte[rank.length * BATCH];
        Arrays.fill(pending, (byte) LftTables.NO_PATH);
    }

    /**
     * Routes LID {@code target} (-1 for a dummy), which switch {@code sw} delivers on {@code port} (0: its own LID)
     * at {@code hops} hops.
     *
     * @param main whether the routes are counted (CAs) or not (switch LIDs)
     * @param reverseCredit how many down-then-up turns the routes may take, at most the router's {@code maxCredit}
     * @return how many switches have a route to {@code target} (including {@code sw})
     */
    int route(int sw, int port, int hops, int target, boolean main, int reverseCredit) {
        Arrays.fill(hop, NONE);
        if (turnsUsed) {
            Arrays.fill(turnHops, NONE);
            turnsUsed = false;
        }
        routed = 0;
        if (target >= 0) {
            slot = pendingCount;
            pendingLid[pendingCount++] = target;
        }
        set(sw, target, port, hops);
        goUp(sw, -1, target, main, reverseCredit, hops);
        if (pendingCount == BATCH) {
            flush();
        }
        return routed;
    }

    /** Writes the buffered ports into the tables. */
    void flush() {
        int n = pendingCount;
        for (int sw = 0; sw < hop.length; sw++) {
            byte[] row = out.lft(sw);
            int base = sw * BATCH;
            for (int b = 0; b < n; b++) {
                if (pending[base + b] != (byte) LftTables.NO_PATH) {
                    row[pendingLid[b]] = pending[base + b];
                    pending[base + b] = (byte) LftTables.NO_PATH;
                }
            }
        }
        pendingCount = 0;
    }

    private void set(int sw, int target, int port, int hops) {
        if (target >= 0) {
            pending[sw * BATCH + slot] = (byte) port;
        }
        if (hop[sw] == NONE) {
            routed++;
        }
        hop[sw] = hops;
    }

    private void goUp(int sw, int prev, int target, boolean main, int credit, int cur) {
        goDown(sw, prev, target, cur);
        if (rank[sw] == 0) {
            if (credit > 0 && firstTurn(sw, credit, cur)) {
                reverseAtRoot(sw, target, main, credit, cur);
            }
            return;
        }
        if (g.upCount(sw) == 0) {
            return;
        }
        g.sortUp(sw);
        if (main) {
            int grp = g.upOrder[g.upStart[sw]];
            int p = g.leastLoadedPort(grp, g.portDown);
            g.countDown(grp, p);
            int up = g.peer[grp];
            if (hop[up] == NONE || cur + 1 < hop[up]) {
                set(up, target, g.remotePort[p] & 0xFF, cur + 1);
            }
            goUp(up, sw, target, true, credit, cur + 1);
        }
        for (int i = main ? 1 : 0; i < g.upCount(sw); i++) {
            int grp = g.upOrder[g.upStart[sw] + i];
            int up = g.peer[grp];
            if (hop[up] != NONE && cur + 1 >= hop[up]) {
                continue;
            }
            int p = g.leastLoadedPort(grp, g.portDown);
            set(up, target, g.remotePort[p] & 0xFF, cur + 1);
            goUp(up, sw, target, false, credit, cur + 1);
        }
        if (credit == 0 || leaf[sw] || !firstTurn(sw, credit, cur)) {
            return;
        }
        for (int i = 0; i < g.downCount(sw); i++) {
            goUp(g.peer[g.downOrder[g.downStart[sw] + i]], sw, target, true, credit - 1, cur + 1);
        }
    }

    /**
     * Whether the down-then-up turns from {@code sw} are still to be explored: not if they already were, for this
     * destination, with at least this much credit left and at most this many hops.
     */
    private boolean firstTurn(int sw, int credit, int cur) {
        int base = sw * (maxCredit + 1);
        for (int c = credit; c <= maxCredit; c++) {
            if (turnHops[base + c] <= cur) {
                return false;
            }
        }
        turnHops[base + credit] = cur;
        turnsUsed = true;
        return true;
    }

    /** At a root with reverse credit left: continue from every lower switch, starting at a rotating group. */
    private void reverseAtRoot(int sw, int target, boolean main, int credit, int cur) {
        int n = g.downCount(sw);
        if (n == 0) {
            return;
        }
        rotation[sw] = (rotation[sw] + 1) % n;
        for (int j = 0, i = rotation[sw]; j < n; j++, i = (i + 1) % n) {
            goUp(g.peer[g.downOrder[g.downStart[sw] + i]], sw, target, main, credit - 1, cur + 1);
        }
    }

    /** Routes the switches below {@code sw} up to it; returns whether the subtree below holds end nodes. */
    private boolean goDown(int sw, int prev, int target, int cur) {
        boolean created = g.endNodePorts[sw] > 0;
        int n = g.downCount(sw);
        if (n == 0 || !anyToRoute(sw, prev, cur)) {
            return created;
        }
        g.sortDown(sw);
        for (int i = 0; i < n; i++) {
            int grp = g.downOrder[g.downStart[sw] + i];
            int low = g.peer[grp];
            if (low == prev || hop[low] != NONE && cur + 1 >= hop[low]) {
                continue;
            }
            int p = g.leastLoadedPort(grp, g.portUp);
            set(low, target, g.remotePort[p] & 0xFF, cur + 1);
            if (goDown(low, -1, target, cur + 1)) {
                created = true;
                g.countUp(grp, p);
            }
        }
        if (created) {
            rotation[sw] = (rotation[sw] + 1) % n;
        }
        return created;
    }

    /**
     * Whether a lower switch of {@code sw} still needs a route; the groups are only sorted when one does (often
     * none does, and the order only matters for the ones routed).
     */
    private boolean anyToRoute(int sw, int prev, int cur) {
        int[] downPeer = g.downPeer;
        for (int i = g.downStart[sw], end = g.downStart[sw + 1]; i < end; i++) {
            int low = downPeer[i];
            if (low != prev && (hop[low] == NONE || cur + 1 < hop[low])) {
                return true;
            }
        }
        return false;
    }
}
