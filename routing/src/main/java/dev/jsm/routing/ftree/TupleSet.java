package dev.jsm.routing.ftree;

import java.util.Arrays;

/**
 * The set of switch indices (tuples, see {@link TreeIndexing}) already given out, as {@code long}s in an
 * open-addressing table without boxing. {@link TreeIndexing#UNASSIGNED} cannot be stored; it marks free slots.
 *
 * <p>Not thread-safe.
 */
final class TupleSet {

    private final long[] slots;

    /** A set for up to {@code capacity} tuples. */
    TupleSet(int capacity) {
        int n = Integer.highestOneBit(Math.max(4, capacity) * 4 - 1);
        slots = new long[n];
        Arrays.fill(slots, TreeIndexing.UNASSIGNED);
    }

    /** Whether {@code t} has been added. */
    boolean contains(long t) {
        int mask = slots.length - 1;
        for (int i = mix(t) & mask; slots[i] != TreeIndexing.UNASSIGNED; i = (i + 1) & mask) {
            if (slots[i] == t) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code t} (at most {@code capacity} distinct tuples in all). */
    void add(long t) {
        int mask = slots.length - 1;
        int i = mix(t) & mask;
        while (slots[i] != TreeIndexing.UNASSIGNED && slots[i] != t) {
            i = (i + 1) & mask;
        }
        slots[i] = t;
    }

    private static int mix(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
