package dev.jsm.routing.sssp;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.IdentitySl2Vl;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.RoutingFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenSM's {@code dfsssp} engine: the routes of {@link SsspEngine}, then every (source, destination) path put on a
 * virtual layer so that no layer's channel dependency graph has a cycle ({@link LayerAssignment}), the layers spread
 * over the available VLs, and the path SLs ({@link DfssspPathSl}) and the SL-to-VL mapping ({@link IdentitySl2Vl})
 * handed to the SA and the QoS stage. Traffic from and to switch port 0 is included, as in OpenSM; the destinations
 * go in sssp's order, {@code cn_guid_file} and {@code io_guid_file} included ({@link NodeGroups}).
 *
 * <p>When the routes in OpenSM's destination order need more layers than VLs are available ({@link VlBudget}), the
 * fabric is routed again in the interleaved order ({@link DestinationOrder}), which keeps torus routes closer to
 * dimension order; if that does not fit either, the engine fails naming the figures and the chain tries the next
 * one. Immutable; {@link #route} is called by one thread at a time and stays on it.
 * Behavioural counterpart: {@code osm_ucast_dfsssp.c}.
 */
public final class DfssspEngine implements RoutingEngine {

    /** The engine's OpenSM name. */
    public static final String NAME = "dfsssp";

    /**
     * The most layers the assignment tries: beyond the 15 data VLs IBA defines, so that a failure can say how many
     * layers the routes would need.
     */
    static final int MAX_LAYERS = 64;

    private final EngineOptions options;
    private final SsspOptions ssspOptions;

    /**
     * An engine reading {@code avoid_throttled_links}, {@code cn_guid_file} and {@code io_guid_file}, and
     * {@code max_op_vls} and {@code qos_max_vls} at each pass, from {@code options}.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public DfssspEngine(EngineOptions options) {
        this.options = options;
        this.ssspOptions = SsspOptions.from(options);
        VlBudget.of(0, options);
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Fills {@code out}; fails when the layers needed exceed the VLs available in both destination orders
     * ({@link DestinationOrder}: OpenSM's, then the interleaved one), the fabric is too large, or
     * {@code cn_guid_file} or {@code io_guid_file} cannot be read or has a malformed line.
     */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        SsspGraph g = new SsspGraph(in);
        TurnIndex turns;
        try {
            turns = new TurnIndex(g);
        } catch (IllegalArgumentException e) {
            return RouteOutcome.failed(NAME + ": " + e.getMessage());
        }
        List<String> notes = new ArrayList<>();
        int[] groups;
        try {
            groups = SsspEngine.groups(in, ssspOptions, notes);
        } catch (RoutingFileException e) {
            return RouteOutcome.failed(NAME + ": " + e.getMessage());
        }
        VlBudget budget = VlBudget.of(in.dataVls(), options);
        Attempt grouped = attempt(g, turns, DestinationOrder.of(g, groups), out, budget.vls());
        Attempt chosen = grouped;
        if (!grouped.fits(budget)) {
            out.clear();
            chosen = attempt(g, turns, DestinationOrder.interleaved(g, groups), out, MAX_LAYERS);
        }
        if (!chosen.fits(budget)) {
            return RouteOutcome.failed(NAME + ": the routes need " + need(grouped) + " virtual layers to be free of "
                    + "credit loops (" + need(chosen) + " in the interleaved destination order), but only "
                    + budget.vls() + " VLs are available (" + budget.source() + ")");
        }
        int needed = chosen.needed;
        long[] paths = new long[needed];
        for (int l = 0; l < needed; l++) {
            paths[l] = chosen.cdg.paths(l);
        }
        DfssspPathSl pathSl = new DfssspPathSl(in, chosen.layers.layers(), paths, needed, budget.vls());
        return new RouteOutcome.Routed(pathSl, new IdentitySl2Vl(budget.vls()), notes, Map.of(), null);
    }

    /**
     * Routes {@code lids} in that order into {@code out} and assigns the layers, giving up beyond {@code maxLayers}
     * (the first order stops at the VLs available; the fallback goes on so that a failure can say how many it needs).
     */
    private Attempt attempt(SsspGraph g, TurnIndex turns, int[] lids, LftTables out, int maxLayers) {
        LayerCdg cdg = new LayerCdg(g, turns, maxLayers);
        BalancedRoutes routes = new BalancedRoutes(g, ssspOptions);
        routes.countTurns(turns, cdg.layer0());
        SsspEngine.route(routes, g, lids, out);
        cdg.addPaths(0, routes.pairs());
        LayerAssignment layers = new LayerAssignment(g, out, lids, cdg, maxLayers);
        return new Attempt(layers.assign(), cdg, layers, maxLayers);
    }

    private static String need(Attempt a) {
        return a.needed < 0 ? "more than " + a.maxLayers : Integer.toString(a.needed);
    }

    /** One routing and layer assignment: the layers needed (-1: more than {@code maxLayers}) and the result. */
    private record Attempt(int needed, LayerCdg cdg, LayerAssignment layers, int maxLayers) {
        boolean fits(VlBudget budget) {
            return needed > 0 && needed <= budget.vls();
        }
    }

    /** {@code dfsssp}. */
    @Override
    public String toString() {
        return NAME;
    }
}
