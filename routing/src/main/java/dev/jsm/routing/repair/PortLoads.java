package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import java.util.Arrays;

/**
 * The route count of each port of one switch, from its LFT row, and the least loaded choice among some of its ports:
 * how a repair balances the entries it re-chooses ("least loaded first",
 * docs/reference/incremental-routing.md#min-hop-tables).
 * Counted are the LIDs of
 * CAs and routers (switch LIDs too if asked, {@code port_profile_switch_nodes}) whose column has an owner, as
 * minhop's port selection counts them.
 *
 * <p>Ties among the least loaded ports are broken by a rotation of the caller's (the switch plus the LID), so that
 * switches re-choosing for the same LID spread over their candidates instead of all taking the lowest port.
 *
 * <p>Scratch of one worker; confined to its thread.
 */
final class PortLoads {

    private final int[] counts = new int[256];
    private final int[] step = new int[256];

    /**
     * Counts the routes of {@code row}.
     *
     * @param counted per LID whether its routes count (a CA or router LID with an owner, or a switch LID if those
     *     count)
     * @param uncounted per flat port whether its load is ignored, or {@code null}
     * @param portBase the flat index of the switch's port 0
     */
    void count(byte[] row, boolean[] counted, boolean[] uncounted, int portBase, int numPorts) {
        Arrays.fill(counts, 0);
        for (int p = 0; p < step.length; p++) {
            step[p] = uncounted != null && p <= numPorts && uncounted[portBase + p] ? 0 : 1;
        }
        for (int lid = 1; lid < row.length; lid++) {
            int p = row[lid] & 0xFF;
            if (counted[lid] && p != LftTables.NO_PATH) {
                counts[p] += step[p];
            }
        }
    }

    /** Records one more route of a counted LID on {@code port}. */
    void add(int port) {
        counts[port] += step[port];
    }

    /** The least loaded of {@code ports[from..to-1]} (non-empty), ties broken by {@code rotation}. */
    int leastLoaded(byte[] ports, int from, int to, int rotation) {
        int least = Integer.MAX_VALUE;
        int ties = 0;
        for (int k = from; k < to; k++) {
            int c = counts[ports[k] & 0xFF];
            if (c < least) {
                least = c;
                ties = 1;
            } else if (c == least) {
                ties++;
            }
        }
        int pick = Math.floorMod(rotation, ties);
        for (int k = from; k < to; k++) {
            if (counts[ports[k] & 0xFF] == least && pick-- == 0) {
                return ports[k] & 0xFF;
            }
        }
        throw new IllegalArgumentException("no port to choose from");
    }
}
