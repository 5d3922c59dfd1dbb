package dev.jsm.routing.minhop;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.Repairable;
import java.util.function.UnaryOperator;

/**
 * OpenSM's default routing engine, {@code minhop}: every switch forwards each LID on a shortest path to the switch
 * delivering it, balancing the LIDs over the equal-cost ports by the number of routes each port already carries.
 *
 * <p>Keeps the switch distances of its last pass, repair or balancing ({@link ShortestPathsMemo}) and is otherwise
 * immutable; {@link #route} is called by one thread at a time. Behavioural counterpart:
 * {@code osm_ucast_mgr.c} and {@code osm_switch_recommend_path} ({@code osm_switch.c}).
 *
 * <p>In detail: docs/design/routing.md#minhopengine.
 */
public final class MinHopEngine implements RoutingEngine, Repairable {

    /** The engine's OpenSM name. */
    public static final String NAME = "minhop";

    /** Below this many LFT entries ({@code S * (maxLid + 1)}) the engine stays on the calling thread. */
    static final long PARALLEL_THRESHOLD = 1L << 20;

    private final MinHopOptions options;
    /** The distances of the last pass or repair, for the next repair's comparison. */
    private final ShortestPathsMemo distances = new ShortestPathsMemo();

    /** An engine with {@code options}. */
    public MinHopEngine(MinHopOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Fills {@code out}; declines nothing. Fails if a file of the options is unusable, the fabric is too large for
     * the hop table, or the hop weights make a path cost more than 65534.
     */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        return MinHopPass.route(NAME, in, out, options, input -> UnaryOperator.identity(), distances);
    }

    /** The shortest-path candidates of this engine's options. */
    @Override
    public RepairPolicy repairPolicy() {
        return new ShortestPathRepairPolicy(NAME, options, input -> UnaryOperator.identity(), distances);
    }

    /**
     * The worker threads for a pass over {@code in}: the configured count, but 1 below {@link #PARALLEL_THRESHOLD}
     * LFT entries, where threads cost more than they save.
     */
    public static int threads(RoutingInput in, MinHopOptions options) {
        return (long) in.switchCount() * (in.maxLid() + 1) < PARALLEL_THRESHOLD ? 1 : options.threads();
    }

    /** {@code minhop[options]}. */
    @Override
    public String toString() {
        return NAME + options;
    }
}
