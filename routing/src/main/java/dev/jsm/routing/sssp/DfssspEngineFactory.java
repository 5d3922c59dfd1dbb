package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link DfssspEngine}s ({@code routing_engine dfsssp}).
 *
 * <p>Stateless; thread-safe.
 */
public final class DfssspEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public DfssspEngineFactory() {
    }

    @Override
    public String name() {
        return DfssspEngine.NAME;
    }

    /**
     * Reads {@code avoid_throttled_links}, {@code cn_guid_file} and {@code io_guid_file} ({@link SsspOptions}), and
     * {@code max_op_vls} and {@code qos_max_vls} ({@link VlBudget}).
     */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new DfssspEngine(options);
    }
}
