package dev.jsm.sa.query;

import dev.jsm.sa.codec.PathRecord;
import dev.jsm.subnet.PortAttributes;

/**
 * Rate and MTU arithmetic of PathRecords: the rate code of a port's active width and speed, ordering of rate codes
 * by bandwidth (the code values are not ordered), and the MTU/rate/lifetime selectors (0 greater than, 1 less
 * than, 2 exactly, 3 largest) as OpenSM applies them: "less than" lowers the value below the bound, "exactly"
 * needs at least the value and then returns it.
 *
 * <p>The rate table and a port's rate are public for the multicast joins, which check a group's MTU and rate.
 *
 * <p>Stateless; thread-safe.
 */
public final class Rates {

    /** Answer of a selector that no path can satisfy. */
    static final int IMPOSSIBLE = -1;

    /** Mb/s of rate code i (0 and 1 undefined), docs/reference/mad-formats.md#rates. */
    private static final int[] MBPS = {0, 0, 2_500, 10_000, 30_000, 5_000, 20_000, 40_000, 60_000, 80_000, 120_000,
        14_000, 56_000, 112_000, 168_000, 25_000, 100_000, 200_000, 300_000, 28_000, 50_000, 400_000, 600_000,
        800_000, 1_200_000, 1_600_000};
    /** The highest code of the rates up to 12x EDR, all a requester of before HDR knows (300 Gb/s). */
    private static final int LAST_ORIGINAL_EXTENDED = 18;

    private Rates() {
    }

    /** Bandwidth of rate code {@code rate} in Mb/s, 0 if the code is undefined. */
    public static int mbps(int rate) {
        return rate >= 0 && rate < MBPS.length ? MBPS[rate] : 0;
    }

    /** The rate code of the largest defined rate not above {@code mbps} (2 = 2.5 Gb/s at least). */
    public static int rateOf(int mbps) {
        return rateOf(mbps, MBPS.length - 1);
    }

    /**
     * {@code rate} as OpenSM's {@code use_original_extended_sa_rates_only} gives it: a code above 18 (the rates that
     * came with 2x, HDR, NDR and XDR) becomes the largest code up to 18 not above its bandwidth (28 Gb/s gives 25, 50
     * gives 40, 400 and faster give 300); docs/link-speeds.md#rates.
     */
    public static int originalExtendedOnly(int rate) {
        return rate <= LAST_ORIGINAL_EXTENDED ? rate : rateOf(mbps(rate), LAST_ORIGINAL_EXTENDED);
    }

    private static int rateOf(int mbps, int lastCode) {
        int best = 2;
        for (int r = 2; r <= lastCode; r++) {
            if (MBPS[r] <= mbps && MBPS[r] > MBPS[best]) {
                best = r;
            }
        }
        return best;
    }

    /**
     * The active data rate of a port in Mb/s (lanes x lane rate): XDR in the second extended speeds field first, then
     * the extended speeds, then the legacy ones (docs/link-speeds.md#rates).
     */
    public static int portMbps(PortAttributes a) {
        int lanes = switch (a.linkWidthActive()) {
            case 2 -> 4;
            case 4 -> 8;
            case 8 -> 12;
            case 16 -> 2;
            default -> 1;
        };
        int lane = a.linkSpeedExtActive2() == 1 ? 200_000 : switch (a.linkSpeedExtActive()) {
            case 1 -> 14_000;
            case 2 -> 25_000;
            case 4 -> 50_000;
            case 8 -> 100_000;
            default -> switch (a.linkSpeedActive()) {
                case 2 -> 5_000;
                case 4 -> 10_000;
                default -> 2_500;
            };
        };
        return lanes * lane;
    }

    /**
     * Applies an MTU or PacketLifeTime selector (the values are ordered codes).
     *
     * @return the value to return, or {@link #IMPOSSIBLE}
     */
    static int selectOrdered(int computed, int selector, int bound) {
        return switch (selector) {
            case PathRecord.SELECTOR_GREATER_THAN -> computed > bound ? computed : IMPOSSIBLE;
            case PathRecord.SELECTOR_LESS_THAN -> computed < bound ? computed : bound - 1 >= 0 ? bound - 1 : IMPOSSIBLE;
            case PathRecord.SELECTOR_EXACTLY -> computed >= bound ? bound : IMPOSSIBLE;
            default -> computed;
        };
    }

    /** Applies a rate selector, comparing rate codes by bandwidth; {@link #IMPOSSIBLE} if none fits. */
    static int selectRate(int computed, int selector, int bound) {
        int have = mbps(computed);
        int want = mbps(bound);
        return switch (selector) {
            case PathRecord.SELECTOR_GREATER_THAN -> have > want ? computed : IMPOSSIBLE;
            case PathRecord.SELECTOR_LESS_THAN -> have < want ? computed : want > MBPS[2] ? rateOf(want - 1)
                    : IMPOSSIBLE;
            case PathRecord.SELECTOR_EXACTLY -> want > 0 && have >= want ? bound : IMPOSSIBLE;
            default -> computed;
        };
    }
}
