package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The options sssp and dfsssp share, parsed once when the engine is created. The files are only named here; they are
 * read on every routing pass ({@link NodeGroups}).
 *
 * <p>Immutable; safe to share.
 *
 * @param avoidThrottledLinks {@code avoid_throttled_links}: leave out switch-to-switch cables that run below the
 *     speed or width both ends enable ({@link dev.jsm.routing.RoutingInput#edgeThrottled()}), as OpenSM does; a
 *     switch reachable only over such cables is then unreachable
 * @param cnGuidFile {@code cn_guid_file} ({@code -u}): port GUIDs of the compute nodes, routed first
 * @param ioGuidFile {@code io_guid_file} ({@code -G}): port GUIDs of the I/O nodes, routed after the compute nodes
 */
record SsspOptions(boolean avoidThrottledLinks, Optional<Path> cnGuidFile, Optional<Path> ioGuidFile) {

    /** Checks for nulls. */
    SsspOptions {
        Objects.requireNonNull(cnGuidFile, "cnGuidFile");
        Objects.requireNonNull(ioGuidFile, "ioGuidFile");
    }

    /**
     * Reads the options; a blank or {@code (null)} file name counts as unset.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    static SsspOptions from(EngineOptions options) {
        return new SsspOptions(options.get(EngineOptions.AVOID_THROTTLED_LINKS),
                options.get(EngineOptions.CN_GUID_FILE), options.get(EngineOptions.IO_GUID_FILE));
    }
}
