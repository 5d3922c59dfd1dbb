package dev.jsm.routing.minhop;

import dev.jsm.routing.EgressCandidates;
import java.util.SplittableRandom;

/**
 * Picks one egress port among the min-hop candidates of a LID, OpenSM's {@code osm_switch_recommend_path} rules:
 * <ol>
 *   <li>Candidates are visited cyclically from a start port: port 1 for a base LID, the port after the previous
 *       LID's port for the other LIDs of an LMC range (so consecutive LIDs of one port fan out). With
 *       {@code port_search_ordering_file} the visit follows the switch's order of ports instead, from that
 *       position in it.
 *       {@code port_shifting} rotates that order further by (routes on the candidates / number of candidates), so
 *       equal tables of different destinations do not line up.</li>
 *   <li>By default the least loaded candidate wins (routes counted per port; ties to the first visited, which is
 *       the lowest port number for a base LID, or the first listed in the search order).</li>
 *   <li>{@code scatter_ports} (base LIDs only): a seeded random choice among the least loaded candidates.</li>
 *   <li>The other LIDs of an LMC range prefer, in order: a candidate whose neighbour belongs to a system image no
 *       earlier LID of the same destination went through; else a neighbour node none went through; else the least
 *       loaded, ties to the neighbour fewest earlier LIDs went through. Each tier picks its least loaded
 *       candidate.</li>
 * </ol>
 * Only candidates on a shortest path are ever chosen, so routes cannot loop. The common case (a base LID without
 * options) does not come here: {@link SwitchRouter} scans for it directly, with the same result as rule 2.
 *
 * <p>Scratch of one worker; confined to its thread.
 */
final class PortChooser {

    private final long[] systemImageGuid;
    private final boolean portShifting;
    private final int[] order = new int[256];
    private final int[] rotated = new int[256];
    private final int[] used = new int[128];
    private int usedCount;
    private byte[] searchRank;
    private int rankBase;

    PortChooser(long[] switchSystemImageGuid, boolean portShifting) {
        this.systemImageGuid = switchSystemImageGuid;
        this.portShifting = portShifting;
    }

    /**
     * Records the neighbours the LIDs {@code base .. lid-1} of the current destination were routed through on this
     * switch (read back from its LFT row), for the LMC preferences; with {@code lid == base} there are none.
     */
    void setEarlierLids(byte[] lft, int base, int lid, EgressCandidates switchPorts) {
        usedCount = 0;
        for (int l = base; l < lid; l++) {
            int p = lft[l] & 0xFF;
            used[usedCount++] = p == 0xFF ? -1 : switchPorts.neighbour(p);
        }
    }

    /**
     * The current switch's {@code port_search_ordering_file} positions ({@link MinHopFiles#searchRank()}, flat; its
     * ports start at {@code base}), or {@code null} to visit the ports by number.
     */
    void setSearchOrder(byte[] rank, int base) {
        searchRank = rank;
        rankBase = base;
    }

    /**
     * Chooses among {@code ports[from..to-1]} (ascending, non-empty) of a switch with {@code numPorts} ports.
     *
     * @param startFrom the port the cyclic visit starts at
     * @param counts routes assigned so far per port
     * @param scatter the random source when {@code scatter_ports} applies to this LID, else {@code null}
     * @param switchPorts the current switch's port-to-neighbour map
     */
    int choose(byte[] ports, int from, int to, int startFrom, int numPorts, int[] counts, SplittableRandom scatter,
               EgressCandidates switchPorts) {
        int n = arrange(ports, from, to, startFrom, numPorts, counts);
        if (scatter != null) {
            return scattered(n, counts, scatter);
        }
        if (usedCount > 0) {
            return lmcSpread(n, counts, switchPorts);
        }
        int best = order[0];
        int least = counts[best];
        for (int k = 1; k < n; k++) {
            int c = counts[order[k]];
            if (c < least) {
                least = c;
                best = order[k];
            }
        }
        return best;
    }

    /**
     * Fills {@code order[0..n)} with the candidates in visiting order; returns n. The visit is by position in the
     * switch's search order (its port number without {@code port_search_ordering_file}), starting at position
     * {@code startFrom} - as OpenSM, which takes the port number after the previous LID's as that position.
     */
    private int arrange(byte[] ports, int from, int to, int startFrom, int numPorts, int[] counts) {
        int n = to - from;
        int start = startFrom % (numPorts + 1);
        for (int i = 0; i < n; i++) {
            rotated[i] = ports[from + i] & 0xFF;
        }
        if (searchRank != null) {
            for (int i = 1; i < n; i++) {
                int p = rotated[i];
                int j = i;
                while (j > 0 && position(rotated[j - 1]) > position(p)) {
                    rotated[j] = rotated[j - 1];
                    j--;
                }
                rotated[j] = p;
            }
        }
        int first = 0;
        for (int k = 0; k < n; k++) {
            if (position(rotated[k]) >= start) {
                first = k;
                break;
            }
        }
        int k = 0;
        for (int i = first; i < n; i++) {
            order[k++] = rotated[i];
        }
        for (int i = 0; i < first; i++) {
            order[k++] = rotated[i];
        }
        if (portShifting && n > 1) {
            long total = 0;
            for (int i = 0; i < n; i++) {
                total += counts[order[i]];
            }
            int shift = (int) ((total / n) % n);
            if (shift != 0) {
                System.arraycopy(order, 0, rotated, 0, n);
                System.arraycopy(rotated, shift, order, 0, n - shift);
                System.arraycopy(rotated, 0, order, n - shift, shift);
            }
        }
        return n;
    }

    /** The position of {@code port} in the current switch's search order. */
    private int position(int port) {
        return searchRank == null ? port : searchRank[rankBase + port] & 0xFF;
    }

    private int scattered(int n, int[] counts, SplittableRandom scatter) {
        int least = Integer.MAX_VALUE;
        int ties = 0;
        for (int k = 0; k < n; k++) {
            int c = counts[order[k]];
            if (c < least) {
                least = c;
                ties = 0;
            }
            if (c == least) {
                rotated[ties++] = order[k];
            }
        }
        return rotated[scatter.nextInt(ties)];
    }

    private int lmcSpread(int n, int[] counts, EgressCandidates switchPorts) {
        int bestOtherSystem = -1;
        int leastOtherSystem = Integer.MAX_VALUE;
        int bestOtherNode = -1;
        int leastOtherNode = Integer.MAX_VALUE;
        int best = -1;
        int least = Integer.MAX_VALUE;
        int bestForwarded = Integer.MAX_VALUE;
        for (int k = 0; k < n; k++) {
            int p = order[k];
            int c = counts[p];
            int q = switchPorts.neighbour(p);
            boolean systemUsed = false;
            int forwarded = 0;
            for (int j = 0; j < usedCount; j++) {
                int u = used[j];
                if (u == q) {
                    forwarded++;
                }
                if (u >= 0 && systemImageGuid[u] == systemImageGuid[q]) {
                    systemUsed = true;
                }
            }
            if (!systemUsed) {
                if (c < leastOtherSystem) {
                    leastOtherSystem = c;
                    bestOtherSystem = p;
                }
            } else if (forwarded == 0 && c < leastOtherNode) {
                leastOtherNode = c;
                bestOtherNode = p;
            }
            if (c < least || (c == least && forwarded < bestForwarded)) {
                least = c;
                best = p;
                bestForwarded = forwarded;
            }
        }
        if (bestOtherSystem >= 0) {
            return bestOtherSystem;
        }
        return bestOtherNode >= 0 ? bestOtherNode : best;
    }
}
