package dev.jsm.routing.file;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;

/**
 * Creates {@link FileEngine}s ({@code routing_engine file}).
 *
 * <p>Stateless; thread-safe.
 */
public final class FileEngineFactory implements RoutingEngineFactory {

    /** Used by the built-in table. */
    public FileEngineFactory() {
    }

    @Override
    public String name() {
        return FileEngine.NAME;
    }

    /** Reads {@code lfts_file} ({@code -U}) and {@code lid_matrix_dump_file} ({@code -M}). */
    @Override
    public RoutingEngine create(EngineOptions options) {
        return new FileEngine(options.get(EngineOptions.LFTS_FILE), options.get(EngineOptions.LID_MATRIX_DUMP_FILE));
    }
}
