package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;

/**
 * The option sssp and dfsssp share, parsed once when the engine is created.
 *
 * <p>Immutable; safe to share.
 *
 * @param avoidThrottledLinks {@code avoid_throttled_links}: leave out switch-to-switch cables that run below the
 *     speed or width both ends enable ({@link dev.jsm.routing.RoutingInput#edgeThrottled()}), as OpenSM does; a
 *     switch reachable only over such cables is then unreachable
 */
record SsspOptions(boolean avoidThrottledLinks) {

    /**
     * Reads the options.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    static SsspOptions from(EngineOptions options) {
        return new SsspOptions(options.get(EngineOptions.AVOID_THROTTLED_LINKS));
    }
}
