package dev.jsm.routing.minhop;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.RoutingInput;

/**
 * The switch-to-switch distances of one minhop-style routing pass and the candidate lists they give: hop counts by
 * BFS ({@link HopTable}), or, when {@code hop_weights_file} gives weights, the cheapest costs by a bucket-queue
 * Dijkstra ({@link WeightedHopTable}). minhop and dor share it; they differ only in how they pick among the
 * candidates.
 *
 * <p>Immutable; safe to share. Each worker thread takes its own {@link #newCandidates()}.
 */
public final class ShortestPaths {

    private final RoutingInput in;
    private final HopTable hops;
    private final WeightedHopTable weighted;
    private final byte[] portWeights;

    private ShortestPaths(RoutingInput in, HopTable hops, WeightedHopTable weighted, byte[] portWeights) {
        this.in = in;
        this.hops = hops;
        this.weighted = weighted;
        this.portWeights = portWeights;
    }

    /**
     * Computes the distances of {@code in} with the weights of {@code files}, if any, on up to {@code threads}
     * threads.
     *
     * @throws IllegalArgumentException if the fabric has more than {@link HopTable#MAX_SWITCHES} switches or the
     *     weights make a cheapest path cost more than 65534
     */
    public static ShortestPaths compute(RoutingInput in, MinHopFiles files, int threads) {
        if (files.weighted()) {
            return new ShortestPaths(in, null, WeightedHopTable.compute(in, files.portWeights(), threads),
                    files.portWeights());
        }
        return new ShortestPaths(in, HopTable.compute(in, threads), null, null);
    }

    /** Whether the distances are weighted costs rather than hop counts. */
    public boolean weighted() {
        return weighted != null;
    }

    /** The distance from switch {@code from} to switch {@code to} (hops or cost), or -1 if there is no path. */
    public int distance(int from, int to) {
        if (weighted != null) {
            int c = weighted.cost(from, to);
            return c == WeightedHopTable.UNREACHABLE ? -1 : c;
        }
        int h = hops.hops(from, to);
        return h == HopTable.UNREACHABLE ? -1 : h;
    }

    /**
     * New candidate lists over these distances: for each destination switch, the ports of the current switch on a
     * shortest (cheapest) path, ascending. Scratch for one worker thread.
     */
    public EgressCandidates newCandidates() {
        return weighted != null ? new CandidatePorts(in, weighted, portWeights) : new CandidatePorts(in, hops);
    }
}
