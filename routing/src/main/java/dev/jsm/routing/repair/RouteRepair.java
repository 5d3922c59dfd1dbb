package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;

/**
 * Incremental rerouting (docs/reference/incremental-routing.md#incremental-routing-after-a-change): turns
 * the tables an engine computed on one snapshot of a fabric
 * into tables for a later snapshot of the same fabric, changing only the entries the change forces, or says that the
 * fabric needs a full routing pass.
 *
 * <p>Inputs are read only; the tables returned are new. Stateless; thread-safe; a repair runs on the calling
 * thread and up to {@code threads} workers joined before it returns.
 *
 * <p>In detail: docs/design/routing.md#routerepair.
 */
public final class RouteRepair {

    private RouteRepair() {
    }

    /**
     * Whether the route verifier's gate checks every LID of a repair on {@code in} (a fabric of up to 2^20 LFT
     * entries), rather than only the LID columns the repair changed: above that size a full check of the repaired
     * tables costs seconds.
     */
    public static boolean gateChecksEveryLid(RoutingInput in) {
        return RepairGate.checksAll(in, 0);
    }

    /**
     * Repairs {@code beforeTables}, routed on {@code before} by the engine of {@code policy}, for {@code after}.
     *
     * @param before the snapshot the tables were routed on (the previous routing's input)
     * @param beforeTables the tables of that routing (or of a repair of it), sized for {@code before}; not changed
     * @param after the new snapshot of the same fabric
     * @param policy the rules of the engine that routed {@code beforeTables} ({@link RepairPolicy#of})
     * @param threads worker threads for the candidate lists and the repair, at least 1
     * @throws IllegalArgumentException if {@code beforeTables} are not sized for {@code before} or threads is below 1
     */
    public static RepairOutcome repair(RoutingInput before, LftTables beforeTables, RoutingInput after,
                                       RepairPolicy policy, int threads) {
        long t0 = System.nanoTime();
        if (beforeTables.switchCount() != before.switchCount() || beforeTables.maxLid() != before.maxLid()) {
            throw new IllegalArgumentException(beforeTables + " are not sized for " + before);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        if (before.lmc() != after.lmc()) {
            return new RepairOutcome.NeedsRecompute("the LMC changed from " + before.lmc() + " to " + after.lmc());
        }
        FabricDiff diff = new FabricDiff(before, after);
        RepairRules rules = policy.rules(before, after, threads);
        if (rules instanceof RepairRules.Refused r) {
            return new RepairOutcome.NeedsRecompute(r.reason());
        }
        LftTables tables;
        int[] emptyByLid;
        if (rules instanceof RepairRules.Candidates c) {
            CandidateRepair repair = new CandidateRepair(diff, beforeTables, c, counted(diff, c.countSwitchLids()));
            tables = repair.run(threads);
            emptyByLid = repair.emptyByLid;
        } else {
            String refusal = ParallelLinkRepair.refusal(diff, policy.engine());
            if (refusal != null) {
                return new RepairOutcome.NeedsRecompute(refusal);
            }
            tables = ParallelLinkRepair.repair(diff, beforeTables, counted(diff, false));
            emptyByLid = new int[after.maxLid() + 1];
        }
        tables.copyExtraLids(after);
        ChangeCount changes = new ChangeCount(diff, beforeTables, tables);
        long empty = 0;
        for (int n : emptyByLid) {
            empty += n;
        }
        int[] lids;
        long paths = 0;
        String rejected;
        if (empty == 0 && !policy.promisesDeadlockFreedom() && !RepairGate.checksAll(after, changes.newSwitches)) {
            lids = new int[0];
            ChangedPaths.Result r = ChangedPaths.check(diff, tables, changes);
            rejected = r.failure();
            paths = r.paths();
        } else {
            lids = toVerify(after, changes);
            long expectedEmpty = 0;
            for (int lid : lids) {
                expectedEmpty += emptyByLid[lid];
            }
            rejected = RepairGate.rejection(after, tables, lids, expectedEmpty, policy.promisesDeadlockFreedom());
        }
        if (rejected != null) {
            return new RepairOutcome.NeedsRecompute("the route verifier rejected the repaired tables of "
                    + policy.engine() + ": " + rejected);
        }
        return new RepairOutcome.Repaired(tables, new RepairStats(diff.cases(), changes.entries,
                changes.switchesTouched, changes.newSwitches, changes.lidsChanged, lids.length, paths, empty,
                System.nanoTime() - t0));
    }

    /** Per LID: its routes count in a port's load (it has an owner; a switch LID only if those count). */
    private static boolean[] counted(FabricDiff diff, boolean countSwitchLids) {
        RoutingInput after = diff.after;
        boolean[] counted = new boolean[after.maxLid() + 1];
        for (int lid = 1; lid <= after.maxLid(); lid++) {
            int ep = after.lidEndPort()[lid];
            counted[lid] = diff.column[lid] != FabricDiff.LEAVE && (countSwitchLids || !after.endPortIsSwitch()[ep]);
        }
        return counted;
    }

    /** The LIDs the gate verifies: all of them where that is cheap, else the changed columns. */
    private static int[] toVerify(RoutingInput after, ChangeCount changes) {
        boolean all = RepairGate.checksAll(after, changes.newSwitches);
        int n = 0;
        for (int lid = 1; lid <= after.maxLid(); lid++) {
            n += selected(after, changes, lid, all) ? 1 : 0;
        }
        int[] lids = new int[n];
        for (int lid = 1, k = 0; lid <= after.maxLid(); lid++) {
            if (selected(after, changes, lid, all)) {
                lids[k++] = lid;
            }
        }
        return lids;
    }

    private static boolean selected(RoutingInput after, ChangeCount changes, int lid, boolean all) {
        return after.lidOwnerSwitch()[lid] >= 0 && (all || changes.changedLid[lid]);
    }
}
