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
 * <p>Immutable as long as nobody writes into the tables (the daemon never does once the routing is recorded); safe
 * to share under that rule.
 *
 * @param input the routing's input, every field
 * @param tables the tables routed on {@code input}, sized for it
 * @param engine the OpenSM name of the engine whose rules the tables follow, or {@code ""} when none may repair them
 *     (a chain over topologies)
 * @param fallback whether that engine was the chain's minhop fallback rather than a configured one
 * @param fingerprint a digest of the options that change routing results; a routing is reused only under the same
 * @param savedAtMillis when the routing was written, in milliseconds since the epoch
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
