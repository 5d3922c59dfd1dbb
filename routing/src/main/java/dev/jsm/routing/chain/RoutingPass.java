package dev.jsm.routing.chain;

import dev.jsm.routing.PartRouting;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What {@link UnicastRouter#route} decided for one sweep, and everything the daemon needs to act on it: whether the
 * routing chain was set up again (and its notes, or why not), whether the routes in force stand
 * ({@link Kind#KEPT}), were repaired or taken from the persisted routing, or are to be computed anew
 * ({@link Kind#COMPUTE}: {@link #compute()} runs the engines and returns the completed pass); for a new routing its
 * input, result and the engine whose rules it follows, the dump files, the activity to report, the lines to log, and
 * the route check to run after the sweep ({@link #verify}).
 *
 * <p>Immutable. {@link #compute()} may run on another thread than the one {@link UnicastRouter#route} ran on, once
 * that call returned; {@link #verify} on any thread.
 */
public final class RoutingPass {

    /** What the sweep does with the routes in force. */
    public enum Kind {
        /** Nothing they depend on changed: they stand, nothing is recorded. */
        KEPT,
        /** Repaired for the changed fabric ({@code incremental_routing}, {@code use_ucast_cache}). */
        REPAIRED,
        /** The routing the last run persisted, repaired for this fabric (the first routing after a start). */
        REUSED,
        /** To be computed anew by the engines: call {@link #compute()}. */
        COMPUTE,
        /** Computed anew by the engines (which may all have failed: {@link RoutingResult#isRouted()}). */
        COMPUTED
    }

    /** Whether the {@code routing_engine} chain was set up again in this sweep. */
    public enum SetUp {
        /** The options it reads did not change. */
        SAME,
        /** They changed and the new chain is in force: the routes are computed anew. */
        AGAIN,
        /** They changed but cannot set a chain up ({@link #setUpError()}): the chain in force stays. */
        REFUSED
    }

    private final Kind kind;
    private final SetUp setUp;
    private final String setUpError;
    private final List<String> chainNotes;
    private final List<String> info;
    private final boolean cacheInvalidated;
    private final String persistedDecision;
    private final RoutingInput input;
    private final RoutingResult result;
    private final RoutingEngine engine;
    private final RouteVerifier check;
    private final Supplier<RoutingPass> computation;

    private RoutingPass(Kind kind, Decided d, RoutingInput input, RoutingResult result, RoutingEngine engine,
                        RouteVerifier check, Supplier<RoutingPass> computation) {
        this.kind = kind;
        this.setUp = d.setUp();
        this.setUpError = d.setUpError();
        this.chainNotes = List.copyOf(d.chainNotes());
        this.info = List.copyOf(d.info());
        this.cacheInvalidated = d.cacheInvalidated();
        this.persistedDecision = d.persistedDecision();
        this.input = input;
        this.result = result;
        this.engine = engine;
        this.check = check;
        this.computation = computation;
    }

    /**
     * What the router decided before the routing itself, for the log and the report: the chain's set-up, the lines
     * about the routes in force, whether a repair was refused, the persisted routing's fate.
     */
    record Decided(SetUp setUp, String setUpError, List<String> chainNotes, List<String> info,
                   boolean cacheInvalidated, String persistedDecision) {
    }

    static RoutingPass kept(Decided d) {
        return new RoutingPass(Kind.KEPT, d, null, null, null, null, null);
    }

    static RoutingPass routed(Kind kind, Decided d, RoutingInput in, RoutingResult result, RoutingEngine engine,
                              RouteVerifier check) {
        return new RoutingPass(kind, d, in, result, engine, check, null);
    }

    static RoutingPass toCompute(Decided d, RoutingInput in, Supplier<RoutingPass> computation) {
        return new RoutingPass(Kind.COMPUTE, d, in, null, null, null, computation);
    }

    /** What the sweep does with the routes in force. */
    public Kind kind() {
        return kind;
    }

    /** Whether the chain was set up again. */
    public SetUp setUp() {
        return setUp;
    }

    /** Why the changed options could not set the chain up ({@link SetUp#REFUSED}), else {@code null}. */
    public String setUpError() {
        return setUpError;
    }

    /** The remarks of setting the chain up again ({@link RoutingChain#notes()}); empty unless {@link SetUp#AGAIN}. */
    public List<String> chainNotes() {
        return chainNotes;
    }

    /**
     * What was decided about the routes in force, for the log at INFO: a repair refused (and why) or done, the
     * unicast cache invalidated.
     */
    public List<String> info() {
        return info;
    }

    /**
     * What became of the persisted routing, if one was offered ("routing reused from ...", "persisted routing not
     * used: ..."), for the log at INFO; else {@code null}.
     */
    public String persistedDecision() {
        return persistedDecision;
    }

    /**
     * Whether a repair of the routes in force was refused, so that they are computed anew (the activity report's
     * {@code ucast_cache_invalidated}).
     */
    public boolean cacheInvalidated() {
        return cacheInvalidated;
    }

    /** The routing's input (built from the sweep's fabric), or {@code null} when {@link Kind#KEPT}. */
    public RoutingInput input() {
        return input;
    }

    /** The new routing, or {@code null} when {@link Kind#KEPT} or still to {@link Kind#COMPUTE}. */
    public RoutingResult result() {
        return result;
    }

    /**
     * The engine whose rules the new tables follow, for later repairs ({@code null} for a chain over topologies, a
     * failed routing, or before the routing).
     */
    public RoutingEngine engine() {
        return engine;
    }

    /** The engine's own dump files of a new routing, by name (empty for a repaired or reused one). */
    public Map<String, String> dumpFiles() {
        return result == null || !result.isRouted() ? Map.of() : result.routed().dumpFiles();
    }

    /** What each step of a chain over topologies did, for its own dump files (empty for a plain chain). */
    public List<PartRouting> parts() {
        return result == null ? List.of() : result.parts();
    }

    /**
     * Runs the engines on the input {@link UnicastRouter#route} took, off the thread that called it: at 11664 hosts
     * this takes 0.6-0.9 s, during which that thread can handle the answers of the Sets sent before. Reads only the
     * input, the chain and the chain over topologies, which nothing changes meanwhile.
     *
     * @return the completed pass ({@link Kind#COMPUTED})
     * @throws IllegalStateException unless this pass is {@link Kind#COMPUTE}
     */
    public RoutingPass compute() {
        if (computation == null) {
            throw new IllegalStateException("nothing to compute in a " + kind + " pass");
        }
        return computation.get();
    }

    /**
     * Checks the new routing with the verifier the router chose for it - every check after a full routing and on
     * small fabrics; after a repair of a large one (whose own gate checked only the columns it changed) delivery
     * only, and credit loops where the engine promises none - running {@code betweenBatches} between batches of
     * destinations, where the check may pause or give up by throwing.
     *
     * @throws IllegalStateException unless the pass produced a routing in which an engine routed
     */
    public VerifierReport verify(Runnable betweenBatches) {
        if (check == null || result == null || !result.isRouted()) {
            throw new IllegalStateException("no routing to check in a " + kind + " pass");
        }
        return check.verify(input, result.tables(), result.routed(), betweenBatches);
    }
}
