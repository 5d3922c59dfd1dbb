package dev.jsm.routing;

/**
 * What one step of a routing chain over topologies made of its part of the fabric: the engine's own tables over the
 * part's input (before they were merged into the whole fabric's) and its outcome. The daemon writes each step's
 * dump files from it, a failed step's too (docs/reference/opensm-behaviour.md#routing-chains: an engine that failed and
 * the fallback that replaced it both dump their data).
 *
 * <p>Immutable except for the tables, which nobody writes after the step.
 *
 * @param label {@code <id>.<engine>}, as the step's dump file names carry it
 * @param part the part the engine routed
 * @param tables the engine's tables over {@code part.input()}
 * @param outcome what the engine returned
 * @param fallback whether the step ran as another step's fallback
 */
public record PartRouting(String label, RoutingPart part, LftTables tables, RouteOutcome outcome, boolean fallback) {

    /** Whether the step routed its part. */
    public boolean isRouted() {
        return outcome instanceof RouteOutcome.Routed;
    }

    /**
     * The routed outcome.
     *
     * @throws ClassCastException if the step did not route
     */
    public RouteOutcome.Routed routed() {
        return (RouteOutcome.Routed) outcome;
    }
}
