package dev.jsm.routing.ftree;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;

/**
 * ftree's {@code connect_roots}: the fat-tree pass routes only up and then down, so a switch above the leaves misses
 * the LIDs of switches it has no such route to (one root another root's). As OpenSM's ftree does with the option, each
 * missing switch LID at a switch above the leaf rank is sent out of the port that switch uses toward one chosen leaf
 * (the last in leaf order), provided that leaf has a route to it: every down-then-up turn of these routes happens at
 * that one leaf, so they cannot close a cycle among themselves. Entries already written are never changed.
 *
 * <p>Stateless; runs on the routing thread before {@link dev.jsm.routing.RouteCompletion}. In detail:
 * docs/design/routing.md#fattreeengine.
 */
final class RootLinks {

    private RootLinks() {
    }

    /**
     * Fills the missing switch-LID entries of the switches of rank below {@code leafRank} through {@code leaf}.
     *
     * @return how many entries were set
     */
    static int connect(RoutingInput in, LftTables out, int[] rank, int leafRank, int leaf) {
        int leafLid = in.switchLid()[leaf];
        int set = 0;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            int port = out.port(sw, leafLid);
            if (rank[sw] < 0 || rank[sw] >= leafRank || port == LftTables.NO_PATH) {
                continue;
            }
            for (int target = 0; target < in.switchCount(); target++) {
                int lid = in.switchLid()[target];
                if (lid != 0 && out.port(sw, lid) == LftTables.NO_PATH && out.port(leaf, lid) != LftTables.NO_PATH) {
                    out.setPort(sw, lid, port);
                    set++;
                }
            }
        }
        return set;
    }
}
