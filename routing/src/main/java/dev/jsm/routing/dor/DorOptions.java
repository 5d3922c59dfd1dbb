package dev.jsm.routing.dor;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.minhop.MinHopOptions;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The options dor reads, parsed once when the engine is created. The files are read on every routing pass, as
 * OpenSM does, so an edited file takes effect at the next heavy sweep.
 *
 * <p>Immutable; safe to share.
 *
 * @param portSearchOrderingFile {@code port_search_ordering_file} ({@code -O}; OpenSM's older name
 *     {@code dimn_ports_file} is read when it is not set): each switch's dimension order; empty = port order
 * @param portSelection minhop's options, which dor shares as OpenSM's dor shares minhop's code
 *     ({@code port_shifting}, {@code scatter_ports}, {@code port_profile_switch_nodes}, {@code routing_threads} and
 *     the routing order, hop weights and ignore files)
 */
public record DorOptions(Optional<Path> portSearchOrderingFile, MinHopOptions portSelection) {

    /** Checks for nulls. */
    public DorOptions {
        Objects.requireNonNull(portSearchOrderingFile, "portSearchOrderingFile");
        Objects.requireNonNull(portSelection, "portSelection");
    }

    /**
     * Reads the options.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public static DorOptions from(EngineOptions options) {
        return new DorOptions(MinHopOptions.portSearchOrderingFile(options), MinHopOptions.from(options));
    }
}
