package dev.jsm.routing.chain;

import dev.jsm.routing.EngineOptions;
import java.util.Objects;

/**
 * What a {@code routing_engine} chain is set up from: the option's value and the options its engines read. Two
 * specs are equal when both are, and a chain set up from one routes as a chain set up from the other.
 *
 * <p>Immutable; safe to share.
 *
 * @param routingEngine the {@code routing_engine} value ({@link RoutingChain#parse}), {@code null} for the default
 * @param options every option that has a value, as text, for the engines to pick theirs from
 */
public record ChainSpec(String routingEngine, EngineOptions options) {

    /** Checks that the options are there. */
    public ChainSpec {
        Objects.requireNonNull(options, "options");
    }

    /** Sets a chain up from this spec with the engines {@code known}; see {@link RoutingChain#parse}. */
    RoutingChain setUp(RoutingEngines known) {
        return RoutingChain.parse(routingEngine, options, known);
    }
}
