package dev.jsm.routing.chain;

import dev.jsm.routing.PersistedRouting;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingPass.Decided;
import dev.jsm.routing.chain.RoutingPass.Kind;
import dev.jsm.routing.chain.RoutingPass.SetUp;
import dev.jsm.routing.chain.RoutingRequest.InForce;
import dev.jsm.routing.chain.RoutingRequest.Persisted;
import dev.jsm.routing.chain.RoutingRequest.Repair;
import dev.jsm.routing.repair.RepairCase;
import dev.jsm.routing.repair.RepairOutcome;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairStats;
import dev.jsm.routing.repair.Repairable;
import dev.jsm.routing.repair.RouteRepair;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.portgroup.PortGroupFabric;
import dev.jsm.subnet.snapshot.SubnetDiff;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * A sweep's unicast routing, decided in one call ({@link #route}) as OpenSM's unicast manager decides it, with the
 * daemon's additions (docs/reference/incremental-routing.md): set the chain up again, keep the routes in force, repair
 * them, reuse the persisted routing after a start, or compute anew. The {@link RoutingPass} says what was decided and
 * carries what the daemon records, logs, dumps and reports.
 *
 * <p>Not thread-safe: {@link #route} is called on one thread (the daemon's SM thread), one sweep at a time; a pass's
 * {@link RoutingPass#compute()}, which records what it routed here, runs after that call returned and before the
 * next, on another thread that hands its result back to the first.
 *
 * <p>In detail: docs/design/routing.md#unicastrouter.
 */
public final class UnicastRouter {

    /** The changes OpenSM's unicast cache ({@code use_ucast_cache}) survives: links and nodes that went. */
    private static final Set<RepairCase> CACHE_CASES = EnumSet.of(RepairCase.CA_LINK_DOWN,
            RepairCase.PARALLEL_LINK_DOWN, RepairCase.LAST_LINK_DOWN, RepairCase.SWITCH_GONE);
    private static final DateTimeFormatter SAVED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private final RouteVerifier verifier = new RouteVerifier();
    /** The check after a repair of a large fabric: delivery, and credit loops where the engine promises none. */
    private final RouteVerifier deliveryOnly = new RouteVerifier(new VerifierOptions(20, false, false, false));
    private final RouteVerifier deliveryAndLoops = new RouteVerifier(new VerifierOptions(20, false, false, true));
    /** The engines a chain may name, or {@code null} for a router whose chain is fixed. */
    private final RoutingEngines known;
    private final int threads;
    private RoutingChain chain;
    private ChainSpec chainSpec;
    /**
     * The fabric the routes in force were computed or repaired for, to compare the next sweep's with; {@code null}
     * when there are none. Written by {@link RoutingPass#compute()} on another thread: see the class comment.
     */
    private volatile Supplier<SubnetSnapshot> lastRouted;

    private UnicastRouter(RoutingEngines known, RoutingChain chain, ChainSpec chainSpec, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.known = known;
        this.chain = chain;
        this.chainSpec = chainSpec;
        this.threads = threads;
    }

    /**
     * A router whose chain is set up from {@code spec} now, and again whenever a request names another spec.
     *
     * @param threads workers a repair may use beside the calling thread, at least 1
     * @throws IllegalArgumentException if {@code spec} cannot set a chain up (an unknown engine, a malformed option)
     */
    public static UnicastRouter setUp(ChainSpec spec, RoutingEngines known, int threads) {
        return new UnicastRouter(known, spec.setUp(known), spec, threads);
    }

    /** A router that routes with {@code chain} whatever the requests name (tests, tools). */
    public static UnicastRouter fixed(RoutingChain chain, int threads) {
        return new UnicastRouter(null, chain, null, threads);
    }

    /** The remarks of the chain in force, as it was set up ({@link RoutingChain#notes()}), for the log. */
    public List<String> chainNotes() {
        return chain.notes();
    }

    /** Decides this sweep's routing; see the class comment. */
    public RoutingPass route(RoutingRequest r) {
        SetUp setUp = SetUp.SAME;
        String setUpError = null;
        List<String> chainNotes = List.of();
        if (known != null && !r.chain().equals(chainSpec)) {
            chainSpec = r.chain();
            try {
                chain = r.chain().setUp(known);
                setUp = SetUp.AGAIN;
                chainNotes = chain.notes();
            } catch (IllegalArgumentException e) {
                setUp = SetUp.REFUSED;
                setUpError = e.getMessage();
            }
        }
        boolean reroute = r.rerouteRequested() | setUp == SetUp.AGAIN | r.newTopologies();
        Supplier<SubnetSnapshot> last = lastRouted;
        List<String> info = new ArrayList<>();
        if (!reroute && last != null && SubnetDiff.between(last.get(), r.fabric()).isEmpty()) {
            return RoutingPass.kept(new Decided(setUp, setUpError, chainNotes, info, false, null));
        }
        RoutingInput in = RoutingInput.from(r.fabric(), r.lmc());
        Repaired repair = reroute ? Repaired.NOT_TRIED : repair(r, in, info);
        RoutingResult ready = repair.result();
        Kind kind = Kind.REPAIRED;
        String persistedDecision = null;
        if (ready == null && r.inForce() == null && r.topologies() == null && r.persisted() != null) {
            Reused reused = reuse(r.persisted(), in);
            ready = reused.result();
            kind = Kind.REUSED;
            persistedDecision = reused.decision();
        }
        Decided d = new Decided(setUp, setUpError, chainNotes, info, repair.refused(), persistedDecision);
        RoutingChain plain = chain;
        if (ready == null) {
            return RoutingPass.toCompute(d, in, () -> computed(d, r, in, plain));
        }
        return recorded(kind, d, r, in, ready, plain);
    }

    /** The engines' pass: the chain over topologies in force over this fabric's port groups, or the plain chain. */
    private RoutingPass computed(Decided d, RoutingRequest r, RoutingInput in, RoutingChain plain) {
        TopologyChain topologies = r.topologies();
        RoutingResult result = topologies == null ? plain.route(in) : topologies.route(in,
                topologies.portGroups().resolve(new PortGroupFabric(r.fabric(), r.smPortGuid(), r.partitions())));
        return recorded(Kind.COMPUTED, d, r, in, result, plain);
    }

    /** The completed pass of a new routing, remembered as the routes in force's fabric if an engine routed. */
    private RoutingPass recorded(Kind kind, Decided d, RoutingRequest r, RoutingInput in, RoutingResult result,
                                 RoutingChain plain) {
        RoutingEngine engine = result.isRouted() && r.topologies() == null
                ? plain.engineThatRouted(result).orElse(null) : null;
        lastRouted = result.isRouted() ? r.fabricSlot() : null;
        RouteVerifier check = result.isRouted() ? checkOf(in, kind != Kind.COMPUTED, engine) : null;
        return RoutingPass.routed(kind, d, in, result, engine, check);
    }

    /** What a repair came to: the repaired routing or {@code null}, and whether a repair was refused. */
    private record Repaired(RoutingResult result, boolean refused) {
        static final Repaired NOT_TRIED = new Repaired(null, false);
    }

    /**
     * The routes in force repaired for the changed fabric {@code in}, or a {@code null} result when they must be
     * computed anew: no routes yet, a chain over topologies, an engine that does not repair, a change its rules
     * refuse, or a repair the route verifier rejected - each said in {@code info}, where a refusal also counts.
     */
    private Repaired repair(RoutingRequest r, RoutingInput in, List<String> info) {
        InForce last = r.inForce();
        if (r.repair() == Repair.NONE || last == null || !last.result().isRouted() || r.topologies() != null) {
            return Repaired.NOT_TRIED;
        }
        RoutingEngine engine = last.engine();
        if (engine == null) {
            return Repaired.NOT_TRIED;
        }
        RepairOutcome outcome = RouteRepair.repair(last.input(), last.result().tables(), in, RepairPolicy.of(engine),
                threads);
        if (outcome instanceof RepairOutcome.NeedsRecompute n) {
            info.add("routes computed anew: " + engine.name() + " cannot repair them (" + n.reason() + ")");
            return new Repaired(null, true);
        }
        RepairStats stats = ((RepairOutcome.Repaired) outcome).stats();
        if (r.repair() == Repair.UCAST_CACHE && !stats.cases().keySet().stream().allMatch(CACHE_CASES::contains)) {
            info.add("unicast cache invalidated: " + stats);
            return new Repaired(null, true);
        }
        info.add(engine.name() + " routes repaired: " + stats);
        return new Repaired(last.result().repaired(((RepairOutcome.Repaired) outcome).tables(), stats.nanos()), false);
    }

    /**
     * The verifier for the check after the sweep: every check for a full routing pass and for small fabrics; after a
     * repair of a fabric on which the repair's gate checked only the columns it changed
     * ({@link RouteRepair#gateChecksEveryLid}), delivery only, and credit loops only where the engine promises
     * freedom from them. The repair's own gate already checked what it changed; the full check's path lengths, link
     * load and (for engines that promise nothing) channel dependencies took seconds of CPU at 11664 hosts, most of the
     * CPU of a sequence of incremental sweeps on two cores, beside the next sweep.
     */
    private RouteVerifier checkOf(RoutingInput in, boolean repaired, RoutingEngine engine) {
        if (!repaired || RouteRepair.gateChecksEveryLid(in)) {
            return verifier;
        }
        return engine != null && RepairPolicy.of(engine).promisesDeadlockFreedom() ? deliveryAndLoops : deliveryOnly;
    }

    /** What became of a persisted routing: reused (repaired for this fabric) or not, and the line saying so. */
    private record Reused(RoutingResult result, String decision) {
    }

    /**
     * The persisted routing repaired for {@code in} where the validity table lets it stand, under the same engine and
     * options (docs/reference/incremental-routing.md#the-validity-table): its switches must all be there and no new
     * one, a missing switch-to-switch cable must have a parallel one, and its engine, one of the chain in force, must
     * repair routes and accept the repair.
     */
    private Reused reuse(Persisted offered, RoutingInput in) {
        PersistedRouting p = offered.routing();
        RoutingResult.Attempt attempt = new RoutingResult.Attempt(p.engine(), RouteOutcome.routed(), 0,
                p.fallback());
        RoutingResult persisted = new RoutingResult(p.tables(), attempt, List.of(attempt), List.of(), List.of());
        Optional<RoutingEngine> engine = p.engine().isEmpty() ? Optional.empty() : chain.engineThatRouted(persisted);
        // the validity table's switch rows need no repair: at 11664 hosts, repairing a routing of other switches took
        // 6 s of the SM thread before its statistics said what this says at once
        String why = switchesChanged(p.input(), in);
        if (why == null) {
            if (!offered.sameOptions().getAsBoolean()) {
                why = "the routing options (routing_engine, lmc or an engine's option) changed";
            } else if (engine.isEmpty()) {
                why = "it was not routed by an engine of the chain in force";
            } else if (!(engine.get() instanceof Repairable)) {
                why = p.engine() + " does not repair routes";
            } else {
                RepairOutcome outcome = repairPersisted(p, in, RepairPolicy.of(engine.get()));
                if (outcome instanceof RepairOutcome.NeedsRecompute n) {
                    why = n.reason();
                } else {
                    RepairStats stats = ((RepairOutcome.Repaired) outcome).stats();
                    why = invalidation(stats);
                    if (why == null) {
                        return new Reused(persisted.repaired(((RepairOutcome.Repaired) outcome).tables(),
                                stats.nanos()), "routing reused from " + offered.source() + " (" + p.engine()
                                + ", saved " + SAVED.format(Instant.ofEpochMilli(p.savedAtMillis())) + "): "
                                + changes(stats) + "; " + stats.entriesChanged() + " entries changed");
                    }
                }
            }
        }
        return new Reused(null, "persisted routing not used: " + why + "; the routes are computed anew");
    }

    private RepairOutcome repairPersisted(PersistedRouting p, RoutingInput in, RepairPolicy policy) {
        try {
            return RouteRepair.repair(p.input(), p.tables(), in, policy, threads);
        } catch (RuntimeException e) {
            return new RepairOutcome.NeedsRecompute("the repair failed (" + e + ")");
        }
    }

    /** The validity table's rows that need no repair: a switch missing or new; {@code null} if the same switches. */
    private static String switchesChanged(RoutingInput before, RoutingInput after) {
        String missing = firstMissing(before, after);
        if (missing != null) {
            return "a switch is missing (" + missing + ")";
        }
        String added = firstMissing(after, before);
        return added == null ? null : "a new switch was found (" + added + ")";
    }

    /**
     * Why the validity table invalidates a persisted routing whose switches are all still there
     * ({@link #switchesChanged}), or {@code null} if it stands.
     */
    private static String invalidation(RepairStats stats) {
        if (stats.cases().containsKey(RepairCase.LAST_LINK_DOWN)) {
            return "a switch-to-switch cable is missing and no other cable joins the two switches";
        }
        return null;
    }

    /** The first switch of {@code of} that {@code in} lacks, or {@code null}. */
    private static String firstMissing(RoutingInput of, RoutingInput in) {
        for (long guid : of.switchGuid()) {
            if (in.switchIndexOf(guid) < 0) {
                return Guid.toString(guid);
            }
        }
        return null;
    }

    private static String changes(RepairStats stats) {
        if (stats.cases().isEmpty()) {
            return "fabric unchanged";
        }
        StringJoiner j = new StringJoiner(", ");
        for (RepairCase c : RepairCase.values()) {
            Integer n = stats.cases().get(c);
            if (n != null) {
                j.add(n + " " + c.text());
            }
        }
        return j.toString();
    }
}
