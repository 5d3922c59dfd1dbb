package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link SsspEngine}s ({@code routing_engine sssp}).
 *
 * <p>Stateless; thread-safe.
 */
public final class SsspEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public SsspEngineFactory() {
    }

    @Override
    public String name() {
        return SsspEngine.NAME;
    }

    /** Reads {@code avoid_throttled_links}, {@code cn_guid_file} and {@code io_guid_file} ({@link SsspOptions}). */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new SsspEngine(options);
    }
}
