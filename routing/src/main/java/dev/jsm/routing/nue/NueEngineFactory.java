package dev.jsm.routing.nue;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link NueEngine}s ({@code routing_engine nue}).
 *
 * <p>Stateless; thread-safe.
 */
public final class NueEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table and by {@link java.util.ServiceLoader}. */
    public NueEngineFactory() {
    }

    @Override
    public String name() {
        return NueEngine.NAME;
    }

    /** Reads {@code nue_max_num_vls}, {@code nue_include_switches}, {@code avoid_throttled_links}. */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new NueEngine(options);
    }
}
