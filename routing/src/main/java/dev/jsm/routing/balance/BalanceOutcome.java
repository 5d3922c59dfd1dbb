package dev.jsm.routing.balance;

import dev.jsm.routing.LftTables;
import java.util.Objects;

/**
 * How an {@link OffSweepBalancer} pass ended: balanced tables, or why the engine's tables cannot be balanced.
 *
 * <p>Immutable, except that the tables of {@link Balanced} are handed over to the caller.
 */
public sealed interface BalanceOutcome permits BalanceOutcome.Balanced, BalanceOutcome.NotBalanced {

    /**
     * The balanced tables, sized for the input, and what changed.
     *
     * @param tables one LFT per switch (the caller's from now on)
     * @param stats what the pass changed and the load it reached
     */
    record Balanced(LftTables tables, BalanceStats stats) implements BalanceOutcome {
        /** Checks for nulls. */
        public Balanced {
            Objects.requireNonNull(tables, "tables");
            Objects.requireNonNull(stats, "stats");
        }
    }

    /**
     * The engine does not name allowed egress ports (ftree, or an engine that does not repair), or its rules do not
     * apply to the fabric.
     *
     * @param reason why, for the log
     */
    record NotBalanced(String reason) implements BalanceOutcome {
        /** Checks for null. */
        public NotBalanced {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
