package dev.jsm.routing;

/**
 * A unicast routing algorithm: reads the fabric from a {@link RoutingInput} and writes one LFT per switch into
 * {@link LftTables}. It never sends MADs and never touches the model; the sweep programs the tables afterwards. Build
 * one with its {@link RoutingEngineFactory}.
 *
 * <p>An engine may keep state between calls (a cache, a seed) but is called by one thread at a time (the sweep
 * thread); it may use worker threads internally and must join them before returning. Counterpart of OpenSM's
 * {@code struct osm_routing_engine}.
 */
public interface RoutingEngine {

    /** The OpenSM engine name ({@code minhop}, {@code updn}, {@code ftree}, ...). */
    String name();

    /**
     * Routes the fabric. {@code out} is sized for {@code in} and every entry is {@link LftTables#NO_PATH} on entry;
     * the engine fills the entries it can route. Returns {@link RouteOutcome.Declined} if the topology does not suit
     * the engine and {@link RouteOutcome.Failed} if it could not complete; the chain then discards {@code out}.
     */
    RouteOutcome route(RoutingInput in, LftTables out);
}
