package dev.jsm.routing;

import java.util.Arrays;

/**
 * The storage every engine's {@link EgressCandidates} keeps its lists in: one list of egress ports per destination
 * switch, for one switch at a time, in one array of slots of {@code degree} bytes (a switch cannot offer more
 * candidates toward a destination than it has links). A subclass's {@link #build} fills it ({@link #reset}, then
 * {@link #add} in ascending port order); {@link #from}, {@link #to} and {@link #ports} answer from it.
 *
 * <p>Scratch of one worker: confined to the thread that calls {@link #build}; reused switch after switch.
 */
public abstract class CandidateSlots implements EgressCandidates {

    private final int[] count;
    private byte[] ports = new byte[1024];
    private int stride;

    /** Lists for a fabric of {@code switchCount} switches. */
    protected CandidateSlots(int switchCount) {
        this.count = new int[switchCount];
    }

    /** Empties every list and sizes the slots for a switch with {@code degree} switch links. */
    protected final void reset(int degree) {
        stride = Math.max(1, degree);
        if (ports.length < stride * count.length) {
            ports = new byte[stride * count.length];
        }
        Arrays.fill(count, 0);
    }

    /** Appends {@code port} to the list toward destination switch {@code d}. */
    protected final void add(int d, byte port) {
        ports[d * stride + count[d]++] = port;
    }

    /** Empties the list toward {@code d}. */
    protected final void clear(int d) {
        count[d] = 0;
    }

    @Override
    public final int from(int d) {
        return d * stride;
    }

    @Override
    public final int to(int d) {
        return d * stride + count[d];
    }

    @Override
    public final byte[] ports() {
        return ports;
    }
}
