package dev.jsm.routing.nue;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.IdentitySl2Vl;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * OpenSM's {@code nue} engine (Domke, Hoefler and Matsuoka, "Routing on the Dependency Graph: A New Approach to
 * Deadlock-Free High-Performance Routing", HPDC 2016): deadlock-free routes on any topology within the VLs it is
 * given, one VL included, found by routing inside the channel dependency graph instead of breaking its cycles
 * afterwards.
 *
 * <p>Deterministic: the same input gives the same tables. Sequential (each destination's routes depend on the
 * weights and dependencies of the ones before). Called by one thread at a time. Behavioural counterpart:
 * {@code osm_ucast_nue.c}.
 *
 * <p>In detail: docs/design/routing.md#nueengine.
 */
public final class NueEngine implements RoutingEngine {

    /** The engine's OpenSM name. */
    public static final String NAME = "nue";

    private final NueOptions options;
    private volatile NueSummary lastSummary;

    /**
     * An engine reading {@code nue_max_num_vls}, {@code nue_include_switches}, {@code avoid_throttled_links},
     * {@code max_op_vls} and {@code qos} from {@code options}.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public NueEngine(EngineOptions options) {
        this.options = NueOptions.from(options);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** What the last pass did; empty before the first. */
    public Optional<NueSummary> lastSummary() {
        return Optional.ofNullable(lastSummary);
    }

    /** Fills {@code out}; fails only when the fabric's switch ports are too many to number their turns. */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        if (out.switchCount() != in.switchCount() || out.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(out + " is not sized for " + in);
        }
        ChannelGraph g;
        try {
            g = new ChannelGraph(in, options.avoidThrottledLinks(), options.includeSwitches());
        } catch (IllegalArgumentException e) {
            return RouteOutcome.failed(NAME + ": " + e.getMessage());
        }
        int vls = options.availableVls(in.dataVls());
        int layers = options.layers(vls);
        LayerPlan plan = LayerPlan.of(g, layers, options.includeSwitches());
        long[] weights = initialWeights(g);
        DestinationRouter router = new DestinationRouter(g, weights);
        byte[] layerOfLid = new byte[in.maxLid() + 1];
        int[] counts = new int[DestinationRouter.Outcome.values().length];
        long dependencies = routeLayers(g, plan, router, out, layerOfLid, counts);
        if (!options.includeSwitches()) {
            routeSwitchLids(g, router, out);
        }
        NueSummary summary = new NueSummary(layers, vls, Arrays.stream(counts).sum(),
                counts[DestinationRouter.Outcome.BACKTRACKED.ordinal()],
                counts[DestinationRouter.Outcome.ESCAPED.ordinal()], dependencies);
        lastSummary = summary;
        List<String> notes = notes(summary);
        if (layers == 1) {
            return new RouteOutcome.Routed(PathSlProvider.DEFAULT, Sl2VlProvider.ALL_VL0, notes, Map.of(), null);
        }
        return new RouteOutcome.Routed(new NuePathSl(layerOfLid, layers), new IdentitySl2Vl(vls), notes, Map.of(),
                null);
    }

    /**
     * Every link starts at the square of the source LIDs, so that the loads routes add (at most that many per link
     * in total) decide between routes of equal length and rarely make one longer (OpenSM's initial weight).
     */
    private static long[] initialWeights(ChannelGraph g) {
        long lids = 0;
        for (int sw = 0; sw < g.switches; sw++) {
            lids += g.sourceLids[sw];
        }
        long[] w = new long[g.channels];
        Arrays.fill(w, Math.max(1, lids * lids));
        return w;
    }

    /**
     * Routes every destination of the plan in its layer, in the plan's order; returns the dependencies the layers
     * use. Each layer with destinations gets its dependency graph, seeded with its escape paths, up front.
     */
    private static long routeLayers(ChannelGraph g, LayerPlan plan, DestinationRouter router, LftTables out,
                                    byte[] layerOfLid, int[] counts) {
        RoutingInput in = g.in;
        DependencyDag[] dags = new DependencyDag[plan.layers()];
        EscapePaths[] escapes = new EscapePaths[plan.layers()];
        for (int l = 0; l < plan.layers(); l++) {
            int[] targets = new int[g.switches];
            int[] lids = new int[g.switches];
            int[] slot = new int[g.switches];
            Arrays.fill(slot, -1);
            int n = 0;
            for (int i = 0; i < plan.count(); i++) {
                if (plan.layer(i) != l) {
                    continue;
                }
                int ep = plan.port(i);
                int t = in.endPortSwitch()[ep];
                if (slot[t] < 0) {
                    slot[t] = n;
                    targets[n++] = t;
                }
                lids[slot[t]] += in.endPortLidCount()[ep];
            }
            if (n > 0) {
                dags[l] = new DependencyDag(g);
                escapes[l] = new EscapePaths(g);
                escapes[l].build(targets, lids, n, router.weights(), dags[l]);
            }
        }
        for (int i = 0; i < plan.count(); i++) {
            int l = plan.layer(i);
            int ep = plan.port(i);
            int t = in.endPortSwitch()[ep];
            int base = in.endPortBaseLid()[ep];
            for (int lid = base; lid < base + in.endPortLidCount()[ep]; lid++) {
                counts[router.route(t, dags[l], escapes[l]).ordinal()]++;
                write(g, router, t, lid, out);
                router.addLoads(t);
                layerOfLid[lid] = (byte) l;
            }
        }
        long dependencies = 0;
        for (DependencyDag dag : dags) {
            dependencies += dag == null ? 0 : dag.usedCount();
        }
        return dependencies;
    }

    /** The switches' own LIDs, when they are not destinations of the layers: weighted shortest paths. */
    private static void routeSwitchLids(ChannelGraph g, DestinationRouter router, LftTables out) {
        RoutingInput in = g.in;
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int t = in.endPortSwitch()[ep];
            if (t < 0 || !in.endPortIsSwitch()[ep]) {
                continue;
            }
            int base = in.endPortBaseLid()[ep];
            for (int lid = base; lid < base + in.endPortLidCount()[ep]; lid++) {
                router.route(t, null, null);
                write(g, router, t, lid, out);
                router.addLoads(t);
            }
        }
    }

    private static void write(ChannelGraph g, DestinationRouter router, int t, int lid, LftTables out) {
        int[] next = router.next();
        byte[] localPort = g.in.localPort();
        for (int x = 0; x < g.switches; x++) {
            if (next[x] >= 0) {
                out.lft(x)[lid] = localPort[next[x]];
            }
        }
        out.lft(t)[lid] = g.in.lidOwnerPort()[lid];
    }

    private List<String> notes(NueSummary s) {
        List<String> notes = new ArrayList<>();
        notes.add(s.describe());
        if (options.maxNumVls() > s.availableVls()) {
            notes.add("nue_max_num_vls " + options.maxNumVls() + " is more than the " + s.availableVls()
                    + " VLs the fabric runs; using " + s.availableVls());
        }
        if (s.layers() > 1 && !options.qos()) {
            notes.add("the paths are on SLs 0-" + (s.layers() - 1) + " but qos is off, so the switches' "
                    + "SL-to-VL tables are not programmed and the layers may share a VL (enable qos, -Q)");
        }
        return notes;
    }

    /** {@code nue}. */
    @Override
    public String toString() {
        return NAME;
    }
}
