package dev.jsm.routing.verify;

/**
 * What the {@link RouteVerifier} reports and which traffic it assumes.
 *
 * <p>Immutable; safe to share.
 *
 * @param maxReported how many offending pairs of each kind the report lists (counts are always complete)
 * @param includeSwitchTraffic whether the credit-loop check also assumes traffic from and to switch port 0; by
 *     default it assumes CA-to-CA traffic only (switch management traffic is VL15, outside the data VLs)
 * @param lengthsAndLoad whether path lengths are compared with the shortest (the verifier's own BFS per destination
 *     switch) and the all-to-all link load is counted; without, pairs whose destination the fabric does not connect
 *     are told by connected components and the report's hop and load figures are zero (a delivery check, such as a
 *     route repair's gate)
 * @param creditLoops whether the channel dependency graph is built and searched for a cycle; without, the report
 *     shows no dependencies and no cycle
 */
public record VerifierOptions(int maxReported, boolean includeSwitchTraffic, boolean lengthsAndLoad,
                              boolean creditLoops) {

    /** 20 samples, CA-to-CA traffic, every check. */
    public static final VerifierOptions DEFAULT = new VerifierOptions(20, false);

    /** Checks {@code maxReported}. */
    public VerifierOptions {
        if (maxReported < 0) {
            throw new IllegalArgumentException("maxReported must not be negative: " + maxReported);
        }
    }

    /** Every check, with {@code maxReported} samples and the traffic {@code includeSwitchTraffic} says. */
    public VerifierOptions(int maxReported, boolean includeSwitchTraffic) {
        this(maxReported, includeSwitchTraffic, true, true);
    }
}
