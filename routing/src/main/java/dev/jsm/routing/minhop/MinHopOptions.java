package dev.jsm.routing.minhop;

import dev.jsm.routing.EngineOptions;

/**
 * The options minhop reads, parsed once when the engine is created.
 *
 * <p>Immutable; safe to share.
 *
 * @param portShifting {@code port_shifting}: rotate the equal-cost candidates by their load
 * @param scatterSeed {@code scatter_ports}: seed of the random choice among equally loaded candidates, 0 = off
 * @param portProfileSwitchNodes {@code port_profile_switch_nodes}: count routes to switch LIDs in the port load
 * @param threads worker threads for large fabrics ({@code routing_threads}), at least 1
 */
public record MinHopOptions(boolean portShifting, long scatterSeed, boolean portProfileSwitchNodes, int threads) {

    /** Checks the thread count. */
    public MinHopOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
    }

    /**
     * Reads the options.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public static MinHopOptions from(EngineOptions options) {
        return new MinHopOptions(options.portShifting(), options.scatterPorts(), options.portProfileSwitchNodes(),
                options.routingThreads());
    }
}
