package dev.jsm.daemon.offline;

import dev.jsm.routing.verify.VerifierReport;
import java.util.ArrayList;
import java.util.List;

/**
 * ibdmchk's verdicts on route-only's dump files beside the route verifier's on the same tables, each pair under the
 * same traffic: ibdmchk without {@code -a} and the verifier follow CA-to-CA traffic; ibdmchk with {@code -a} and the
 * verifier with switch traffic also follow the traffic of switch port 0 to and from every port. They agree when they
 * find the same pairs unreachable or not (ibdmchk counts port pairs, the verifier switch-to-LID pairs: each says
 * none or some) and the same answer to "is there a credit loop" for each traffic. docs/operations.md, "Judged by
 * ibdmchk", lists where they disagreed and which one was right.
 *
 * <p>Immutable; safe to share.
 *
 * @param caToCa ibdmchk without {@code -a}
 * @param allPairs ibdmchk with {@code -a}
 * @param verifier the route verifier with CA-to-CA traffic (the daemon's check)
 * @param verifierWithSwitches the route verifier with switch traffic too
 */
public record IbdmchkJudgement(IbdmchkVerdict caToCa, IbdmchkVerdict allPairs, VerifierReport verifier,
                               VerifierReport verifierWithSwitches) {

    /** Whether ibdmchk and the verifier agree on the reachable pairs. */
    public boolean reachabilityAgrees() {
        return (allPairs.missingPaths() == 0) == (verifierWithSwitches.unreachablePairs() == 0
                && verifierWithSwitches.disconnectedPairs() == 0);
    }

    /** Whether ibdmchk without {@code -a} and the verifier agree on CA-to-CA credit loops. */
    public boolean caToCaLoopsAgree() {
        return loopsAgree(caToCa, verifier);
    }

    /** Whether ibdmchk with {@code -a} and the verifier with switch traffic agree on credit loops. */
    public boolean allPairsLoopsAgree() {
        return loopsAgree(allPairs, verifierWithSwitches);
    }

    /** Whether they agree on the reachable pairs and on both credit-loop verdicts. */
    public boolean agrees() {
        return reachabilityAgrees() && caToCaLoopsAgree() && allPairsLoopsAgree();
    }

    /** ibdmchk's two summaries, the verifier's two verdicts, and whether they agree (and on what not). */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(caToCa.summary());
        lines.add(allPairs.summary());
        lines.add("route verifier: " + verifierWithSwitches.unreachablePairs() + " unreachable switch-to-LID pairs, "
                + verifierWithSwitches.disconnectedPairs() + " disconnected; credit loops CA to CA: "
                + loops(verifier) + "; with switch traffic: " + loops(verifierWithSwitches));
        if (agrees()) {
            lines.add("ibdmchk agrees with the route verifier");
        } else {
            List<String> on = new ArrayList<>();
            if (!reachabilityAgrees()) {
                on.add("reachable pairs");
            }
            if (!caToCaLoopsAgree()) {
                on.add("CA-to-CA credit loops");
            }
            if (!allPairsLoopsAgree()) {
                on.add("credit loops with switch traffic");
            }
            lines.add("ibdmchk DISAGREES with the route verifier on " + String.join(", ", on));
        }
        return lines;
    }

    /**
     * Whether ibdmchk's loop verdict is the verifier's. No verdict agrees only where ibdmchk stopped at a path it
     * could not trace and the verifier found unreachable pairs too.
     */
    private static boolean loopsAgree(IbdmchkVerdict v, VerifierReport r) {
        if (v.creditLoops() == IbdmchkVerdict.CreditLoops.NOT_CHECKED) {
            return v.missingPaths() > 0 && r.unreachablePairs() > 0;
        }
        return (v.creditLoops() == IbdmchkVerdict.CreditLoops.FOUND) == r.creditLoops().hasCycle();
    }

    private static String loops(VerifierReport r) {
        VerifierReport.CreditLoops c = r.creditLoops();
        return (c.hasCycle() ? "FOUND, a cycle of " + c.cycleLength() + " channels" : "none") + " (" + c.vlCount()
                + (c.vlCount() == 1 ? " VL)" : " VLs)");
    }
}
