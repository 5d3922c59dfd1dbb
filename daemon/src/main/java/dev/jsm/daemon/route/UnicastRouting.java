package dev.jsm.daemon.route;

import dev.jsm.conf.RoutingOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.AfterSweep;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepGate;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.ChainSpec;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.chain.RoutingPass;
import dev.jsm.routing.chain.RoutingRequest;
import dev.jsm.routing.chain.UnicastRouter;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.portgroup.PartitionMembers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The unicast routing stage: once per sweep it hands the routing module's {@link UnicastRouter} everything routing
 * depends on and acts on the {@link RoutingPass} it decided - records a new routing in the {@link RoutingState}, logs
 * its warnings, writes its dump files, makes its tables the switches' wanted LFTs, queues its check for after the sweep
 * and tells the activity report.
 *
 * <p>Confined to the SM thread, but for a full routing's pass through the engines ({@link RoutingPass#compute()}),
 * which runs on the pipeline's thread between {@link #run} and the next stage ({@link #computeOffSmThread}), and the
 * route check, which runs on the after-sweep thread ({@link AfterSweep}) and only logs and records its verdict.
 *
 * <p>In detail: docs/design/daemon.md#unicastrouting.
 */
public final class UnicastRouting implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(UnicastRouting.class);

    /** Workers a repair may use beside the SM thread. */
    private static final int REPAIR_THREADS = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);

    private final StageServices services;
    private final AfterSweep afterSweep;
    private final UnicastRouter router;
    private final ChainPolicies policies;
    private final Supplier<PartitionSet> partitions;
    private final RoutingState routes;
    private final RoutingPersistence persistence;
    /**
     * A full routing {@link #run} left to {@link #computeOffSmThread}; written on the SM thread, read on the
     * pipeline's after {@link #run} returned (the SM thread's hand-back orders the two).
     */
    private RoutingPass pending;

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
        this.router = UnicastRouter.fixed(chain, REPAIR_THREADS);
        this.policies = new ChainPolicies(RoutingEngines.of(List.of()));
        this.partitions = () -> null;
        this.routes = routes;
        this.persistence = null;
    }

    /**
     * A stage whose chain is set up from {@code options} now (its remarks logged), and again whenever the options in
     * force change.
     *
     * @param services the options, the activity report, the dump directory, the sweep gate
     * @param afterSweep where the route check after the sweep is queued
     * @param options the options at start-up
     * @param known the engines {@code routing_engine} may name
     * @param policies the routing chain over topologies, which replaces the chain while one is in force
     * @param partitions the partitions in force, for port groups that name partitions
     * @param routes where the routing in force is recorded
     * @param persistence the routing persisted by the last run, reused at the first routing where it is valid
     * @throws IllegalArgumentException if {@code options} cannot set a chain up (an unknown engine, a malformed option)
     */
    public UnicastRouting(StageServices services, AfterSweep afterSweep, SmOptions options, RoutingEngines known,
                          ChainPolicies policies, Supplier<PartitionSet> partitions, RoutingState routes,
                          RoutingPersistence persistence) {
        this.services = services;
        this.afterSweep = afterSweep;
        this.router = UnicastRouter.setUp(chainSpec(options), known, REPAIR_THREADS);
        router.chainNotes().forEach(n -> LOG.warn("ROUT-0507 {}", n));
        this.policies = policies;
        this.partitions = partitions;
        this.routes = routes;
        this.persistence = persistence;
    }

    /** The {@code routing_engine} chain {@code o} names, with every option that has a value for its engines. */
    static ChainSpec chainSpec(SmOptions o) {
        return new ChainSpec(o.get(RoutingOptions.ROUTING_ENGINE), StepOptions.mainOptions(o));
    }

    @Override
    public String name() {
        return "unicast-routing";
    }

    @Override
    public StageOutcome run(SweepState state) {
        pending = null;
        SmOptions o = services.options();
        boolean rerouteRequested = routes.takeRerouteRequest();
        boolean newTopologies = policies.refresh(o);
        PartitionSet set = partitions.get();
        RoutingPass pass = router.route(new RoutingRequest(state.snapshot(), state.snapshotSlot(), o.lmc(),
                state.smPortGuid(), set == null ? PartitionMembers.NONE : set::isMember, chainSpec(o),
                policies.inForce(), newTopologies, rerouteRequested,
                RoutingRequest.Repair.of(o.get(RoutingOptions.INCREMENTAL_ROUTING),
                        o.get(RoutingOptions.USE_UCAST_CACHE)),
                routes.inForce(), persistence == null ? null : persistence.offer(o)));
        logDecision(pass);
        switch (pass.kind()) {
            case KEPT -> LOG.log(LogLevels.VERBOSE, "topology and LIDs unchanged since the last routing: routes kept");
            case COMPUTE -> pending = pass;
            default -> {
                services.activity().ucastCacheRoutingDone();
                record(state, pass);
            }
        }
        return StageOutcome.CONTINUE;
    }

    /** What the router decided before routing: the chain's set-up, the routes in force, the persisted routing. */
    private void logDecision(RoutingPass pass) {
        switch (pass.setUp()) {
            case AGAIN -> {
                pass.chainNotes().forEach(n -> LOG.warn("ROUT-0507 {}", n));
                LOG.info("routing engines set up again with the reloaded options: the routes are computed anew");
            }
            case REFUSED -> LOG.error("ROUT-0512 the reloaded options cannot set up the routing engines ({}); they "
                    + "keep the options they had", pass.setUpError());
            case SAME -> { }
        }
        pass.info().forEach(line -> LOG.info("{}", line));
        if (pass.cacheInvalidated()) {
            services.activity().ucastCacheInvalidated();
        }
        if (pass.persistedDecision() != null) {
            persistence.decided(pass.persistedDecision());
            LOG.info("{}", pass.persistedDecision());
        }
    }

    /**
     * The engines' pass that {@link #run} left for a full routing, on the pipeline's thread. At 11664 hosts it takes
     * 0.6-0.9 s, during which the SM thread used to run no handler: the P_Key stage's Sets, handed on as their
     * answers come in, stopped going out (about 1,000 MADs in 0.8 s under ibsim).
     */
    @Override
    public Runnable computeOffSmThread(SweepState state) {
        RoutingPass p = pending;
        if (p == null) {
            return null;
        }
        RoutingPass done = p.compute();
        return () -> {
            services.activity().routing(done.result());
            record(state, done);
        };
    }

    /**
     * Records a new routing, logs and dumps it, queues its check and sets the switches' wanted LFTs; on the SM thread.
     * Lets go of a pending pass.
     */
    private void record(SweepState state, RoutingPass pass) {
        pending = null;
        RoutingInput in = pass.input();
        RoutingResult result = pass.result();
        routes.record(in, result, pass.engine());
        for (String w : result.warnings()) {
            LOG.warn(w);
        }
        if (!result.isRouted()) {
            routes.recordCheck(new RouteCheck(result, null));
            LOG.error("ROUT-0501 no routing engine produced routes; the switches keep their tables");
            state.recordError();
            return;
        }
        LOG.info("{} ({} switches, {} LIDs)", result.summary(), in.switchCount(), in.maxLid());
        result.routed().notes().forEach(n -> LOG.info("{}: {}", result.engineUsed().orElse("routing"), n));
        pass.dumpFiles().forEach((name, text) -> writeDump(services.dumpDir().resolve(name), text));
        pass.parts().forEach(p -> DumpFiles.writeStep(services.dumpDir(), state.snapshot(),
                services.options().logFlags(), p, services.nodeNames()));
        int generation = routes.generation();
        SweepGate gate = services.sweepGate();
        afterSweep.add(() -> verify(pass, generation, gate));
        result.tables().applyWanted(in, state.subnet());
    }

    /** True: routing sends no MAD, and the LFT stage that follows needs only the wanted tables it leaves. */
    @Override
    public boolean overlapsNext() {
        return true;
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
    private void verify(RoutingPass pass, int generation, SweepGate gate) {
        RoutingResult result = pass.result();
        VerifierReport report;
        try {
            report = pass.verify(() -> stepAside(gate, generation));
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
