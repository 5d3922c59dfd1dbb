package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.Repairable;

/**
 * OpenSM's {@code sssp} engine: single-source shortest paths per destination LID with global balancing
 * ({@link BalancedRoutes}), every LID of every end port and switch routed, LMC ranges spread by routing each LID
 * after the previous one loaded its links. Not deadlock free by itself (see {@link DfssspEngine}).
 *
 * <p>{@link Repairable}: a repair allows every shortest-path port ({@link SsspRepairPolicy}).
 *
 * <p>Immutable; {@link #route} is called by one thread at a time and stays on it (the link loads chain the
 * destinations). Behavioural counterpart: the sssp half of {@code osm_ucast_dfsssp.c}.
 */
public final class SsspEngine implements RoutingEngine, Repairable {

    /** The engine's OpenSM name. */
    public static final String NAME = "sssp";

    private final SsspOptions options;

    /**
     * An engine reading {@code avoid_throttled_links} from {@code options}.
     *
     * @throws IllegalArgumentException naming the option, if it is malformed
     */
    public SsspEngine(EngineOptions options) {
        this.options = SsspOptions.from(options);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Fills {@code out}; declines nothing and fails on nothing. */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        SsspGraph g = new SsspGraph(in);
        route(new BalancedRoutes(g, options), g, DestinationOrder.of(g), out);
        return RouteOutcome.routed();
    }

    @Override
    public RepairPolicy repairPolicy() {
        return new SsspRepairPolicy(options);
    }

    /**
     * The routing pass sssp and dfsssp share: checks {@code out}'s size and routes every destination of
     * {@code lids} with {@code routes}.
     *
     * @throws IllegalArgumentException if {@code out} is not sized for {@code in}
     */
    static void route(BalancedRoutes routes, SsspGraph g, int[] lids, LftTables out) {
        RoutingInput in = g.in;
        if (out.switchCount() != in.switchCount() || out.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(out + " is not sized for " + in);
        }
        routes.routeAll(lids, out);
    }

    /** {@code sssp}. */
    @Override
    public String toString() {
        return NAME;
    }
}
