package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import java.util.Objects;

/**
 * How a {@link RouteRepair} ended: repaired tables, checked by the route verifier, or the reason the fabric needs a
 * full routing pass instead.
 *
 * <p>Immutable, except that the tables of {@link Repaired} are handed over to the caller.
 */
public sealed interface RepairOutcome permits RepairOutcome.Repaired, RepairOutcome.NeedsRecompute {

    /**
     * The tables for the new snapshot, sized for it, and what changed.
     *
     * @param tables one LFT per switch of the new snapshot (the caller's from now on)
     * @param stats what the repair changed and found
     */
    record Repaired(LftTables tables, RepairStats stats) implements RepairOutcome {
        /** Checks for nulls. */
        public Repaired {
            Objects.requireNonNull(tables, "tables");
            Objects.requireNonNull(stats, "stats");
        }
    }

    /**
     * The repair does not apply (the engine does not repair, its rules changed globally, a destination lost every
     * allowed route, or the verifier rejected the result): route the fabric from scratch.
     *
     * @param reason why, for the log
     */
    record NeedsRecompute(String reason) implements RepairOutcome {
        /** Checks for null. */
        public NeedsRecompute {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
