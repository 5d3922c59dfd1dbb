package dev.jsm.routing.minhop;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

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

    /**
     * The distances of {@code in} with the weights of {@code files}, from {@code older}, computed on an earlier
     * snapshot: hop counts over the same switches are updated ({@link HopTable#update}), anything else is computed
     * anew. The result is the same as {@link #compute}'s.
     *
     * @throws IllegalArgumentException as {@link #compute}
     */
    static ShortestPaths update(ShortestPaths older, RoutingInput in, MinHopFiles files, int threads) {
        if (files.weighted() || older.weighted() || !HopTable.sameSwitches(older.in, in)) {
            return compute(in, files, threads);
        }
        return new ShortestPaths(in, HopTable.update(older.hops, older.in, in, threads), null, null);
    }

    /**
     * Whether these distances were computed on {@code other} with the weights of {@code files}: then they are the
     * distances {@link #compute} would give for them.
     */
    boolean computedFor(RoutingInput other, MinHopFiles files) {
        return other == in && files.weighted() == weighted() && (!weighted() || Arrays.equals(files.portWeights(),
                portWeights));
    }

    /**
     * Per destination switch of this snapshot, whether every switch is as far from it here as in {@code older}, a
     * computation on an earlier snapshot of the same switches (same GUIDs in the same dense order, same weights): the
     * shortest-path candidates toward such a destination are then the same at every switch whose cables did not
     * change. {@code null} when the two computations are not over the same switches and weights.
     */
    public boolean[] sameDistancesToward(ShortestPaths older) {
        int s = in.switchCount();
        if (!HopTable.sameSwitches(older.in, in) || older.weighted() != weighted()
                || !Arrays.equals(older.portWeights, portWeights)) {
            return null;
        }
        boolean[] same = new boolean[s];
        Arrays.fill(same, true);
        if (weighted != null) {
            char[] a = weighted.raw();
            char[] b = older.weighted.raw();
            for (int i = Arrays.mismatch(a, b); i >= 0; i = next(i, Arrays.mismatch(a, i + 1, a.length, b, i + 1,
                    b.length))) {
                same[i % s] = false;
            }
        } else {
            byte[] a = hops.raw();
            byte[] b = older.hops.raw();
            for (int i = Arrays.mismatch(a, b); i >= 0; i = next(i, Arrays.mismatch(a, i + 1, a.length, b, i + 1,
                    b.length))) {
                same[i % s] = false;
            }
        }
        return same;
    }

    /** The index of the next mismatch after {@code i}, given the relative {@code m} found past it, or -1. */
    private static int next(int i, int m) {
        return m < 0 ? -1 : i + 1 + m;
    }

    /** The snapshot these distances were computed on. */
    RoutingInput input() {
        return in;
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
