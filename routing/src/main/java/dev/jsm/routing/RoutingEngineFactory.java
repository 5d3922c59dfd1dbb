package dev.jsm.routing;

/**
 * Creates a {@link RoutingEngine} by its OpenSM name. Built-in factories are listed in
 * {@link dev.jsm.routing.chain.RoutingEngines}; others are found through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.jsm.routing.RoutingEngineFactory}), the Java form of OpenSM's external
 * routing-engine registration.
 *
 * <p>Implementations must be stateless and thread-safe, with a public no-argument constructor.
 */
public interface RoutingEngineFactory {

    /** The name an operator writes in {@code routing_engine} (OpenSM's name for the same algorithm). */
    String name();

    /**
     * A new engine configured by {@code options}.
     *
     * @throws IllegalArgumentException if an option the engine reads is malformed
     */
    RoutingEngine create(EngineOptions options);
}
