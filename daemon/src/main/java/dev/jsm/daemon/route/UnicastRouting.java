package dev.jsm.daemon.route;

import dev.jsm.conf.RoutingOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.AfterSweep;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepGate;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.chain.TopologyChain;
import dev.jsm.routing.repair.RepairCase;
import dev.jsm.routing.repair.RepairOutcome;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairStats;
import dev.jsm.routing.repair.RouteRepair;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.portgroup.PartitionMembers;
import dev.jsm.subnet.portgroup.PortGroupFabric;
import dev.jsm.subnet.snapshot.SubnetDiff;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Unicast routing: the sweep's {@link SubnetSnapshot} goes through {@link RoutingInput#from} to the configured
 * {@link RoutingChain}, or to the routing chain over topologies in force ({@link ChainPolicies}: each step's own
 * dump files are written beside the engines' when {@code log_flags} has ROUTING); engines that declined or failed and
 * the fallback to minhop are logged at WARN; the {@link RouteVerifier} checks the tables when the sweep has ended
 * (unreachable pairs are logged at ERROR with the first few); the tables become the switches' wanted LFTs. When neither
 * the topology nor any LID changed since the last routing ({@link SubnetDiff} empty) and no other chain came into
 * force, the routes are kept as they are, as OpenSM's unicast cache would. The first routing after a start reuses the
 * routing persisted by the last run where the fabric's changes allow ({@link RoutingPersistence}). Each routing goes to
 * the activity report: {@code routing_succeed} or {@code routing_failed} per engine tried,
 * {@code ucast_cache_routing_done} for routes repaired, {@code ucast_cache_invalidated} for a repair refused.
 *
 * <p>The engines read their options when they are created. When the options in force differ from those the chain
 * was set up with (a re-read config file changed one), the stage sets the chain up again from the new options and
 * computes the routes anew, so a reloaded routing option ({@code scatter_ports}, {@code connect_roots},
 * {@code nue_max_num_vls}, ...) takes effect at that sweep; options the engines do not read only cost one more
 * routing pass, whose tables equal the last ones. A chain that cannot be set up from the new options is logged and
 * the old one kept.
 *
 * <p>Confined to the SM thread, but for a full routing's pass through the engines, which runs on the pipeline's thread
 * between {@link #run} and the next stage ({@link #computeOffSmThread}), and the route check, which runs on a
 * background thread after the sweep ({@link AfterSweep}) and only logs and records its verdict.
 */
public final class UnicastRouting implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(UnicastRouting.class);

    /** The changes OpenSM's unicast cache ({@code use_ucast_cache}) survives: links and nodes that went. */
    private static final Set<RepairCase> CACHE_CASES = EnumSet.of(RepairCase.CA_LINK_DOWN,
            RepairCase.PARALLEL_LINK_DOWN, RepairCase.LAST_LINK_DOWN, RepairCase.SWITCH_GONE);
    /** Workers a repair may use beside the SM thread. */
    private static final int REPAIR_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);

    private final StageServices services;
    private final AfterSweep afterSweep;
    private final RouteVerifier verifier = new RouteVerifier();
    /** The check after a repair of a large fabric: delivery, and credit loops where the engine promises none. */
    private final RouteVerifier deliveryOnly = new RouteVerifier(new VerifierOptions(20, false, false, false));
    private final RouteVerifier deliveryAndLoops = new RouteVerifier(new VerifierOptions(20, false, false, true));
    private final Function<SmOptions, RoutingChain> engines;
    private final ChainPolicies policies;
    private final Supplier<PartitionSet> partitions;
    private final RoutingState routes;
    private final RoutingPersistence persistence;
    private RoutingChain chain;
    private SmOptions chainOptions;
    private Supplier<SubnetSnapshot> lastRouted;
    /**
     * A full routing {@link #run} left to {@link #computeOffSmThread}; written on the SM thread, read on the
     * pipeline's after {@link #run} returned (the SM thread's hand-back orders the two).
     */
    private Pending pending;

    /**
     * A stage that routes with one chain whatever the options.
     *
     * @param services the options, the activity report, the dump directory, the sweep gate
     * @param afterSweep where the route check after the sweep is queued
     * @param chain the routing engines
     * @param routes where the routing in force is recorded
     */
    public UnicastRouting(StageServices services, AfterSweep afterSweep, RoutingChain chain, RoutingState routes) {
        this.services = services;
        this.afterSweep = afterSweep;
        this.engines = null;
        this.chain = chain;
        this.policies = new ChainPolicies(RoutingEngines.of(List.of()));
        this.partitions = () -> null;
        this.routes = routes;
        this.persistence = null;
    }

    /**
     * A stage whose chain is set up from {@code options} now, and again whenever the options in force change.
     *
     * @param services the options, the activity report, the dump directory, the sweep gate
     * @param afterSweep where the route check after the sweep is queued
     * @param options the options at start-up
     * @param engines sets a chain up from options ({@code routing_engine} and what the engines read)
     * @param policies the routing chain over topologies, which replaces the chain while one is in force
     * @param partitions the partitions in force, for port groups that name partitions
     * @param routes where the routing in force is recorded
     * @param persistence the routing persisted by the last run, reused at the first routing where it is valid
     * @throws IllegalArgumentException if {@code engines} cannot set a chain up from {@code options}
     */
    public UnicastRouting(StageServices services, AfterSweep afterSweep, SmOptions options,
                          Function<SmOptions, RoutingChain> engines, ChainPolicies policies,
                          Supplier<PartitionSet> partitions, RoutingState routes, RoutingPersistence persistence) {
        this.services = services;
        this.afterSweep = afterSweep;
        this.engines = engines;
        this.chain = engines.apply(options);
        this.chainOptions = options;
        this.policies = policies;
        this.partitions = partitions;
        this.routes = routes;
        this.persistence = persistence;
    }

    @Override
    public String name() {
        return "unicast-routing";
    }

    @Override
    public StageOutcome run(SweepState state) {
        pending = null;
        SubnetSnapshot now = state.snapshot();
        boolean reroute = routes.takeRerouteRequest() | setUpAgainIfChanged(services.options())
                | policies.refresh(services.options());
        if (!reroute && lastRouted != null && SubnetDiff.between(lastRouted.get(), now).isEmpty()) {
            LOG.log(LogLevels.VERBOSE, "topology and LIDs unchanged since the last routing: routes kept");
            return StageOutcome.CONTINUE;
        }
        RoutingInput in = RoutingInput.from(now, services.options().lmc());
        RoutingResult repaired = reroute ? null : repair(services.options(), in, services.activity());
        if (repaired == null && routes.result() == null && policies.inForce() == null && persistence != null) {
            repaired = persistence.reuse(in, chain, services.options(), REPAIR_THREADS);
        }
        if (repaired == null) {
            pending = new Pending(now, in);
            return StageOutcome.CONTINUE;
        }
        services.activity().ucastCacheRoutingDone();
        record(state, now, in, repaired, true);
        return StageOutcome.CONTINUE;
    }

    /**
     * The engines' pass that {@link #run} left for a full routing, on the pipeline's thread: it reads only the
     * routing input, the chain and the policies in force, which the SM thread does not change during the sweep. At
     * 11664 hosts it takes 0.6-0.9 s, during which the SM thread used to run no handler: the P_Key stage's Sets,
     * handed on as their answers come in, stopped going out (about 1,000 MADs in 0.8 s under ibsim).
     */
    @Override
    public Runnable computeOffSmThread(SweepState state) {
        Pending p = pending;
        if (p == null) {
            return null;
        }
        RoutingResult result = route(state, p.snapshot(), p.in());
        return () -> {
            services.activity().routing(result);
            record(state, p.snapshot(), p.in(), result, false);
        };
    }

    /** What {@link #run} took for the engines' pass off the SM thread. */
    private record Pending(SubnetSnapshot snapshot, RoutingInput in) {
    }

    /**
     * Records {@code result}, logs and dumps it, plans its check and sets the switches' wanted LFTs; on the SM thread.
     * Lets go of a pending pass's input and snapshot.
     */
    private void record(SweepState state, SubnetSnapshot now, RoutingInput in, RoutingResult result, boolean repaired) {
        pending = null;
        routes.record(in, result, result.isRouted() && policies.inForce() == null
                ? chain.engineThatRouted(result).orElse(null) : null);
        for (String w : result.warnings()) {
            LOG.warn(w);
        }
        if (!result.isRouted()) {
            routes.recordCheck(new RouteCheck(result, null));
            LOG.error("ROUT-0501 no routing engine produced routes; the switches keep their tables");
            state.recordError();
            lastRouted = null;
            return;
        }
        LOG.info("{} ({} switches, {} LIDs)", result.summary(), in.switchCount(), in.maxLid());
        RouteOutcome.Routed routed = result.routed();
        routed.notes().forEach(n -> LOG.info("{}: {}", result.engineUsed().orElse("routing"), n));
        routed.dumpFiles().forEach((name, text) -> writeDump(services.dumpDir().resolve(name), text));
        result.parts().forEach(p -> DumpFiles.writeStep(services.dumpDir(), now, services.options().logFlags(), p,
                services.nodeNames()));
        RouteVerifier check = checkOf(in, repaired);
        int generation = routes.generation();
        SweepGate gate = services.sweepGate();
        afterSweep.add(() -> verify(in, result, check, generation, gate));
        result.tables().applyWanted(in, state.subnet());
        lastRouted = state.snapshotSlot();
    }

    /**
     * Sets the chain up again if {@code options} differ from those it was set up with.
     *
     * @return whether a new chain is in place
     */
    private boolean setUpAgainIfChanged(SmOptions options) {
        if (engines == null || options == chainOptions || options.equals(chainOptions)) {
            return false;
        }
        chainOptions = options;
        try {
            chain = engines.apply(options);
        } catch (IllegalArgumentException e) {
            LOG.error("ROUT-0512 the reloaded options cannot set up the routing engines ({}); they keep the options "
                    + "they had", e.getMessage());
            return false;
        }
        LOG.info("routing engines set up again with the reloaded options: the routes are computed anew");
        return true;
    }

    /**
     * The routes in force repaired for the changed fabric {@code in} ({@code incremental_routing}; with only
     * {@code use_ucast_cache}, only when every change is one OpenSM's unicast cache survives: links or nodes gone),
     * or null when they must be computed anew: no routes yet, a chain over topologies, an engine that does not repair,
     * a change its rules refuse, or a repair the route verifier rejected (each logged). A refused repair is reported
     * as {@code ucast_cache_invalidated} to {@code activity}.
     */
    private RoutingResult repair(SmOptions options, RoutingInput in, ActivityReport activity) {
        boolean incremental = options.get(RoutingOptions.INCREMENTAL_ROUTING);
        boolean cache = options.get(RoutingOptions.USE_UCAST_CACHE);
        RoutingResult last = routes.result();
        if (!incremental && !cache || last == null || !last.isRouted() || policies.inForce() != null) {
            return null;
        }
        RoutingEngine engine = routes.engine();
        if (engine == null) {
            return null;
        }
        RepairOutcome outcome = RouteRepair.repair(routes.input(), last.tables(), in, RepairPolicy.of(engine),
                REPAIR_THREADS);
        if (outcome instanceof RepairOutcome.NeedsRecompute n) {
            LOG.info("routes computed anew: {} cannot repair them ({})", engine.name(), n.reason());
            activity.ucastCacheInvalidated();
            return null;
        }
        RepairStats stats = ((RepairOutcome.Repaired) outcome).stats();
        if (!incremental && !stats.cases().keySet().stream().allMatch(CACHE_CASES::contains)) {
            LOG.info("unicast cache invalidated: {}", stats);
            activity.ucastCacheInvalidated();
            return null;
        }
        LOG.info("{} routes repaired: {}", engine.name(), stats);
        return last.repaired(((RepairOutcome.Repaired) outcome).tables(), stats.nanos());
    }

    /** The chain over topologies in force, over the port groups resolved in this sweep's fabric, or the plain one. */
    private RoutingResult route(SweepState state, SubnetSnapshot now, RoutingInput in) {
        TopologyChain topologies = policies.inForce();
        if (topologies == null) {
            return chain.route(in);
        }
        PartitionSet set = partitions.get();
        PortGroupFabric fabric = new PortGroupFabric(now, state.smPortGuid(),
                set == null ? PartitionMembers.NONE : set::isMember);
        return topologies.route(in, topologies.portGroups().resolve(fabric));
    }

    /** True: routing sends no MAD, and the LFT stage that follows needs only the wanted tables it leaves. */
    @Override
    public boolean overlapsNext() {
        return true;
    }

    /**
     * The verifier for the check after the sweep: every check for a full routing pass and for small fabrics; after a
     * repair of a fabric on which the repair's gate checked only the columns it changed
     * ({@link RouteRepair#gateChecksEveryLid}), delivery only, and credit loops only where
     * the engine promises freedom from them. The repair's own gate already checked what it changed; the full check's
     * path lengths, link load and (for engines that promise nothing) channel dependencies took seconds of CPU at
     * 11664 hosts, most of the CPU of a sequence of incremental sweeps on two cores, beside the next sweep.
     */
    private RouteVerifier checkOf(RoutingInput in, boolean repaired) {
        if (!repaired || RouteRepair.gateChecksEveryLid(in)) {
            return verifier;
        }
        RoutingEngine engine = routes.engine();
        return engine != null && RepairPolicy.of(engine).promisesDeadlockFreedom() ? deliveryAndLoops : deliveryOnly;
    }

    /**
     * Checks the routes once the sweep has ended, on the background thread (the daemon waits for it before it exits,
     * so {@code -o} still reports). The check only reports: the tables are programmed whatever it finds, so it need
     * not hold the sweep up; run beside the sweep it took CPU from the MADs on the wire (on two cores fat2-648
     * reached SUBNET UP about 30 ms later), and run on the event loop it kept the next event waiting (6-8 s at 11664
     * hosts). It also steps aside for the sweeps that come while it runs, and gives up once a newer routing of
     * {@code generation}'s successors replaced the routes it checks (whose own check follows; off-sweep balancing
     * records its own). Unreachable pairs are logged at ERROR with the first few, credit loops at VERBOSE, a moment
     * after SUBNET UP.
     */
    private void verify(RoutingInput in, RoutingResult result, RouteVerifier check, int generation, SweepGate gate) {
        VerifierReport report;
        try {
            report = check.verify(in, result.tables(), result.routed(), () -> stepAside(gate, generation));
            stepAside(gate, generation);
        } catch (CheckAbandoned e) {
            LOG.log(LogLevels.VERBOSE, "route check of {} given up: {}", result.summary(), e.getMessage());
            return;
        }
        routes.recordCheck(new RouteCheck(result, report));
        if (report.unreachablePairs() > 0) {
            StringBuilder first = new StringBuilder();
            for (VerifierReport.UnreachablePair p : report.unreachable()) {
                first.append("; ").append(p);
            }
            LOG.error("ROUT-0502 the routes leave {} of {} switch-to-LID pairs unreachable{}",
                    report.unreachablePairs(), report.pairs(), first);
        }
        if (report.creditLoops().hasCycle()) {
            LOG.log(LogLevels.VERBOSE, "ROUT-0503 the routes have a credit loop: {}", report.creditLoops());
        }
        LOG.log(LogLevels.VERBOSE, "{}", report.hops());
    }

    /**
     * Between two batches of the check of routing {@code generation}: waits while a sweep runs (a cable's failure
     * answered sooner), and gives the check up as soon as another routing comes (its own check follows it), also
     * while it waits: held through the sweep, the routing it checks was a third copy of the forwarding tables at a
     * repair's peak (21.5 MB at 11664 hosts).
     */
    private void stepAside(SweepGate gate, int generation) {
        boolean noSweep;
        try {
            noSweep = gate.awaitNoSweep(() -> routes.generation() != generation);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CheckAbandoned("interrupted");
        }
        if (!noSweep || routes.generation() != generation) {
            throw new CheckAbandoned("newer routes replaced them");
        }
    }

    /** Ends a route check whose routes are no longer in force. */
    private static final class CheckAbandoned extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CheckAbandoned(String why) {
            super(why, null, false, false);
        }
    }

    /** Writes one of the engine's dump files; a failure is logged, never fatal. */
    private static void writeDump(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.error("ROUT-0509 cannot write {}: {}", file, e.toString());
        }
    }
}
