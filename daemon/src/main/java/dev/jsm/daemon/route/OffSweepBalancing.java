package dev.jsm.daemon.route;

import dev.jsm.conf.RoutingOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.balance.BalanceOutcome;
import dev.jsm.routing.balance.OffSweepBalancer;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Off-sweep balancing ({@code offsweep_balancing_enabled}, {@code offsweep_balancing_window};
 * docs/reference/opensm-behaviour.md#activity-report-and-off-sweep-balancing): once the
 * routing in force has stood for the window since the sweep that computed or repaired it, a balanced solution of
 * the same engine ({@link OffSweepBalancer}: minhop, dor and updn, as NVIDIA's OpenSM) is computed on a thread of its
 * own while the fabric keeps running, checked by the {@link RouteVerifier} against the tables in force (no pair they
 * deliver may be lost; no credit loop where the engine promises none), and then installed by a short run on the
 * event loop: the new tables become the routing in force and the LFT stage sends only the blocks that differ. A
 * routing that came meanwhile (any sweep that routed again) makes the result stale: it is discarded, and the window
 * starts over from that sweep. A light sweep that finds nothing changed does not restart the window, so balancing
 * happens with the default {@code sweep_interval} of 10 s and window of 180 s.
 *
 * <p>Threading: the stages and {@link #close} run on the SM thread (confined state); the computation on
 * {@code jsm-balance}, which hands its result over through a volatile field.
 *
 * <p>In detail: docs/design/daemon.md#offsweepbalancing.
 */
public final class OffSweepBalancing {

    private static final Logger LOG = LogManager.getLogger(OffSweepBalancing.class);
    /** The engines NVIDIA's OpenSM names for off-sweep balancing. */
    static final Set<String> ENGINES = Set.of("minhop", "dor", "updn");
    /** Every pair and credit loops; samples for the log. */
    private static final RouteVerifier VERIFIER = new RouteVerifier(new VerifierOptions(3, false));

    private final StageServices services;
    private final RoutingState routes;
    private final SmEvents events;
    private final ScheduledExecutorService timer;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jsm-balance");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> window;
    private int scheduledGeneration = -1;
    private int startedGeneration = -1;
    private volatile Result ready;

    /**
     * @param services the options in force ({@code offsweep_balancing_enabled}, {@code offsweep_balancing_window})
     * @param routes the routing in force
     * @param events where the window's end and the computation's end are announced
     * @param timer the daemon's timer
     */
    public OffSweepBalancing(StageServices services, RoutingState routes, SmEvents events,
                             ScheduledExecutorService timer) {
        this.services = services;
        this.routes = routes;
        this.events = events;
        this.timer = timer;
    }

    /** The stage that ends every sweep that may route: starts the window when the routing in force is new. */
    public SweepStage scheduler() {
        return new SweepStage() {
            @Override
            public String name() {
                return "offsweep-balancing-window";
            }

            @Override
            public StageOutcome run(SweepState state) {
                schedule(services.options());
                return StageOutcome.CONTINUE;
            }
        };
    }

    /**
     * The first stage of {@link SmEvent#OFFSWEEP_BALANCING}: installs a computed result that is still current
     * (CONTINUE: the LFT stage and the view update follow), or starts the computation (ABORT: nothing to program
     * yet), or finds nothing to do (ABORT).
     */
    public SweepStage installer() {
        return new SweepStage() {
            @Override
            public String name() {
                return "offsweep-balancing";
            }

            @Override
            public StageOutcome run(SweepState state) {
                return installOrStart(state);
            }
        };
    }

    /** Stops the computation thread; a computation under way is abandoned. */
    public void close() {
        worker.shutdownNow();
    }

    private void schedule(SmOptions options) {
        int generation = routes.generation();
        if (!options.get(RoutingOptions.OFFSWEEP_BALANCING_ENABLED) || !routes.isRouted()
                || generation == scheduledGeneration) {
            return;
        }
        scheduledGeneration = generation;
        if (window != null) {
            window.cancel(false);
        }
        long seconds = Math.max(0, options.get(RoutingOptions.OFFSWEEP_BALANCING_WINDOW));
        LOG.log(LogLevels.VERBOSE, "off-sweep balancing in {} s unless the routing changes", seconds);
        window = timer.schedule(() -> events.request(SmEvent.OFFSWEEP_BALANCING,
                "offsweep_balancing_window of " + seconds + " s passed"), seconds, TimeUnit.SECONDS);
    }

    private StageOutcome installOrStart(SweepState state) {
        Result r = ready;
        ready = null;
        int generation = routes.generation();
        if (r != null) {
            if (r.generation() != generation) {
                LOG.log(LogLevels.VERBOSE, "off-sweep balancing result discarded: the routing changed meanwhile");
                return StageOutcome.ABORT;
            }
            return install(state, r);
        }
        if (generation == startedGeneration || !services.options().get(RoutingOptions.OFFSWEEP_BALANCING_ENABLED)
                || !routes.isRouted()) {
            return StageOutcome.ABORT;
        }
        startedGeneration = generation;
        RoutingEngine engine = routes.engine();
        if (engine == null || !ENGINES.contains(engine.name())) {
            LOG.info("off-sweep balancing applies to minhop, dor and updn; the routes of {} are left as they are",
                    engine == null ? "a routing chain over topologies" : engine.name());
            return StageOutcome.ABORT;
        }
        Job job = new Job(generation, routes.input(), routes.result(), routes.check(), RepairPolicy.of(engine));
        worker.execute(() -> compute(job));
        return StageOutcome.ABORT;
    }

    private StageOutcome install(SweepState state, Result r) {
        RoutingResult balanced = r.job().result().repaired(r.balanced().tables(), r.balanced().stats().nanos());
        routes.record(r.job().input(), balanced, routes.engine());
        startedGeneration = routes.generation();
        scheduledGeneration = routes.generation();
        routes.recordCheck(new RouteCheck(balanced, r.after()));
        balanced.tables().applyWanted(r.job().input(), state.subnet());
        LOG.info("off-sweep balancing: {} routes rebalanced: {} (max/mean {} before)", r.job().policy().engine(),
                r.balanced().stats(), String.format(Locale.ROOT, "%.3f", r.before().linkLoad().maxOverMean()));
        return StageOutcome.CONTINUE;
    }

    /**
     * On {@code jsm-balance}: balances, checks, hands the result over and asks the loop to install it; a failure of
     * the balancer or the verifier is logged (ROUT-0515), never lost on the thread.
     */
    private void compute(Job job) {
        try {
            balanceAndCheck(job);
        } catch (RuntimeException e) {
            LOG.error("ROUT-0515 off-sweep balancing failed: {}", e.toString(), e);
        }
    }

    private void balanceAndCheck(Job job) {
        BalanceOutcome outcome = OffSweepBalancer.balance(job.input(), job.result().tables(), job.policy(), 1);
        if (outcome instanceof BalanceOutcome.NotBalanced n) {
            LOG.info("off-sweep balancing: {} routes not balanced: {}", job.policy().engine(), n.reason());
            return;
        }
        BalanceOutcome.Balanced b = (BalanceOutcome.Balanced) outcome;
        if (b.stats().entriesChanged() == 0) {
            LOG.log(LogLevels.VERBOSE, "off-sweep balancing: the {} routes are balanced already ({})",
                    job.policy().engine(), b.stats());
            return;
        }
        // the check after a repair of a large fabric counts no link load: then the tables in force are checked here
        VerifierReport before = job.check() != null && job.check().result() == job.result()
                && job.check().report() != null && job.check().report().linkLoad().flows() > 0 ? job.check().report()
                : VERIFIER.verify(job.input(), job.result().tables(), job.result().routed());
        VerifierReport after = VERIFIER.verify(job.input(), b.tables(), job.result().routed());
        String rejection = rejection(job.policy(), before, after);
        if (rejection != null) {
            LOG.error("ROUT-0516 off-sweep balancing rejected by the route verifier: {}; the routes in force stay",
                    rejection);
            return;
        }
        ready = new Result(job, b, before, after);
        events.request(SmEvent.OFFSWEEP_BALANCING, "off-sweep balancing computed");
    }

    /** Why the balanced tables ({@code after}) must not replace the ones in force ({@code before}), or null. */
    static String rejection(RepairPolicy policy, VerifierReport before, VerifierReport after) {
        if (after.unreachablePairs() > before.unreachablePairs()) {
            return after.unreachablePairs() + " switch-LID pairs unreachable, " + before.unreachablePairs()
                    + " in force" + (after.unreachable().isEmpty() ? "" : ", e.g. " + after.unreachable().get(0));
        }
        if (policy.promisesDeadlockFreedom() && after.creditLoops().hasCycle()) {
            return "credit loop " + after.creditLoops();
        }
        return null;
    }

    /** What the computation starts from, taken on the SM thread. */
    private record Job(int generation, RoutingInput input, RoutingResult result, RouteCheck check,
                       RepairPolicy policy) {
    }

    /** A computed, checked balanced solution for the routing of {@code job}. */
    private record Result(Job job, BalanceOutcome.Balanced balanced, VerifierReport before, VerifierReport after) {
        int generation() {
            return job.generation();
        }
    }
}
