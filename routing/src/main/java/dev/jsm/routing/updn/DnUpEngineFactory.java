package dev.jsm.routing.updn;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates dnup engines ({@code routing_engine dnup}).
 *
 * <p>Stateless; thread-safe.
 */
public final class DnUpEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public DnUpEngineFactory() {
    }

    @Override
    public String name() {
        return UpDownEngine.DNUP;
    }

    /** Reads minhop's port-selection options; dnup has no files of its own. */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return UpDownEngine.dnup(UpDownOptions.from(options));
    }
}
