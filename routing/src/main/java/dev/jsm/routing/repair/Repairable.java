package dev.jsm.routing.repair;

/**
 * The capability of a {@link dev.jsm.routing.RoutingEngine} whose tables {@link RouteRepair} can repair and the
 * off-sweep balancer can rebalance: it gives its {@link RepairPolicy}. Found with {@code instanceof}, as the other
 * optional engine capabilities; {@link RepairPolicy#of} answers for any engine.
 *
 * <p>Implemented by minhop, updn, dnup, dor, sssp and ftree.
 */
public interface Repairable {

    /**
     * The engine's rules as they stand now (its options, and for updn the roots of its last pass); call right before
     * repairing tables this engine routed.
     */
    RepairPolicy repairPolicy();
}
