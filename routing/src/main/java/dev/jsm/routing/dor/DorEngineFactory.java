package dev.jsm.routing.dor;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link DorEngine}s ({@code routing_engine dor}).
 *
 * <p>Stateless; thread-safe.
 */
public final class DorEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public DorEngineFactory() {
    }

    @Override
    public String name() {
        return DorEngine.NAME;
    }

    /**
     * Reads {@code port_search_ordering_file} (or {@code dimn_ports_file}) and minhop's options
     * ({@link dev.jsm.routing.minhop.MinHopOptions#from}).
     */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new DorEngine(DorOptions.from(options));
    }
}
