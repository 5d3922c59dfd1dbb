package dev.jsm.routing;

import java.util.Arrays;

/**
 * The storage behind an {@link EgressCandidates}: one list of egress ports per destination switch, for one switch at
 * a time, in one array of slots of {@code degree} bytes (a switch cannot offer more candidates toward a destination
 * than it has links). The engines' candidate builders fill it ({@link #reset}, then {@link #add} in ascending port
 * order) and answer {@link EgressCandidates#from}, {@link EgressCandidates#to} and {@link EgressCandidates#ports}
 * from it.
 *
 * <p>Scratch of one worker: confined to the thread of its {@link EgressCandidates}; reused switch after switch.
 */
public final class CandidateSlots {

    private final int[] count;
    private byte[] ports = new byte[1024];
    private int stride;

    /** Lists for a fabric of {@code switchCount} switches. */
    public CandidateSlots(int switchCount) {
        this.count = new int[switchCount];
    }

    /** Empties every list and sizes the slots for a switch with {@code degree} switch links. */
    public void reset(int degree) {
        stride = Math.max(1, degree);
        if (ports.length < stride * count.length) {
            ports = new byte[stride * count.length];
        }
        Arrays.fill(count, 0);
    }

    /** Appends {@code port} to the list toward destination switch {@code d}. */
    public void add(int d, byte port) {
        ports[d * stride + count[d]++] = port;
    }

    /** Empties the list toward {@code d}. */
    public void clear(int d) {
        count[d] = 0;
    }

    /** First candidate toward {@code d} in {@link #ports()}. */
    public int from(int d) {
        return d * stride;
    }

    /** End (exclusive) of the candidates toward {@code d}. */
    public int to(int d) {
        return d * stride + count[d];
    }

    /** The lists. Read-only for callers other than the builder. */
    public byte[] ports() {
        return ports;
    }
}
