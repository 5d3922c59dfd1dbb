package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairRules;

/**
 * ftree's {@link RepairPolicy}: its routes follow the tree's indexing and the order of the compute nodes over the
 * whole fabric, which a local re-choice would break, so a repair may only move the routes of a failed cable to the
 * cables still joining the same two switches (the path through the tree stays, and with it the up-then-down shape
 * and the freedom from credit loops the verifier gate then checks); CAs that left keep their entries. Anything else,
 * including a cable that comes back, needs ftree's full pass.
 *
 * <p>Immutable; thread-safe.
 */
final class FatTreeRepairPolicy implements RepairPolicy {

    @Override
    public String engine() {
        return FatTreeEngine.NAME;
    }

    @Override
    public boolean promisesDeadlockFreedom() {
        return true;
    }

    @Override
    public RepairRules rules(RoutingInput in, int threads) {
        return new RepairRules.ParallelLinksOnly();
    }
}
