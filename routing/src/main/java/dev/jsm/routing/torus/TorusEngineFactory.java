package dev.jsm.routing.torus;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link TorusEngine}s ({@code routing_engine torus-2QoS}).
 *
 * <p>Stateless; thread-safe.
 */
public final class TorusEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public TorusEngineFactory() {
    }

    @Override
    public String name() {
        return TorusEngine.NAME;
    }

    /** Reads {@code torus_config}, {@code routing_threads}, {@code qos}, {@code qos_*sl2vl}, {@code qos_*vlarb_*}. */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new TorusEngine(TorusOptions.from(options));
    }
}
