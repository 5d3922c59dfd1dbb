package dev.jsm.routing;

import java.util.Objects;

/**
 * A routing as it is kept across restarts (docs/reference/incremental-routing.md#routing-persistence): the input the
 * engine
 * saw, the tables it computed, which engine of the chain it was, and a fingerprint of the options that shaped it.
 * At the next start the daemon compares the input with what discovery finds, repairs the tables onto the new input
 * ({@code dev.jsm.routing.repair}) and reuses them when the changes allow. {@link PersistedRoutingCodec} writes and
 * reads it.
 *
 * <p>In detail: docs/design/routing.md#persistedrouting.
 */
public record PersistedRouting(RoutingInput input, LftTables tables, String engine, boolean fallback,
                               String fingerprint, long savedAtMillis) {

    /**
     * Checks that the tables fit the input and that nothing is null.
     *
     * @throws IllegalArgumentException if the tables are not sized for the input
     */
    public PersistedRouting {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(tables, "tables");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(fingerprint, "fingerprint");
        if (tables.switchCount() != input.switchCount() || tables.maxLid() != input.maxLid()) {
            throw new IllegalArgumentException(tables + " are not sized for " + input);
        }
    }
}
