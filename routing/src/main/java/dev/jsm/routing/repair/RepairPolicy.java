package dev.jsm.routing.repair;

import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;

/**
 * What {@link RouteRepair} and the off-sweep balancer need from the routing engine that routed the fabric: its rules
 * on a snapshot ({@link RepairRules}) and whether its routes promise freedom from credit loops. Engines that can be
 * repaired implement {@link Repairable} and give their policy; {@link #of} returns {@link #none} for the others,
 * whose repairs always need a full pass.
 *
 * <p>Implementations are immutable and thread-safe; create one from the engine that routed the old tables right
 * before repairing (an updn policy carries the roots of that engine's last pass).
 *
 * <p>In detail: docs/design/routing.md#repairpolicy.
 */
public interface RepairPolicy {

    /** The engine's OpenSM name. */
    String engine();

    /**
     * Whether the engine's routes are free of credit loops (updn, dnup, ftree): the verifier then also checks the
     * channel dependencies of the repaired destinations.
     */
    boolean promisesDeadlockFreedom();

    /** The engine's rules on {@code in}, computed with up to {@code threads} threads. */
    RepairRules rules(RoutingInput in, int threads);

    /**
     * The engine's rules on {@code after} for a repair of tables routed on {@code before}: {@link #rules(RoutingInput,
     * int)} on {@code after}, or a refusal when a global choice of the engine differs between the two snapshots.
     */
    default RepairRules rules(RoutingInput before, RoutingInput after, int threads) {
        return rules(after, threads);
    }

    /** The policy of {@code engine}: its own if it is {@link Repairable}, else {@link #none}. */
    static RepairPolicy of(RoutingEngine engine) {
        return engine instanceof Repairable r ? r.repairPolicy() : none(engine.name());
    }

    /** The policy of an engine that does not repair: every repair needs a full pass. */
    static RepairPolicy none(String engine) {
        return new NoRepair(engine);
    }
}
