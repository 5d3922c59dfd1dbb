package dev.jsm.daemon.route;

import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingRequest;

/**
 * The routing in force, as the one channel from the unicast routing stage to the stages that build on it (multicast
 * trees over the same switches and LIDs, the engine's SL-to-VL maps for QoS) and to SUBNET UP, which publishes it:
 * the input the engines saw and what the chain made of it, always recorded together, and the route verifier's verdict
 * on them. Also holds a pending request to route again although nothing changed (the console's {@code reroute}, a
 * port marked unhealthy).
 *
 * <p>Confined to the SM thread, except {@link #check()}, {@link #requestReroute()} and {@link #generation()}, which
 * any thread may call.
 */
public final class RoutingState {

    private RoutingInput input;
    private RoutingResult result;
    private RoutingEngine engine;
    private volatile int generation;
    private volatile RouteCheck check;
    private volatile boolean rerouteRequested;

    /**
     * Records a routing computation, the input it was made from and the engine whose rules its tables follow
     * ({@code null} for a chain over topologies or a failed routing); a new generation begins.
     */
    void record(RoutingInput in, RoutingResult r, RoutingEngine routedBy) {
        input = in;
        result = r;
        engine = routedBy;
        generation++;
    }

    /**
     * Counts the routings recorded: a task that started from the routing in force (off-sweep balancing) checks by it
     * that no other routing came meanwhile. Any thread.
     */
    public int generation() {
        return generation;
    }

    /** The engine whose rules the tables in force follow, or {@code null} (see {@link #record}). */
    public RoutingEngine engine() {
        return engine;
    }

    /** The input of the routing in force, or {@code null} before the first. */
    public RoutingInput input() {
        return input;
    }

    /** The result of the routing in force (which may have failed), or {@code null} before the first. */
    public RoutingResult result() {
        return result;
    }

    /** The routing in force as the router takes it, or {@code null} before the first. */
    public RoutingRequest.InForce inForce() {
        return result == null ? null : new RoutingRequest.InForce(input, result, engine);
    }

    /** Whether an engine produced the routes in force. */
    public boolean isRouted() {
        return result != null && result.isRouted();
    }

    /** Records the verifier's verdict on the routing in force. Any thread (the check runs after the sweep). */
    void recordCheck(RouteCheck c) {
        check = c;
    }

    /** The verifier's verdict on the last routing computed, or {@code null} before the first check. Any thread. */
    public RouteCheck check() {
        return check;
    }

    /** Asks the next heavy sweep to compute the routes even if nothing changed. Any thread. */
    public void requestReroute() {
        rerouteRequested = true;
    }

    /** Whether a reroute was requested since the last call; clears the request. */
    boolean takeRerouteRequest() {
        boolean r = rerouteRequested;
        rerouteRequested = false;
        return r;
    }
}
