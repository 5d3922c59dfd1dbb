package dev.jsm.routing.ftree;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link FatTreeEngine}s ({@code routing_engine ftree}).
 *
 * <p>Stateless; thread-safe.
 */
public final class FatTreeEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public FatTreeEngineFactory() {
    }

    @Override
    public String name() {
        return FatTreeEngine.NAME;
    }

    /**
     * Reads {@code root_guid_file}, {@code cn_guid_file}, {@code io_guid_file}, {@code max_reverse_hops} and
     * {@code quasi_ftree_indexing}, {@code connect_roots} ({@link FatTreeOptions#from}), and
     * {@code routing_threads}.
     */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new FatTreeEngine(FatTreeOptions.from(options), options.routingThreads());
    }
}
