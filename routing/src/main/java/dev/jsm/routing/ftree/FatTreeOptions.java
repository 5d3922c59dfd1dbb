package dev.jsm.routing.ftree;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The options ftree reads, parsed once when the engine is created. The files are only named here; they are read on
 * every routing pass, as OpenSM does, so an edited file takes effect at the next heavy sweep. {@code connect_roots}
 * routes the switch LIDs the fat-tree pass leaves out at the switches above the leaves through one leaf
 * ({@link RootLinks}).
 *
 * <p>In detail: docs/design/routing.md#fattreeoptions.
 */
public record FatTreeOptions(Optional<Path> rootGuidFile, Optional<Path> cnGuidFile, Optional<Path> ioGuidFile,
                             int maxReverseHops, boolean quasiFtreeIndexing, boolean connectRoots) {

    /** OpenSM option: reverse hops allowed on routes to I/O nodes (0..65535, default 0). */
    public static final EngineOption<Long> MAX_REVERSE_HOPS = EngineOption.number("max_reverse_hops", 0);
    /** OpenSM option: index from every root switch (default false). */
    public static final EngineOption<Boolean> QUASI_FTREE_INDEXING = EngineOption.flag("quasi_ftree_indexing", false);

    /** Checks for nulls and the hop count. */
    public FatTreeOptions {
        Objects.requireNonNull(rootGuidFile, "rootGuidFile");
        Objects.requireNonNull(cnGuidFile, "cnGuidFile");
        Objects.requireNonNull(ioGuidFile, "ioGuidFile");
        if (maxReverseHops < 0 || maxReverseHops > 0xFFFF) {
            throw new IllegalArgumentException("max_reverse_hops must be 0..65535, not " + maxReverseHops);
        }
    }

    /** No files, no reverse hops, indexing from the first leaf (OpenSM's defaults). */
    public static FatTreeOptions defaults() {
        return from(EngineOptions.defaults());
    }

    /**
     * Reads the options; a blank or {@code (null)} file name counts as unset.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public static FatTreeOptions from(EngineOptions options) {
        long hops = options.get(MAX_REVERSE_HOPS);
        if (hops < 0 || hops > 0xFFFF) {
            throw new IllegalArgumentException("option " + MAX_REVERSE_HOPS + ": expected 0..65535, found '"
                    + options.text(MAX_REVERSE_HOPS).orElse("") + "'");
        }
        return new FatTreeOptions(options.get(EngineOptions.ROOT_GUID_FILE), options.get(EngineOptions.CN_GUID_FILE),
                options.get(EngineOptions.IO_GUID_FILE), (int) hops, options.get(QUASI_FTREE_INDEXING),
                options.get(EngineOptions.CONNECT_ROOTS));
    }
}
