package dev.jsm.routing.repair;

import dev.jsm.routing.RoutingInput;
import java.util.Objects;

/**
 * The {@link RepairPolicy} of an engine that does not repair its tables (lash, dfsssp, torus-2QoS, nue, file):
 * its global choices (virtual layers, the torus placement, a loaded file) do not survive a local change.
 *
 * <p>Immutable; thread-safe.
 */
final class NoRepair implements RepairPolicy {

    private final String engine;

    NoRepair(String engine) {
        this.engine = Objects.requireNonNull(engine, "engine");
    }

    @Override
    public String engine() {
        return engine;
    }

    @Override
    public boolean promisesDeadlockFreedom() {
        return false;
    }

    @Override
    public RepairRules rules(RoutingInput in, int threads) {
        return new RepairRules.Refused("routing engine " + engine + " does not support repair");
    }

    @Override
    public String toString() {
        return "RepairPolicy[" + engine + ", none]";
    }
}
