package dev.jsm.qos.enhanced;

import java.util.Arrays;

/**
 * One rule of an enhanced QoS policy (docs/enhanced-qos.md): the rate limit, in Mb/s, of each SL the rule names; an SL
 * it does not name is left to the default rule, or unlimited.
 *
 * <p>Immutable; safe to share.
 */
public final class SlRateRule {

    /** Service levels per port. */
    public static final int SLS = 16;

    private final int[] limits;
    private final int named;

    /**
     * A rule.
     *
     * @param limits the limit of each SL (16 entries; those not named are ignored)
     * @param named bit {@code sl} set for each SL the rule names
     */
    SlRateRule(int[] limits, int named) {
        if (limits.length != SLS) {
            throw new IllegalArgumentException("a rule has 16 SLs, not " + limits.length);
        }
        this.limits = limits.clone();
        this.named = named & 0xFFFF;
    }

    /** Whether the rule names {@code sl}. */
    public boolean names(int sl) {
        return (named >>> sl & 1) != 0;
    }

    /** The limit of {@code sl} in Mb/s if the rule names it (0 = unlimited), else 0. */
    public int limit(int sl) {
        return names(sl) ? limits[sl] : 0;
    }

    /** {@code 1:50, 3:10} (SL:Mb/s, the SLs named). */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int sl = 0; sl < SLS; sl++) {
            if (names(sl)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(sl).append(':').append(limits[sl]);
            }
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SlRateRule r && r.named == named && Arrays.equals(limits(r), limits(this));
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(limits(this));
    }

    private static int[] limits(SlRateRule r) {
        int[] out = new int[SLS];
        for (int sl = 0; sl < SLS; sl++) {
            out[sl] = r.limit(sl);
        }
        return out;
    }
}
