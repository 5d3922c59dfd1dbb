package dev.jsm.daemon.route;

import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.sweep.AfterSweep;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.routing.PersistedRouting;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.chain.RoutingRequest;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Routing persistence (docs/reference/incremental-routing.md#routing-persistence): the routing in force is kept in the
 * cache directory ({@link RoutingFile}) after every SUBNET UP or off-sweep balancing that installed a new one, and at
 * the first routing after a start it is offered to the routing ({@link #offer}), whose router reuses it where the
 * validity table lets it stand (docs/reference/incremental-routing.md#the-validity-table: no switch missing or new, no
 * switch-to-switch cable missing without a parallel one, an engine that repairs, under the same engine and options:
 * {@link RoutingFingerprint}). One line at INFO says what was reused and why, or why not ({@link #decided}).
 *
 * <p>Confined to the SM thread, except the writes, which run on the after-sweep thread and are ordered with the
 * deletion of the mark by a lock, and {@link #decision()}, which any thread may read.
 *
 * <p>In detail: docs/design/daemon.md#routingpersistence.
 */
public final class RoutingPersistence {

    private static final Logger LOG = LogManager.getLogger(RoutingPersistence.class);

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
     * The persisted routing, offered to the routing until it decided about it ({@link #decided}): {@code null} when
     * there is none or the decision was made. Its options are the same when the fingerprint of {@code options}
     * matches the one it was saved with (asked only when the routing needs it: it reads the files options name).
     * On the SM thread.
     */
    RoutingRequest.Persisted offer(SmOptions options) {
        PersistedRouting p = loaded;
        if (p == null || decision != null) {
            return null;
        }
        return new RoutingRequest.Persisted(p, () -> p.fingerprint().equals(RoutingFingerprint.of(options)),
                file().toString());
    }

    /** Records what the routing made of the persisted routing ("routing reused from ...", "... not used: ..."). */
    void decided(String line) {
        decision = line;
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
