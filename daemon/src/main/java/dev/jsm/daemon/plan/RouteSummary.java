package dev.jsm.daemon.plan;

import dev.jsm.routing.verify.VerifierReport;
import java.util.List;

/**
 * The route verifier's figures on one side of a plan, as the plan reports them: pairs judged and not delivered, the
 * all-to-all link load, the hop histogram and whether a credit loop closes.
 *
 * <p>Immutable; safe to share.
 *
 * @param pairs pairs judged (source switch, destination LID)
 * @param unreachable judged pairs the LFTs do not deliver
 * @param maxLoad CA-to-CA flows on the busiest switch-to-switch link direction
 * @param meanLoad mean flows per link direction
 * @param hops delivered pairs by path length (entry {@code h}: paths of {@code h} switch-to-switch links)
 * @param creditLoop whether the channel dependency graph has a cycle
 * @param creditLoopText the verifier's line on credit loops
 */
public record RouteSummary(long pairs, long unreachable, long maxLoad, double meanLoad, List<Long> hops,
                           boolean creditLoop, String creditLoopText) {

    /** Copies the histogram. */
    public RouteSummary {
        hops = List.copyOf(hops);
    }

    /** The figures of {@code report}. */
    public static RouteSummary of(VerifierReport report) {
        return new RouteSummary(report.pairs(), report.unreachablePairs(), report.linkLoad().maxLoad(),
                report.linkLoad().meanLoad(), report.hops().byHops(), report.creditLoops().hasCycle(),
                report.creditLoops().toString());
    }
}
