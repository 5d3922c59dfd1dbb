package dev.jsm.routing.updn;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates updn engines ({@code routing_engine updn}).
 *
 * <p>Stateless; thread-safe.
 */
public final class UpDnEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public UpDnEngineFactory() {
    }

    @Override
    public String name() {
        return UpDownEngine.UPDN;
    }

    /**
     * Reads {@code root_guid_file}, {@code ids_guid_file}, {@code connect_roots} and minhop's port-selection options
     * ({@code port_shifting}, {@code scatter_ports}, {@code port_profile_switch_nodes}, {@code routing_threads},
     * {@code guid_routing_order_file}, {@code port_prof_ignore_file}).
     */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return UpDownEngine.updn(UpDownOptions.from(options));
    }
}
