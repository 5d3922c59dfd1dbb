package dev.jsm.routing.verify;

import java.util.Arrays;

/**
 * A set of {@code long} values with open addressing (linear probing, load at most 1/2), without boxing; the
 * verifier keeps the channel dependency edges in one. {@code Long.MIN_VALUE} cannot be stored (it marks free slots).
 *
 * <p>Not thread-safe.
 */
final class LongHashSet {

    private static final long FREE = Long.MIN_VALUE;

    private long[] slots = newSlots(1024);
    private int size;

    /** Adds {@code v}; returns whether it was new. */
    boolean add(long v) {
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        int i = mix(v) & mask;
        while (slots[i] != FREE) {
            if (slots[i] == v) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = v;
        size++;
        return true;
    }

    /** Number of values. */
    int size() {
        return size;
    }

    /** The values, ascending. */
    long[] toSortedArray() {
        long[] out = new long[size];
        int n = 0;
        for (long v : slots) {
            if (v != FREE) {
                out[n++] = v;
            }
        }
        Arrays.sort(out);
        return out;
    }

    private void grow() {
        long[] old = slots;
        slots = newSlots(old.length * 2);
        size = 0;
        for (long v : old) {
            if (v != FREE) {
                add(v);
            }
        }
    }

    private static long[] newSlots(int n) {
        long[] s = new long[n];
        Arrays.fill(s, FREE);
        return s;
    }

    private static int mix(long v) {
        long h = v * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
