package dev.jsm.routing.lash;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.lash.mesh.SwitchGraph;

/**
 * Writes lash's LFTs: a LID delivered by the switch itself goes to its delivering port (0 for the switch's own LID);
 * any other LID goes on the logical link toward the delivering switch ({@link ShortestPathTrees#next}), and the LIDs
 * sharing a logical link take its physical ports round robin in LID order
 * (docs/reference/lash-mesh-analysis.md#parallel-cables).
 * LIDs of switches not connected stay {@link LftTables#NO_PATH}.
 *
 * <p>Stateless.
 */
final class LftWriter {

    private LftWriter() {
    }

    /** Fills {@code out} for every switch of {@code in}. */
    static void write(RoutingInput in, SwitchGraph g, ShortestPathTrees trees, LftTables out) {
        int[] owner = in.lidOwnerSwitch();
        byte[] ownerPort = in.lidOwnerPort();
        byte[] ports = g.ports();
        int[] turn = new int[g.linkCount()];
        for (int sw = 0; sw < in.switchCount(); sw++) {
            byte[] lft = out.lft(sw);
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                int d = owner[lid];
                if (d < 0) {
                    continue;
                }
                if (d == sw) {
                    lft[lid] = ownerPort[lid];
                    continue;
                }
                int l = trees.next(sw, d);
                if (l < 0) {
                    continue;
                }
                int from = g.portFrom(l);
                int n = g.portTo(l) - from;
                lft[lid] = ports[from + turn[l]];
                turn[l] = turn[l] + 1 == n ? 0 : turn[l] + 1;
            }
        }
    }
}
