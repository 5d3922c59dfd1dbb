package dev.jsm.routing.updn;

import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairRules;
import dev.jsm.subnet.Guid;
import java.util.List;

/**
 * The {@link RepairPolicy} of updn and dnup: the allowed egress ports are the legal up*&#47;down* ports of the
 * shortest legal length ({@link UpDownCandidates}) on the new snapshot's ranks and order, so a repaired entry obeys
 * the rule a full pass would, and the routes stay free of credit loops (the verifier gate checks it). Entries toward
 * switch LIDs without a legal route are completed as the full pass completes them ({@code complete_switch_lids}).
 *
 * <p>A full pass is needed when the rank-0 switches (updn's roots, dnup's switches with CAs) of the new snapshot
 * differ from the old one's: the orientation of every link depends on them
 * (docs/reference/incremental-routing.md#root-detection:
 * the root cache is
 * invalidated on switch changes; here it is recomputed and compared), or when the full pass itself would not route
 * (no roots, or two switches with CAs left without a legal route: it declines and the chain's next engine routes).
 *
 * <p>Immutable; thread-safe.
 */
final class UpDownRepairPolicy implements RepairPolicy {

    private final UpDownEngine engine;
    private final List<Long> knownRankZero;

    /**
     * The policy of {@code engine}.
     *
     * @param knownRankZero the rank-0 switch GUIDs of the old snapshot, ascending, if known (the engine's last
     *     pass); {@code null} to compute them from the old snapshot
     */
    UpDownRepairPolicy(UpDownEngine engine, List<Long> knownRankZero) {
        this.engine = engine;
        this.knownRankZero = knownRankZero == null ? null : List.copyOf(knownRankZero);
    }

    @Override
    public String engine() {
        return engine.name();
    }

    @Override
    public boolean promisesDeadlockFreedom() {
        return true;
    }

    @Override
    public RepairRules rules(RoutingInput in, int threads) {
        UpDownEngine.Pass pass = engine.prepare(in, threads);
        return pass.outcome() != null ? refusal(pass.outcome()) : candidates(in, pass);
    }

    /** {@link #rules(RoutingInput, int)} on {@code after}, refused if its rank-0 switches differ from before's. */
    @Override
    public RepairRules rules(RoutingInput before, RoutingInput after, int threads) {
        UpDownEngine.Pass pass = engine.prepare(after, threads);
        if (pass.outcome() != null) {
            return refusal(pass.outcome());
        }
        List<Long> was;
        try {
            was = knownRankZero != null ? knownRankZero : engine.rankZeroGuids(before, threads);
        } catch (RoutingFileException e) {
            return new RepairRules.Refused(engine.name() + ": " + e.getMessage());
        }
        List<Long> now = pass.summary().rankZeroGuids();
        if (!was.equals(now)) {
            return new RepairRules.Refused(engine.name() + ": the rank-0 switches changed (" + was.size()
                    + " before, " + now.size() + " now" + firstDifference(was, now) + "), so every link's direction "
                    + "may have changed");
        }
        return candidates(after, pass);
    }

    private RepairRules candidates(RoutingInput in, UpDownEngine.Pass pass) {
        UpDownOptions options = engine.options();
        return new RepairRules.Candidates(() -> pass.newCandidates(in), options.completeSwitchLids(),
                options.portSelection().portProfileSwitchNodes(), pass.files().ignoredPorts());
    }

    private RepairRules refusal(RouteOutcome outcome) {
        String reason = outcome instanceof RouteOutcome.Declined d ? d.reason() : ((RouteOutcome.Failed) outcome)
                .reason();
        return new RepairRules.Refused("a full " + engine.name() + " pass would not route the fabric: " + reason);
    }

    private static String firstDifference(List<Long> was, List<Long> now) {
        for (long g : was) {
            if (!now.contains(g)) {
                return "; " + Guid.toString(g) + " is no longer one";
            }
        }
        for (long g : now) {
            if (!was.contains(g)) {
                return "; " + Guid.toString(g) + " is a new one";
            }
        }
        return "";
    }

    /** {@code RepairPolicy[updn, legal up/down candidates]}. */
    @Override
    public String toString() {
        return "RepairPolicy[" + engine.name() + ", legal up/down candidates]";
    }
}
