package dev.jsm.routing.minhop;

import dev.jsm.routing.EngineOptions;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The options minhop reads, parsed once when the engine is created. The files are only named here: they are read
 * on every routing pass ({@link MinHopFiles}), as OpenSM does, so an edited file takes effect at the next heavy
 * sweep.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/routing.md#minhopoptions.
 */
public record MinHopOptions(boolean portShifting, long scatterSeed, boolean portProfileSwitchNodes, int threads,
                           Optional<Path> guidRoutingOrderFile, boolean guidRoutingOrderNoScatter,
                           Optional<Path> hopWeightsFile, Optional<Path> portProfIgnoreFile,
                           Optional<Path> portSearchOrderingFile) {

    /** Checks the thread count and for nulls. */
    public MinHopOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        Objects.requireNonNull(guidRoutingOrderFile, "guidRoutingOrderFile");
        Objects.requireNonNull(hopWeightsFile, "hopWeightsFile");
        Objects.requireNonNull(portProfIgnoreFile, "portProfIgnoreFile");
        Objects.requireNonNull(portSearchOrderingFile, "portSearchOrderingFile");
    }

    /**
     * Reads the options.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public static MinHopOptions from(EngineOptions options) {
        return new MinHopOptions(options.get(EngineOptions.PORT_SHIFTING), options.get(EngineOptions.SCATTER_PORTS),
                options.get(EngineOptions.PORT_PROFILE_SWITCH_NODES), options.routingThreads(),
                options.get(EngineOptions.GUID_ROUTING_ORDER_FILE),
                options.get(EngineOptions.GUID_ROUTING_ORDER_NO_SCATTER), options.get(EngineOptions.HOP_WEIGHTS_FILE),
                options.get(EngineOptions.PORT_PROF_IGNORE_FILE), portSearchOrderingFile(options));
    }

    /** {@code port_search_ordering_file}, else OpenSM's older name {@code dimn_ports_file}. */
    public static Optional<Path> portSearchOrderingFile(EngineOptions options) {
        Optional<Path> order = options.get(EngineOptions.PORT_SEARCH_ORDERING_FILE);
        return order.isPresent() ? order : options.get(EngineOptions.DIMN_PORTS_FILE);
    }
}
