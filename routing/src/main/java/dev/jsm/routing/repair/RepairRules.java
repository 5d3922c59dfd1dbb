package dev.jsm.routing.repair;

import dev.jsm.routing.EgressCandidates;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * An engine's rules for repairing its tables on one snapshot, from {@link RepairPolicy#rules}: the egress ports it
 * allows per destination switch, only parallel-link moves, or a refusal.
 *
 * <p>Immutable; safe to share (each worker takes its own candidate lists from {@link Candidates#candidates()}).
 */
public sealed interface RepairRules permits RepairRules.Candidates, RepairRules.ParallelLinksOnly,
        RepairRules.Refused {

    /**
     * The engine allows, at each switch and for each destination switch, the egress ports of an
     * {@link EgressCandidates} (minhop: every port on a shortest path; updn and dnup: the shortest legal
     * up*&#47;down* ports; dor: the lowest dimension's). A repair keeps every entry that is still a candidate and
     * re-chooses the others among the candidates; a full pass of the engine would choose among the same lists.
     *
     * @param candidates a new candidate builder per call, for one worker thread
     * @param completeSwitchLids whether entries toward switch LIDs that no candidate reaches take the neighbour with
     *     the shortest existing route ({@link dev.jsm.routing.RouteCompletion}), as the engine's pass does
     * @param countSwitchLids whether routes to switch LIDs count in a port's load ({@code port_profile_switch_nodes})
     * @param uncountedPorts per flat port of the snapshot whether its load is not counted
     *     ({@code port_prof_ignore_file}), or {@code null} if every port counts
     * @param sameToward per destination switch (dense index, the same in both snapshots), whether the engine's
     *     candidates toward it are the same as on the snapshot the tables were routed on at every switch whose
     *     cables did not change (minhop: no switch's distance to it changed); such entries need no new test.
     *     {@code null} when unknown: every entry is tested
     */
    record Candidates(Supplier<EgressCandidates> candidates, boolean completeSwitchLids, boolean countSwitchLids,
                      boolean[] uncountedPorts, boolean[] sameToward) implements RepairRules {
        /** Checks for null. */
        public Candidates {
            Objects.requireNonNull(candidates, "candidates");
        }

        /** Candidates whose sameness with the old snapshot's is unknown. */
        public Candidates(Supplier<EgressCandidates> candidates, boolean completeSwitchLids, boolean countSwitchLids,
                          boolean[] uncountedPorts) {
            this(candidates, completeSwitchLids, countSwitchLids, uncountedPorts, null);
        }

        /** These candidates with {@code same} as {@link #sameToward}. */
        public Candidates withSameToward(boolean[] same) {
            return new Candidates(candidates, completeSwitchLids, countSwitchLids, uncountedPorts, same);
        }
    }

    /**
     * The engine's routes follow a global structure a local change would break (ftree's): a repair may only move the
     * routes of a failed switch-to-switch port to the ports still cabled to the same neighbour, and end ports may go;
     * any other change needs a full pass.
     */
    record ParallelLinksOnly() implements RepairRules {
    }

    /**
     * The engine cannot repair this change (it does not repair at all, its global choices such as updn's roots
     * differ on the new snapshot, or its full pass would decline the fabric).
     *
     * @param reason why, for the log
     */
    record Refused(String reason) implements RepairRules {
        /** Checks for null. */
        public Refused {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
