package dev.jsm.routing.minhop;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;

/**
 * OpenSM's default routing engine, {@code minhop}: every switch forwards each LID on a shortest path to the switch
 * delivering it, balancing the LIDs over the equal-cost ports by the number of routes each port already carries.
 *
 * <p>Two passes, both on the dense switch index: a {@link HopTable} of switch-to-switch distances (BFS per switch,
 * {@code O(S * (S + E))}), then one LFT row per switch ({@link SwitchRouter}: candidate lists per destination switch
 * in {@code O(degree * S)}, then one choice per LID among its candidates). Both passes run in parallel per switch
 * on large fabrics; the tables are identical to a single-threaded run.
 *
 * <p>Extension points for OpenSM's remaining minhop inputs: {@code guid_routing_order_file} is another
 * {@link RoutingOrder}; {@code port_prof_ignore_file} is a per-port "not counted" mask in {@link SwitchRouter};
 * {@code hop_weights_file} turns the hop table into weighted distances (a bucket-queue Dijkstra per switch
 * instead of BFS, candidates then compare {@code weight(p) + dist(q, d)}).
 *
 * <p>Immutable; {@link #route} is called by one thread at a time. Behavioural counterpart:
 * {@code osm_ucast_mgr.c} and {@code osm_switch_recommend_path} ({@code osm_switch.c}).
 */
public final class MinHopEngine implements RoutingEngine {

    /** The engine's OpenSM name. */
    public static final String NAME = "minhop";

    /** Below this many LFT entries ({@code S * (maxLid + 1)}) the engine stays on the calling thread. */
    static final long PARALLEL_THRESHOLD = 1L << 20;

    private final MinHopOptions options;

    /** An engine with {@code options}. */
    public MinHopEngine(MinHopOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Fills {@code out}; declines nothing. Fails only if the fabric is too large for the hop table. */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        if (out.switchCount() != in.switchCount() || out.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(out + " is not sized for " + in);
        }
        int s = in.switchCount();
        if (s > HopTable.MAX_SWITCHES) {
            return RouteOutcome.failed(s + " switches exceed minhop's limit of " + HopTable.MAX_SWITCHES);
        }
        int threads = (long) s * (in.maxLid() + 1) < PARALLEL_THRESHOLD ? 1 : options.threads();
        HopTable table = HopTable.compute(in, threads);
        int[] order = RoutingOrder.byLid(in);
        ParallelRanges.run(s, threads, 8, (from, to) -> {
            SwitchRouter router = new SwitchRouter(in, table, options, order);
            for (int sw = from; sw < to; sw++) {
                router.route(sw, out.lft(sw));
            }
        });
        return RouteOutcome.routed();
    }

    /** {@code minhop[options]}. */
    @Override
    public String toString() {
        return NAME + options;
    }
}
