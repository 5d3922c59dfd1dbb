package dev.jsm.routing.balance;

import java.util.Locale;

/**
 * What an off-sweep balancing pass changed and reached.
 *
 * <p>Immutable; safe to share.
 *
 * @param entriesChanged LFT entries whose egress port differs from the tables the pass started from (what the LFT
 *     programming then sends, in entries)
 * @param switchesTouched switches with at least one changed entry
 * @param lidsBalanced CA and router LIDs routed by the pass
 * @param maxLoad flows on the busiest switch-to-switch link direction under all-to-all CA traffic (one flow per CA
 *     pair to the base LID, as the route verifier counts)
 * @param meanLoad mean flows per link direction
 * @param nanos the time the pass took
 */
public record BalanceStats(long entriesChanged, int switchesTouched, int lidsBalanced, long maxLoad, double meanLoad,
                           long nanos) {

    /** {@code maxLoad / meanLoad}: 1.0 is perfectly even; 0 without load. */
    public double maxOverMean() {
        return meanLoad == 0 ? 0 : maxLoad / meanLoad;
    }

    /** {@code 812 entries in 40 switches (1296 LIDs), link load max/mean 1.136; 120.4 ms}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d entries in %d switches (%d LIDs), link load max/mean %.3f; %.1f ms",
                entriesChanged, switchesTouched, lidsBalanced, maxOverMean(), nanos / 1e6);
    }
}
