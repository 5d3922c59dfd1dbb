package dev.jsm.routing.minhop;

import dev.jsm.routing.CandidateSlots;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * For one switch, the min-hop egress ports toward every other switch: port {@code p} (leading to neighbour {@code q})
 * is a candidate for destination switch {@code d} when {@code hops(q, d) + 1 == hops(sw, d)}, or with
 * {@code hop_weights_file} when {@code weight(p) + cost(q, d) == cost(sw, d)} ({@link WeightedHopTable}). Every LID
 * a destination switch delivers shares its candidate list, so the lists are built once per (switch, destination
 * switch) pair, in {@code O(degree * S)} per switch, instead of once per LID.
 *
 * <p>Lists are slots of {@code degree} bytes per destination in one array ({@link #from}, {@link #to},
 * {@link #ports()}), ports ascending (edges are in local port order); parallel links to the same neighbour are
 * separate candidates. Also keeps the port-to-neighbour map of the
 * switch ({@link #neighbour(int)}).
 *
 * <p>Scratch of one worker: confined to the thread that calls {@link #build}; reused switch after switch.
 */
final class CandidatePorts extends CandidateSlots {

    private final RoutingInput in;
    private final byte[] hops;
    private final char[] cost;
    private final byte[] portWeights;
    private final int switchCount;
    private final int[] target;
    private final int[] neighbour = new int[256];

    CandidatePorts(RoutingInput in, HopTable table) {
        this(in, table.raw(), null, null);
    }

    /** Candidates on the cheapest paths of {@code table}, whose costs come from {@code portWeights} (flat). */
    CandidatePorts(RoutingInput in, WeightedHopTable table, byte[] portWeights) {
        this(in, null, table.raw(), portWeights);
    }

    private CandidatePorts(RoutingInput in, byte[] hops, char[] cost, byte[] portWeights) {
        super(in.switchCount());
        this.in = in;
        this.hops = hops;
        this.cost = cost;
        this.portWeights = portWeights;
        this.switchCount = in.switchCount();
        this.target = new int[switchCount];
    }

    /** Builds the lists of switch {@code sw}: one pass over its edges, {@code O(degree * S)}. */
    @Override
    public void build(int sw) {
        int s = switchCount;
        int row = sw * s;
        int firstEdge = in.linkStart()[sw];
        int lastEdge = in.linkStart()[sw + 1];
        int[] peer = in.peerSwitch();
        byte[] local = in.localPort();
        reset(lastEdge - firstEdge);
        Arrays.fill(neighbour, -1);
        if (cost != null) {
            buildWeighted(sw, firstEdge, lastEdge);
            return;
        }
        for (int d = 0; d < s; d++) {
            int h = hops[row + d] & 0xFF;
            target[d] = h == 0 || h == HopTable.UNREACHABLE ? -1 : h - 1;
        }
        for (int e = firstEdge; e < lastEdge; e++) {
            int qrow = peer[e] * s;
            byte port = local[e];
            neighbour[port & 0xFF] = peer[e];
            for (int d = 0; d < s; d++) {
                if ((hops[qrow + d] & 0xFF) == target[d]) {
                    add(d, port);
                }
            }
        }
    }

    /** Weighted {@link #build}: port {@code p} to {@code q} qualifies if {@code w(p) + cost(q, d)} is least. */
    private void buildWeighted(int sw, int firstEdge, int lastEdge) {
        int s = switchCount;
        int row = sw * s;
        int[] peer = in.peerSwitch();
        byte[] local = in.localPort();
        int portBase = in.portStart()[sw];
        for (int d = 0; d < s; d++) {
            int c = cost[row + d];
            target[d] = c == 0 || c == WeightedHopTable.UNREACHABLE ? -1 : c;
        }
        for (int e = firstEdge; e < lastEdge; e++) {
            int qrow = peer[e] * s;
            byte port = local[e];
            int w = portWeights[portBase + (port & 0xFF)] & 0xFF;
            neighbour[port & 0xFF] = peer[e];
            for (int d = 0; d < s; d++) {
                if (cost[qrow + d] + w == target[d]) {
                    add(d, port);
                }
            }
        }
    }

    @Override
    public boolean allows(int sw, int d, int port) {
        int e = in.edgeOfPort(sw, port);
        return e >= 0 && leadsCloser(sw, d, e);
    }

    @Override
    public boolean reaches(int sw, int d) {
        int i = sw * switchCount + d;
        if (cost != null) {
            return cost[i] != 0 && cost[i] != WeightedHopTable.UNREACHABLE;
        }
        int h = hops[i] & 0xFF;
        return h != 0 && h != HopTable.UNREACHABLE;
    }

    @Override
    public int toward(int sw, int d, byte[] out) {
        int n = 0;
        for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
            if (leadsCloser(sw, d, e)) {
                out[n++] = in.localPort()[e];
            }
        }
        return n;
    }

    /**
     * Whether edge {@code e} of {@code sw} lies on a shortest (cheapest) path toward {@code d}: {@link #build}'s test.
     */
    private boolean leadsCloser(int sw, int d, int e) {
        int s = switchCount;
        int q = in.peerSwitch()[e];
        if (cost != null) {
            int c = cost[sw * s + d];
            int w = portWeights[in.portStart()[sw] + (in.localPort()[e] & 0xFF)] & 0xFF;
            return c != 0 && c != WeightedHopTable.UNREACHABLE && cost[q * s + d] + w == c;
        }
        int h = hops[sw * s + d] & 0xFF;
        return h != 0 && h != HopTable.UNREACHABLE && (hops[q * s + d] & 0xFF) == h - 1;
    }

    /** The switch on the far side of {@code port} of the current switch, or -1. */
    @Override
    public int neighbour(int port) {
        return neighbour[port];
    }
}
