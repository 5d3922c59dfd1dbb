package dev.jsm.routing.dor;

import dev.jsm.routing.CandidateSlots;
import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.RoutingInput;

/**
 * dor's egress lists: of the shortest-path ports toward each destination switch (from minhop's candidates), only the
 * links to the neighbour reached through the lowest dimension, i.e. the candidate whose port comes first in the
 * switch's dimension order, together with the other candidate ports cabled to that same neighbour (parallel links
 * are one dimension, and minhop's port selection then balances over them). The dimension order is port number
 * order, or the per-switch order of {@code port_search_ordering_file} given as ranks.
 *
 * <p>Lists keep the {@link EgressCandidates} contract (ports ascending), so among parallel links of one dimension
 * equal loads go to the lowest port number, whatever their order in the file.
 *
 * <p>Scratch of one worker: confined to the thread that calls {@link #build}; reused switch after switch.
 */
final class DimensionCandidates extends CandidateSlots {

    private final RoutingInput in;
    private final EgressCandidates shortest;
    private final byte[] rank;
    private final byte[] pair = new byte[256];

    /**
     * Narrows {@code shortest} (owned from now on) by dimension.
     *
     * @param rank per flat port its position in its switch's dimension order (1 = lowest dimension), or
     *     {@code null} for port number order
     */
    DimensionCandidates(RoutingInput in, EgressCandidates shortest, byte[] rank) {
        super(in.switchCount());
        this.in = in;
        this.shortest = shortest;
        this.rank = rank;
    }

    /**
     * The ranks of a search order laid out as {@code PortOrderFile#portOrder}: {@code rank[portStart[sw] + p]} is
     * the position of port {@code p} in switch {@code sw}'s order.
     */
    static byte[] ranks(RoutingInput in, byte[] order) {
        byte[] rank = new byte[order.length];
        for (int sw = 0; sw < in.switchCount(); sw++) {
            int base = in.portStart()[sw];
            for (int i = 0; i <= in.switchNumPorts()[sw]; i++) {
                rank[base + (order[base + i] & 0xFF)] = (byte) i;
            }
        }
        return rank;
    }

    /** Builds the lists of switch {@code sw}: minhop's lists, then one pass over each, {@code O(degree * S)}. */
    @Override
    public void build(int sw) {
        shortest.build(sw);
        int s = in.switchCount();
        reset(in.linkStart()[sw + 1] - in.linkStart()[sw]);
        byte[] all = shortest.ports();
        int base = in.portStart()[sw];
        for (int d = 0; d < s; d++) {
            int from = shortest.from(d);
            int to = shortest.to(d);
            if (from == to) {
                continue;
            }
            int first = all[from] & 0xFF;
            if (rank != null) {
                for (int k = from + 1; k < to; k++) {
                    int p = all[k] & 0xFF;
                    if ((rank[base + p] & 0xFF) < (rank[base + first] & 0xFF)) {
                        first = p;
                    }
                }
            }
            int target = shortest.neighbour(first);
            for (int k = from; k < to; k++) {
                if (shortest.neighbour(all[k] & 0xFF) == target) {
                    add(d, all[k]);
                }
            }
        }
    }

    @Override
    public boolean allows(int sw, int d, int port) {
        int n = toward(sw, d, pair);
        for (int k = 0; k < n; k++) {
            if ((pair[k] & 0xFF) == port) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean reaches(int sw, int d) {
        return shortest.reaches(sw, d);
    }

    /** The shortest-path candidates toward {@code d}, narrowed to those reaching the lowest dimension's neighbour. */
    @Override
    public int toward(int sw, int d, byte[] out) {
        int n = shortest.toward(sw, d, out);
        if (n == 0) {
            return 0;
        }
        int base = in.portStart()[sw];
        int first = out[0] & 0xFF;
        for (int k = 1; rank != null && k < n; k++) {
            int p = out[k] & 0xFF;
            if ((rank[base + p] & 0xFF) < (rank[base + first] & 0xFF)) {
                first = p;
            }
        }
        int target = in.peerSwitch()[in.edgeOfPort(sw, first)];
        int m = 0;
        for (int k = 0; k < n; k++) {
            if (in.peerSwitch()[in.edgeOfPort(sw, out[k] & 0xFF)] == target) {
                out[m++] = out[k];
            }
        }
        return m;
    }

    @Override
    public int neighbour(int port) {
        return shortest.neighbour(port);
    }
}
