package dev.jsm.routing.chain;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PartRouting;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingPart;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.chain.ChainPolicy.UnicastStep;
import dev.jsm.subnet.portgroup.PortGroupPolicy;
import dev.jsm.subnet.portgroup.PortGroups;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A routing chain over topologies (docs/reference/opensm-behaviour.md#routing-chains): the steps
 * of a {@link ChainPolicy} run in ascending
 * id order, each engine over its topology's part of the fabric only ({@link RoutingPart}), and each step's routes
 * replace, on the part's switches and for the part's LIDs, what the steps before it wrote: a switch configured in
 * several parts keeps, for each LID, the routing of the last engine that covered both. The first step routes the
 * whole fabric, so the LIDs and switches outside every topology (the links that join the topologies, say) keep its
 * routes.
 *
 * <p>Engines are created once, with each step's own options. {@link #route} is called by the sweep thread only; the
 * chain itself is immutable.
 *
 * <p>In detail: docs/design/routing.md#topologychain.
 */
public final class TopologyChain {

    /** The engine that routes the whole fabric when the first step and its fallback failed. */
    public static final String IMPLICIT_FALLBACK = "minhop";

    private final PortGroupPolicy groups;
    private final TopologyPolicy topologies;
    private final ChainPolicy policy;
    private final Map<Integer, RoutingEngine> engines;
    private final RoutingEngine implicitFallback;

    private TopologyChain(PortGroupPolicy groups, TopologyPolicy topologies, ChainPolicy policy,
                          Map<Integer, RoutingEngine> engines, RoutingEngine implicitFallback) {
        this.groups = groups;
        this.topologies = topologies;
        this.policy = policy;
        this.engines = Map.copyOf(engines);
        this.implicitFallback = implicitFallback;
    }

    /**
     * Creates the engines of every step (fallbacks included).
     *
     * @param groups the port groups the topologies name
     * @param topologies the topologies the steps name
     * @param policy the steps
     * @param known the engines by name
     * @param options the options of each step's engine (its own file's over the main ones)
     * @throws IllegalArgumentException if an engine is unknown or an option it reads is malformed (the message names
     *     the step)
     */
    public static TopologyChain create(PortGroupPolicy groups, TopologyPolicy topologies, ChainPolicy policy,
                                       RoutingEngines known, Function<UnicastStep, EngineOptions> options) {
        Map<Integer, RoutingEngine> engines = new HashMap<>();
        List<UnicastStep> all = new ArrayList<>(policy.steps());
        for (UnicastStep s : policy.steps()) {
            policy.fallbackOf(s.id()).ifPresent(all::add);
        }
        for (UnicastStep s : all) {
            engines.put(s.id(), engine(known, s.engine(), options.apply(s), s));
        }
        RoutingEngine minhop = known.factory(IMPLICIT_FALLBACK) == null ? null
                : engine(known, IMPLICIT_FALLBACK, options.apply(policy.steps().get(0)), policy.steps().get(0));
        return new TopologyChain(groups, topologies, policy, engines, minhop);
    }

    private static RoutingEngine engine(RoutingEngines known, String name, EngineOptions options, UnicastStep s) {
        RoutingEngineFactory f = known.factory(name);
        if (f == null) {
            throw new IllegalArgumentException("unicast step " + s.id() + ": unknown routing engine '" + name + "'");
        }
        try {
            return f.create(options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unicast step " + s.label() + ": " + e.getMessage(), e);
        }
    }

    /** The port groups whose resolution {@link #route} needs. */
    public PortGroupPolicy portGroups() {
        return groups;
    }

    /**
     * Routes the fabric step by step.
     *
     * @param in the whole fabric
     * @param resolved the port groups of {@link #portGroups()} resolved in the same fabric
     * @return the merged tables, with every step's part in {@link RoutingResult#parts()}
     */
    public RoutingResult route(RoutingInput in, PortGroups resolved) {
        return new Pass(in, new TopologyParts(in, resolved)).run();
    }

    /** {@code TopologyChain[1.updn, 2.ftree (fallback 4.minhop), 3.torus-2QoS]}. */
    @Override
    public String toString() {
        List<String> s = new ArrayList<>();
        for (UnicastStep step : policy.steps()) {
            s.add(step.label() + policy.fallbackOf(step.id()).map(f -> " (fallback " + f.label() + ")").orElse(""));
        }
        return "TopologyChain[" + String.join(", ", s) + "]";
    }

    /** One routing pass. Confined to the calling thread. */
    private final class Pass {
        private final RoutingInput in;
        private final TopologyParts parts;
        private final LftTables merged;
        private final int[] lidStep;
        private final int[] switchStep;
        private final List<PartRouting> routed = new ArrayList<>();
        private final List<PartRouting> all = new ArrayList<>();
        private final List<RoutingResult.Attempt> attempts = new ArrayList<>();
        private final List<String> warnings = new ArrayList<>();
        private long nanos;

        Pass(RoutingInput in, TopologyParts parts) {
            this.in = in;
            this.parts = parts;
            this.merged = LftTables.forInput(in);
            this.lidStep = new int[in.maxLid() + 1];
            this.switchStep = new int[in.switchCount()];
            Arrays.fill(lidStep, -1);
            Arrays.fill(switchStep, -1);
        }

        RoutingResult run() {
            boolean first = true;
            for (UnicastStep step : policy.steps()) {
                boolean done = runWithFallback(step);
                if (first && !done) {
                    if (!wholeFabricFallback(step)) {
                        warnings.add("ROUT-0104 no routing engine routed the fabric (rch_policy_file "
                                + policy.source() + ")");
                        return new RoutingResult(null, null, attempts, warnings, all);
                    }
                }
                first = false;
            }
            merged.copyExtraLids(in);
            RouteOutcome.Routed outcome = combined();
            RoutingResult.Attempt winner = new RoutingResult.Attempt(describe(), outcome, nanos, false);
            return new RoutingResult(merged, winner, attempts, warnings, all);
        }

        private String describe() {
            List<String> labels = new ArrayList<>();
            for (PartRouting p : routed) {
                labels.add(p.label());
            }
            return "chain[" + String.join(", ", labels) + "]";
        }

        /** Runs a step, then its fallback if it did not route; whether one of them routed. */
        private boolean runWithFallback(UnicastStep step) {
            Optional<RoutingPart> part = part(step);
            if (part.isEmpty()) {
                return false;
            }
            if (attempt(step, engines.get(step.id()), part.get(), false)) {
                return true;
            }
            Optional<UnicastStep> fallback = policy.fallbackOf(step.id());
            if (fallback.isPresent()) {
                warnings.add("ROUT-0105 unicast step " + step.label() + " did not route topology " + step.topology()
                        + ": falling back to step " + fallback.get().label() + " (topology "
                        + fallback.get().topology() + ")");
                Optional<RoutingPart> fp = part(fallback.get());
                if (fp.isPresent() && attempt(fallback.get(), engines.get(fallback.get().id()), fp.get(), true)) {
                    return true;
                }
            }
            if (step.topology() != 0 || step != policy.steps().get(0)) {
                warnings.add("ROUT-0106 topology " + step.topology() + " of unicast step " + step.label()
                        + " was not routed" + (fallback.isPresent() ? " by its fallback either" : "")
                        + ": its switches keep the routes of the steps before");
            }
            return false;
        }

        private boolean wholeFabricFallback(UnicastStep first) {
            if (implicitFallback == null) {
                return false;
            }
            warnings.add("ROUT-0103 the first unicast step " + first.label() + " did not route the fabric; "
                    + "falling back to " + IMPLICIT_FALLBACK + " over the whole fabric");
            UnicastStep implicit = new UnicastStep(first.id(), IMPLICIT_FALLBACK, "implicit fallback", null, 0, 0,
                    -1, first.line());
            return attempt(implicit, implicitFallback, RoutingPart.whole(in), true);
        }

        private Optional<RoutingPart> part(UnicastStep step) {
            if (step.topology() == 0) {
                return Optional.of(RoutingPart.whole(in));
            }
            RoutingPart p = parts.part(topologies.topology(step.topology()).orElseThrow());
            if (p.switchCount() == 0) {
                warnings.add("ROUT-0107 topology " + step.topology() + " of unicast step " + step.label()
                        + " has no switch in this fabric: the step is skipped");
                return Optional.empty();
            }
            return Optional.of(p);
        }

        /** Runs one engine over one part; merges its routes if it routed. */
        private boolean attempt(UnicastStep step, RoutingEngine engine, RoutingPart part, boolean fallback) {
            LftTables tables = LftTables.forInput(part.input());
            long t0 = System.nanoTime();
            RouteOutcome outcome;
            try {
                outcome = engine.route(part.input(), tables);
                if (outcome == null) {
                    outcome = RouteOutcome.failed("the engine returned no outcome");
                }
            } catch (RuntimeException e) {
                outcome = RouteOutcome.failed("the engine threw " + e);
            }
            long took = System.nanoTime() - t0;
            nanos += took;
            RoutingResult.Attempt a = new RoutingResult.Attempt(step.label(), outcome, took, fallback);
            attempts.add(a);
            PartRouting result = new PartRouting(step.label(), part, tables, outcome, fallback);
            all.add(result);
            if (!result.isRouted()) {
                warnings.add(a.describe());
                return false;
            }
            merge(result, step.pathBit());
            return true;
        }

        private void merge(PartRouting step, int pathBit) {
            int k = routed.size();
            routed.add(step);
            RoutingInput p = step.part().input();
            int[] base = p.endPortBaseLid();
            int[] count = p.endPortLidCount();
            for (int e = 0; e < base.length; e++) {
                int from = pathBit < 0 ? base[e] : base[e] + pathBit;
                int to = pathBit < 0 ? base[e] + count[e] - 1 : (pathBit < count[e] ? from : from - 1);
                for (int lid = from; lid <= to && lid <= in.maxLid(); lid++) {
                    lidStep[lid] = k;
                }
            }
            for (int s = 0; s < p.switchCount(); s++) {
                int sw = step.part().fullSwitch(s);
                switchStep[sw] = k;
                byte[] own = step.tables().lft(s);
                byte[] row = merged.lft(sw);
                for (int e = 0; e < base.length; e++) {
                    int from = pathBit < 0 ? base[e] : base[e] + pathBit;
                    int to = pathBit < 0 ? base[e] + count[e] - 1 : (pathBit < count[e] ? from : from - 1);
                    for (int lid = from; lid <= to && lid <= in.maxLid(); lid++) {
                        if ((own[lid] & 0xFF) != LftTables.NO_PATH) {
                            row[lid] = own[lid];
                        }
                    }
                }
            }
        }

        /** The chain's outcome: combined SLs and VLs, every step's notes and dump files under its label. */
        private RouteOutcome.Routed combined() {
            List<String> notes = new ArrayList<>();
            Map<String, String> dumps = new HashMap<>();
            for (PartRouting p : routed) {
                for (String n : p.routed().notes()) {
                    notes.add("step " + p.label() + ": " + n);
                }
                p.routed().dumpFiles().forEach((name, text) -> dumps.put(StepFileNames.of(name, p.label()), text));
            }
            ChainSl2Vl sl2Vl = new ChainSl2Vl(routed, switchStep);
            boolean plainSl = true;
            for (PartRouting p : routed) {
                plainSl &= p.routed().pathSl() == PathSlProvider.DEFAULT;
            }
            return new RouteOutcome.Routed(
                    plainSl ? PathSlProvider.DEFAULT
                            : new ChainPathSl(in, merged, List.copyOf(routed), lidStep.clone()),
                    sl2Vl.allVl0() ? Sl2VlProvider.ALL_VL0 : sl2Vl, notes, dumps, null);
        }
    }
}
