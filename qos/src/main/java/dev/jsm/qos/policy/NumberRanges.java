package dev.jsm.qos.policy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A set of unsigned 64-bit numbers given as ranges (port GUIDs, service IDs, P_Keys, QoS classes), kept sorted and
 * merged so {@link #contains} is a binary search.
 *
 * <p>Immutable; safe to share.
 */
public final class NumberRanges {

    /** No numbers. */
    public static final NumberRanges EMPTY = new NumberRanges(new long[0], new long[0]);

    private final long[] low;
    private final long[] high;

    private NumberRanges(long[] low, long[] high) {
        this.low = low;
        this.high = high;
    }

    /**
     * Sorts and merges ranges.
     *
     * @param ranges pairs {@code {low, high}} with {@code low <= high} unsigned
     * @return the set
     */
    public static NumberRanges of(List<long[]> ranges) {
        if (ranges.isEmpty()) {
            return EMPTY;
        }
        List<long[]> sorted = new ArrayList<>(ranges);
        sorted.sort((a, b) -> Long.compareUnsigned(a[0], b[0]));
        long[] lo = new long[sorted.size()];
        long[] hi = new long[sorted.size()];
        int n = 0;
        for (long[] r : sorted) {
            if (n > 0 && (Long.compareUnsigned(r[0], hi[n - 1]) <= 0 || hi[n - 1] + 1 == r[0])) {
                if (Long.compareUnsigned(r[1], hi[n - 1]) > 0) {
                    hi[n - 1] = r[1];
                }
            } else {
                lo[n] = r[0];
                hi[n] = r[1];
                n++;
            }
        }
        return new NumberRanges(Arrays.copyOf(lo, n), Arrays.copyOf(hi, n));
    }

    /** One range {@code low..high} (unsigned, {@code low <= high}). */
    public static NumberRanges range(long low, long high) {
        return of(List.of(new long[] {low, high}));
    }

    /** Whether the value (unsigned) is in one of the ranges. */
    public boolean contains(long value) {
        int a = 0;
        int b = low.length - 1;
        while (a <= b) {
            int m = (a + b) >>> 1;
            if (Long.compareUnsigned(value, low[m]) < 0) {
                b = m - 1;
            } else if (Long.compareUnsigned(value, high[m]) > 0) {
                a = m + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** The smallest number (unsigned), or -1 when there are none. */
    public long first() {
        return low.length == 0 ? -1 : low[0];
    }

    /** Whether there are no numbers. */
    public boolean isEmpty() {
        return low.length == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NumberRanges r && Arrays.equals(low, r.low) && Arrays.equals(high, r.high);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(low) + Arrays.hashCode(high);
    }

    /** {@code 0x1-0x5,0x9}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < low.length; i++) {
            sb.append(i == 0 ? "" : ",").append("0x").append(Long.toHexString(low[i]));
            if (high[i] != low[i]) {
                sb.append("-0x").append(Long.toHexString(high[i]));
            }
        }
        return sb.toString();
    }
}
