package dev.jsm.routing.torus;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.fileformat.TorusConfigFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * OpenSM's {@code torus-2QoS} routing engine: deadlock-free dimension-order routing on a 2D or 3D torus (or mesh)
 * with two QoS levels, that routes around failed links and a failed switch without changing path SLs.
 *
 * <p>{@link #lastSummary()} gives the topology, tree and notes of the last routed pass ({@code opensm-torus.dump}).
 * Called by one thread at a time; the summary is published for any thread.
 *
 * <p>In detail: docs/design/routing.md#torusengine.
 */
public final class TorusEngine implements RoutingEngine {

    /** The engine's OpenSM name. */
    public static final String NAME = "torus-2QoS";

    /** Below this many LFT entries ({@code S * (maxLid + 1)}) the engine stays on the calling thread. */
    private static final long PARALLEL_THRESHOLD = 1L << 20;

    private final TorusOptions options;
    private volatile TorusSummary lastSummary;

    /** An engine with {@code options}. */
    public TorusEngine(TorusOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        TorusConfigFile config;
        try {
            config = TorusConfigFile.read(options.config());
        } catch (RoutingFileException e) {
            return RouteOutcome.failed(e.getMessage());
        }
        return route(in, config, out);
    }

    /** Routes with an already parsed configuration (tests, and callers that keep the file in memory). */
    public RouteOutcome route(RoutingInput in, TorusConfigFile config, LftTables out) {
        TorusTopology t;
        TorusRings rings;
        try {
            t = TorusDiscovery.discover(in, config);
            rings = new TorusRings(t);
            rings.check();
        } catch (TorusRefusal r) {
            return r.notATorus() ? RouteOutcome.declined(r.getMessage()) : RouteOutcome.failed(r.getMessage());
        }
        DorNextHop hops = new DorNextHop(t, rings);
        int threads = (long) in.switchCount() * (in.maxLid() + 1) < PARALLEL_THRESHOLD ? 1 : options.threads();
        byte[] next = hops.table(threads);
        long missing = TorusLfts.fill(in, t, next, config.portOrder(), threads, out);
        if (missing > 0) {
            return RouteOutcome.failed(missing + " (switch, destination switch) pairs of the placed torus have no "
                    + "way around the failures");
        }
        TorusPathSl pathSl = new TorusPathSl(in, t);
        if (t.placedCount() < t.positions() || rings.anyBroken()) {
            String loop = new CreditLoopGuard(t, next, pathSl::switchSl).findLoop();
            if (loop != null) {
                return RouteOutcome.failed("the routes around the failed links and switches would close a credit "
                        + "loop (" + loop + "); torus-2QoS refuses to route this fabric");
            }
        }
        List<String> notes = new ArrayList<>(options.warnings());
        notes.addAll(t.notes());
        MasterSpanningTree tree = MasterSpanningTree.build(t, rings);
        if (tree.size() < t.placedCount()) {
            notes.add("the multicast master spanning tree reaches " + tree.size() + " of " + t.placedCount()
                    + " placed switches");
        }
        lastSummary = TorusSummary.of(in, t, tree, notes);
        return new RouteOutcome.Routed(pathSl, new TorusSl2Vl(t), notes,
                Map.of(DUMP_FILE, lastSummary.torusDump()), tree);
    }

    /** The dump file the routed outcome carries: the placement of every switch. */
    public static final String DUMP_FILE = "opensm-torus.dump";

    /** The topology, master spanning tree and notes of the last routed pass, if any. */
    public Optional<TorusSummary> lastSummary() {
        return Optional.ofNullable(lastSummary);
    }

    /** {@code torus-2QoS[options]}. */
    @Override
    public String toString() {
        return NAME + options;
    }
}
