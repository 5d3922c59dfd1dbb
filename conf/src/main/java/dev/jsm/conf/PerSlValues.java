package dev.jsm.conf;

import java.util.Arrays;

/**
 * One number per service level (SL 0..15), the value of the per-SL CA congestion options such as
 * {@code cc_ca_cong_setting_ccti_timer <sl> <value>}.
 *
 * <p>Immutable; safe to share.
 */
public final class PerSlValues {

    /** The number of SLs. */
    public static final int SL_COUNT = 16;

    /** All sixteen values zero (the default of every per-SL option). */
    public static final PerSlValues ZERO = new PerSlValues(new long[SL_COUNT]);

    private final long[] values;

    private PerSlValues(long[] values) {
        this.values = values;
    }

    /** The value of one SL. */
    public long get(int sl) {
        return values[sl];
    }

    /** A copy with one SL's value replaced. */
    public PerSlValues with(int sl, long value) {
        long[] copy = values.clone();
        copy[sl] = value;
        return new PerSlValues(copy);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PerSlValues p && Arrays.equals(values, p.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** The non-zero entries as {@code sl:value} pairs, or {@code all 0}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int sl = 0; sl < SL_COUNT; sl++) {
            if (values[sl] != 0) {
                sb.append(sb.length() == 0 ? "" : " ").append(sl).append(':').append(values[sl]);
            }
        }
        return sb.length() == 0 ? "all 0" : sb.toString();
    }
}
