package dev.jsm.routing.minhop;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link MinHopEngine}s ({@code routing_engine minhop}; also the chain's implicit fallback).
 *
 * <p>Stateless; thread-safe.
 */
public final class MinHopEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public MinHopEngineFactory() {
    }

    @Override
    public String name() {
        return MinHopEngine.NAME;
    }

    /**
     * Reads {@code port_shifting}, {@code scatter_ports}, {@code port_profile_switch_nodes}, {@code routing_threads}
     * and the names of the routing order, hop weights and ignore files ({@link MinHopOptions#from}).
     */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new MinHopEngine(MinHopOptions.from(options));
    }
}
