package dev.jsm.routing.lash;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.lash.mesh.MeshAnalysis;
import dev.jsm.routing.lash.mesh.MeshLayout;
import dev.jsm.routing.lash.mesh.SwitchGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenSM's {@code lash} engine (LAyered SHortest path): shortest switch-to-switch paths, made free of credit loops
 * by putting each pair of switches on a virtual layer (an SL, mapped to the VL of the same number) whose channel
 * dependency graph stays acyclic.
 *
 * <p>{@link #lastSummary()} describes the last pass. Called by one thread at a time; worker threads of step 3 are
 * joined before {@link #route} returns. Behavioural counterpart: {@code osm_ucast_lash.c} and {@code osm_mesh.c}.
 *
 * <p>In detail: docs/design/routing.md#lashengine.
 */
public final class LashEngine implements RoutingEngine {

    /** The engine's OpenSM name. */
    public static final String NAME = "lash";

    /** lash keeps {@code S x S} tables (routes, layers): above this many switches it fails. */
    static final int MAX_SWITCHES = 4096;

    /** Below this many switch pairs the trees are built on the calling thread. */
    private static final long PARALLEL_THRESHOLD = 1L << 16;

    private final LashOptions options;
    private volatile LashSummary lastSummary;

    /** An engine with {@code options}. */
    public LashEngine(LashOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Fills {@code out}; see the class comment for when it declines or fails. */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        if (out.switchCount() != in.switchCount() || out.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(out + " is not sized for " + in);
        }
        if (in.lmc() > 0) {
            return RouteOutcome.declined("LMC " + in.lmc() + " is not supported by lash (only LMC 0)");
        }
        if (in.switchCount() > MAX_SWITCHES) {
            return RouteOutcome.failed(in.switchCount() + " switches exceed lash's limit of " + MAX_SWITCHES
                    + " (it keeps a switch-by-switch route and layer table)");
        }
        VlBudget budget = VlBudget.of(in, options.startVl());
        if (budget.layers() == 0) {
            return RouteOutcome.failed(LashOptions.LASH_START_VL + " " + options.startVl() + " is not below the "
                    + budget.operationalVls() + " VLs the switch ports operate (smallest OperationalVLs)");
        }
        int s = in.switchCount();
        SwitchGraph graph = SwitchGraph.of(in);
        int[] tableOrder = SwitchOrder.openSmTableOrder(in);
        List<int[]> orders = new ArrayList<>();
        List<String> meshReport = new ArrayList<>();
        if (options.meshAnalysis()) {
            MeshLayout layout = MeshAnalysis.analyse(graph, tableOrder);
            meshReport.addAll(layout.report());
            if (layout.found()) {
                graph = graph.reordered(layout.linkOrder());
                orders.add(layout.switchOrder());
            }
        }
        orders.add(tableOrder);
        int threads = (long) s * s < PARALLEL_THRESHOLD ? 1 : options.threads();
        ShortestPathTrees trees = ShortestPathTrees.build(graph, threads);
        LayerAssignment assignment = null;
        int needed = Integer.MAX_VALUE;
        for (int i = 0; i < orders.size(); i++) {
            LayerAssignment candidate = new LayerAssignment(graph, trees, orders.get(i));
            int n = candidate.assign(budget.layers());
            if (orders.size() > 1) {
                meshReport.add("mesh analysis: " + (n > budget.layers() ? "more than " + budget.layers() : n)
                        + (n == 1 ? " layer" : " layers") + " with the switches in "
                        + (i == 0 ? "coordinate" : "OpenSM's table") + " order");
            }
            if (n < needed) {
                assignment = candidate;
                needed = n;
            }
        }
        if (needed > budget.layers()) {
            lastSummary = null;
            return RouteOutcome.failed("lash needs more than " + budget.layers() + " layer"
                    + (budget.layers() == 1 ? "" : "s") + " but only " + budget.layers() + " VL"
                    + (budget.layers() == 1 ? " is" : "s are") + " available (" + budget.operationalVls()
                    + " VLs operated by the narrowest switch port, " + LashOptions.LASH_START_VL + " "
                    + options.startVl() + ")");
        }
        int moved = LayerBalancer.balance(assignment);
        LftWriter.write(in, graph, trees, out);
        int layers = Math.max(1, needed);
        List<Integer> perLayer = new ArrayList<>();
        for (int n : assignment.pathsPerLayer()) {
            perLayer.add(n);
        }
        lastSummary = new LashSummary(needed, perLayer, budget.layers(), options.startVl(), moved, meshReport);
        return new RouteOutcome.Routed(new LashPathSl(in.lidOwnerSwitch(), assignment.table(), s, options.startVl()),
                new LashSl2Vl(options.startVl(), layers));
    }

    /** What the last successful pass decided, or {@code null} before one (or after a failed one). */
    public LashSummary lastSummary() {
        return lastSummary;
    }

    /** {@code lash[options]}. */
    @Override
    public String toString() {
        return NAME + options;
    }
}
