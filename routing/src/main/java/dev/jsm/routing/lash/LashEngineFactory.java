package dev.jsm.routing.lash;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link LashEngine}s ({@code routing_engine lash}).
 *
 * <p>Stateless; thread-safe.
 */
public final class LashEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public LashEngineFactory() {
    }

    @Override
    public String name() {
        return LashEngine.NAME;
    }

    /** Reads {@code lash_start_vl}, {@code do_mesh_analysis} and {@code routing_threads} ({@link LashOptions#from}). */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new LashEngine(LashOptions.from(options));
    }
}
