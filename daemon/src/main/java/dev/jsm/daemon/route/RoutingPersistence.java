package dev.jsm.daemon.route;

import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.sweep.AfterSweep;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.routing.PersistedRouting;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.repair.RepairCase;
import dev.jsm.routing.repair.RepairOutcome;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairStats;
import dev.jsm.routing.repair.Repairable;
import dev.jsm.routing.repair.RouteRepair;
import dev.jsm.subnet.Guid;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Routing persistence (docs/reference/incremental-routing.md#routing-persistence): the routing in force is kept in the
 * cache directory
 * ({@link RoutingFile}) after every SUBNET UP or off-sweep balancing that installed a new one, and at the first
 * routing after a start it is reused where the fabric's changes allow, by the validity table
 * (docs/reference/incremental-routing.md#the-validity-table), row by row on the
 * changes {@link RouteRepair} finds between the persisted input and the new one:
 * <ul>
 *   <li>a new or missing switch ({@link RepairCase#NEW_SWITCH}, {@link RepairCase#SWITCH_GONE}) or a missing
 *       switch-to-switch cable with no other cable joining the two switches ({@link RepairCase#LAST_LINK_DOWN}):
 *       the persisted routing is not used, the routes are computed anew;</li>
 *   <li>a new cable, a new or missing CA ({@link RepairCase#LINK_UP}, {@link RepairCase#NEW_END_PORT},
 *       {@link RepairCase#CA_LINK_UP}, {@link RepairCase#CA_LINK_DOWN}): the routing stays valid and is kept;</li>
 *   <li>a missing cable with a parallel one ({@link RepairCase#PARALLEL_LINK_DOWN}): the LIDs routed through that
 *       port move to the parallel ports; changed LIDs or a host on another port ({@link RepairCase#LID_CHANGED},
 *       {@link RepairCase#HOST_MOVED}): those LIDs' columns are routed anew - both by the repair.</li>
 * </ul>
 * Only the engines with repair policies ({@link Repairable}) reuse; the repair also runs the route verifier's gate,
 * and updn's policy refuses when the root switches differ (the design's cached roots are invalidated by any switch
 * change). The persisted routing is reused only under the same engine and options ({@link RoutingFingerprint}).
 * One line at INFO says what was reused and why, or why not.
 *
 * <p>The stages it gives keep the done mark honest: {@link #marker()} deletes it as soon as a new routing is
 * recorded, before its blocks are sent; {@link #saver} queues the write of the file and then of the mark after the
 * SUBNET UP (or off-sweep installation) that programmed it. {@link #takeTrusted()} hands the trust check
 * ({@link HeldLftSampler}) the persisted tables when the mark matched at start.
 *
 * <p>Confined to the SM thread, except the writes, which run on the after-sweep thread and are ordered with the
 * deletion of the mark by a lock.
 */
public final class RoutingPersistence {

    private static final Logger LOG = LogManager.getLogger(RoutingPersistence.class);
    private static final DateTimeFormatter SAVED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private final Path cacheDir;
    private final RoutingState routes;
    private final Object writeLock = new Object();
    private PersistedRouting loaded;
    private boolean trusted;
    private int markedGeneration;
    private int savedGeneration;
    private int currentGeneration;
    private volatile String decision;

    private RoutingPersistence(Path cacheDir, RoutingState routes, RoutingFile.Loaded found) {
        this.cacheDir = cacheDir;
        this.routes = routes;
        this.loaded = found.routing();
        this.trusted = found.programmed();
    }

    /**
     * Reads the persisted routing from {@code cacheDir}; a file that cannot be used is moved aside and logged at
     * ERROR, and the daemon routes anew.
     *
     * @param routes the routing in force, whose generations the stages follow
     */
    public static RoutingPersistence load(Path cacheDir, RoutingState routes) {
        RoutingFile.Loaded found = RoutingFile.load(cacheDir);
        if (found.setAside() != null) {
            LOG.error("ROUT-0514 {}", found.setAside());
        }
        return new RoutingPersistence(cacheDir, routes, found);
    }

    /** A persistence that never finds a routing to reuse and writes into {@code cacheDir}. */
    public static RoutingPersistence none(Path cacheDir, RoutingState routes) {
        return new RoutingPersistence(cacheDir, routes, new RoutingFile.Loaded(null, false, null));
    }

    /** The file this persistence reads and writes. */
    public Path file() {
        return cacheDir.resolve(RoutingFile.FILE_NAME);
    }

    /**
     * The line logged about the persisted routing at the first routing ("routing reused from ...", "persisted routing
     * not used: ..."), or {@code null} if there was none to consider.
     */
    public String decision() {
        return decision;
    }

    /**
     * The persisted routing repaired for {@code in}, when the validity table lets it stand;
     * {@code null} when the routes must be
     * computed anew (no file, another engine or options, a change that invalidates it, a repair the verifier
     * rejected). Called once, at the first routing after the start, on the SM thread; logs the decision.
     *
     * @param chain the configured routing chain, whose engine of the persisted name repairs
     * @param options the options in force (their fingerprint must match)
     * @param threads workers for the repair
     */
    RoutingResult reuse(RoutingInput in, RoutingChain chain, SmOptions options, int threads) {
        PersistedRouting p = loaded;
        if (p == null || decision != null) {
            return null;
        }
        RoutingResult.Attempt attempt = new RoutingResult.Attempt(p.engine(), RouteOutcome.routed(), 0,
                p.fallback());
        RoutingResult persisted = new RoutingResult(p.tables(), attempt, List.of(attempt), List.of(), List.of());
        Optional<RoutingEngine> engine = p.engine().isEmpty() ? Optional.empty() : chain.engineThatRouted(persisted);
        // the validity table's switch rows need no repair: at 11664 hosts, repairing a routing of other switches
        // took 6 s of the
        // SM thread before its statistics said what this says at once
        String why = switchesChanged(p.input(), in);
        RoutingResult reused = null;
        if (why == null) {
            if (!p.fingerprint().equals(RoutingFingerprint.of(options))) {
                why = "the routing options (routing_engine, lmc or an engine's option) changed";
            } else if (engine.isEmpty()) {
                why = "it was not routed by an engine of the chain in force";
            } else if (!(engine.get() instanceof Repairable)) {
                why = p.engine() + " does not repair routes";
            } else {
                RepairOutcome outcome = repair(p, in, RepairPolicy.of(engine.get()), threads);
                if (outcome instanceof RepairOutcome.NeedsRecompute n) {
                    why = n.reason();
                } else {
                    RepairStats stats = ((RepairOutcome.Repaired) outcome).stats();
                    why = invalidation(stats);
                    if (why == null) {
                        reused = persisted.repaired(((RepairOutcome.Repaired) outcome).tables(), stats.nanos());
                        decision = "routing reused from " + file() + " (" + p.engine() + ", saved "
                                + SAVED.format(Instant.ofEpochMilli(p.savedAtMillis())) + "): " + changes(stats)
                                + "; " + stats.entriesChanged() + " entries changed";
                    }
                }
            }
        }
        if (reused == null) {
            decision = "persisted routing not used: " + why + "; the routes are computed anew";
        }
        LOG.info("{}", decision);
        return reused;
    }

    private static RepairOutcome repair(PersistedRouting p, RoutingInput in, RepairPolicy policy, int threads) {
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
     * ({@link #switchesChanged}), or
     * {@code null} if it stands.
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

    /**
     * The persisted tables, if the done mark matched at start (the switches were left holding them) and nothing has
     * made them stale since (a takeover); once only. Releases the persisted routing either way.
     */
    PersistedRouting takeTrusted() {
        PersistedRouting p = trusted ? loaded : null;
        loaded = null;
        trusted = false;
        return p;
    }

    /** Another SM programmed the fabric (a takeover): nothing persisted is trusted to be in the switches. */
    public void distrust() {
        trusted = false;
    }

    /** The stage that deletes the done mark when a new routing was recorded, before its LFT blocks are sent. */
    public SweepStage marker() {
        return new SweepStage() {
            @Override
            public String name() {
                return "routing-persistence-mark";
            }

            @Override
            public StageOutcome run(SweepState state) {
                int gen = routes.generation();
                if (gen != markedGeneration) {
                    markedGeneration = gen;
                    forgetProgrammed(gen);
                }
                return StageOutcome.CONTINUE;
            }
        };
    }

    /**
     * The stage, after SUBNET UP or the off-sweep installation, that queues the write of a routing not yet written
     * (on the after-sweep thread: the input is immutable and the tables are not changed once recorded), then of its
     * done mark unless another routing was recorded meanwhile. Nothing is written after a sweep with errors.
     *
     * @param services the options in force (the routing's fingerprint, {@code fsync_high_avail_files})
     * @param afterSweep where the writes are queued
     */
    public SweepStage saver(StageServices services, AfterSweep afterSweep) {
        return new SweepStage() {
            @Override
            public String name() {
                return "routing-persistence";
            }

            @Override
            public StageOutcome run(SweepState state) {
                int gen = routes.generation();
                if (gen == savedGeneration || !routes.isRouted() || state.errors() > 0) {
                    return StageOutcome.CONTINUE;
                }
                savedGeneration = gen;
                RoutingEngine engine = routes.engine();
                PersistedRouting p = new PersistedRouting(routes.input(), routes.result().tables(),
                        engine == null ? "" : engine.name(), routes.result().usedFallback(),
                        RoutingFingerprint.of(services.options()), System.currentTimeMillis());
                boolean fsync = services.options().get(MiscOptions.FSYNC_HIGH_AVAIL_FILES);
                afterSweep.add(() -> save(gen, p, fsync));
                return StageOutcome.CONTINUE;
            }
        };
    }

    private void forgetProgrammed(int gen) {
        synchronized (writeLock) {
            currentGeneration = gen;
            try {
                RoutingFile.forgetProgrammed(cacheDir);
            } catch (IOException e) {
                LOG.error("ROUT-0513 cannot delete {}: {}", cacheDir.resolve(RoutingFile.DONE_NAME), e.toString());
            }
        }
    }

    /** Writes the file, then its done mark if {@code gen} is still the routing in force. After-sweep thread. */
    private void save(int gen, PersistedRouting p, boolean fsync) {
        try {
            String stamp = RoutingFile.write(cacheDir, p, fsync);
            synchronized (writeLock) {
                if (gen == currentGeneration) {
                    RoutingFile.writeDone(cacheDir, stamp, fsync);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("ROUT-0513 cannot write {}: {}", file(), e.toString());
        }
    }
}
