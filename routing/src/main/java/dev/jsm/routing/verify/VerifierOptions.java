package dev.jsm.routing.verify;

/**
 * What the {@link RouteVerifier} reports and which traffic it assumes.
 *
 * <p>Immutable; safe to share.
 *
 * @param maxReported how many offending pairs of each kind the report lists (counts are always complete)
 * @param includeSwitchTraffic whether the credit-loop check also assumes traffic from and to switch port 0; by
 *     default it assumes CA-to-CA traffic only (switch management traffic is VL15, outside the data VLs)
 */
public record VerifierOptions(int maxReported, boolean includeSwitchTraffic) {

    /** 20 samples, CA-to-CA traffic. */
    public static final VerifierOptions DEFAULT = new VerifierOptions(20, false);

    /** Checks {@code maxReported}. */
    public VerifierOptions {
        if (maxReported < 0) {
            throw new IllegalArgumentException("maxReported must not be negative: " + maxReported);
        }
    }
}
