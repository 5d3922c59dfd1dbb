package dev.jsm.subnet.snapshot;

import java.util.Arrays;

/**
 * GUID to index, as two flat arrays probed linearly (open addressing, at most half full): a lookup touches one or
 * two cache lines and allocates nothing, where a map of boxed {@code Long} keys follows a pointer per entry it
 * compares. The SA looks up two port GUIDs per PathRecord asked by GID.
 *
 * <p>Immutable once built; safe to share.
 */
final class GuidIndex {

    private final long[] keys;
    private final int[] values;
    private final int mask;
    private final int shift;

    /** An index of {@code guids[i] -> indices[i]} (GUIDs distinct). */
    GuidIndex(long[] guids, int[] indices) {
        int capacity = Integer.highestOneBit(Math.max(4, guids.length * 2 - 1)) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        mask = capacity - 1;
        shift = Long.numberOfLeadingZeros(mask);
        Arrays.fill(values, -1);
        for (int i = 0; i < guids.length; i++) {
            int slot = slot(guids[i]);
            while (values[slot] >= 0 && keys[slot] != guids[i]) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = guids[i];
            values[slot] = indices[i];
        }
    }

    /** The index of {@code guid}, or -1. */
    int indexOf(long guid) {
        int slot = slot(guid);
        while (values[slot] >= 0) {
            if (keys[slot] == guid) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** The home slot: the top bits of the GUID times 2^64 / phi (GUIDs often differ in their low bits only). */
    private int slot(long guid) {
        return (int) ((guid * 0x9E37_79B9_7F4A_7C15L) >>> shift);
    }
}
