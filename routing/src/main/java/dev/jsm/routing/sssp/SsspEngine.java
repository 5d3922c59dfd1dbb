package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.Repairable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenSM's {@code sssp} engine: single-source shortest paths per destination LID with global balancing
 * ({@link BalancedRoutes}), every LID of every end port and switch routed, LMC ranges spread by routing each LID
 * after the previous one loaded its links, the compute nodes of {@code cn_guid_file} first and the I/O nodes of
 * {@code io_guid_file} next ({@link NodeGroups}). Not deadlock free by itself (see {@link DfssspEngine}).
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
     * An engine reading {@code avoid_throttled_links}, {@code cn_guid_file} and {@code io_guid_file} from
     * {@code options}.
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

    /**
     * Fills {@code out}; declines nothing, and fails only when {@code cn_guid_file} or {@code io_guid_file} cannot be
     * read or has a malformed line ({@code file:line} in the reason).
     */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        List<String> notes = new ArrayList<>();
        int[] groups;
        try {
            groups = groups(in, options, notes);
        } catch (RoutingFileException e) {
            return RouteOutcome.failed(NAME + ": " + e.getMessage());
        }
        SsspGraph g = new SsspGraph(in);
        route(new BalancedRoutes(g, options), g, DestinationOrder.of(g, groups), out);
        return notes.isEmpty() ? RouteOutcome.routed()
                : new RouteOutcome.Routed(PathSlProvider.DEFAULT, Sl2VlProvider.ALL_VL0, notes, Map.of(), null);
    }

    /** The {@link NodeGroups} of {@code in}'s end ports from the files {@code options} names. */
    static int[] groups(RoutingInput in, SsspOptions options, List<String> notes) throws RoutingFileException {
        return NodeGroups.of(in, options.cnGuidFile(), options.ioGuidFile(), notes);
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
