package dev.jsm.daemon;

import dev.jsm.conf.ConfWriter;
import dev.jsm.conf.Option;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.mgmt.PlanAnswer;
import dev.jsm.daemon.plan.FabricCopy;
import dev.jsm.daemon.plan.PlanJson;
import dev.jsm.daemon.plan.PlanText;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The management port's plan ({@code plan [CONF]} on the console, {@code /api/plan} on the web console): what a HUP
 * to a configuration file as it is on disk now would change on the live fabric. The fabric is the daemon's published
 * view copied into a private simulator ({@link FabricCopy}) with the SM on the daemon's own port and the LIDs of the
 * daemon's guid2lid; the configuration in force is the daemon's options with each policy file as the daemon last
 * read it (kept when a heavy sweep or a reconfiguration ends), so that a file edited in place plans as its edit.
 * {@link Plan} does the rest: nothing is sent to the real fabric and the SM thread only keeps the policy files' text.
 *
 * <p>Thread-safe: one plan at a time on its own worker thread; a request while one runs is answered busy.
 */
final class LivePlan implements SweepListener, AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(LivePlan.class);

    private final Supplier<FabricView> view;
    private final Supplier<SmOptions> options;
    private final LongSupplier smPortGuid;
    private final Path cacheDir;
    private final Optional<Path> configFile;
    private final AtomicBoolean running = new AtomicBoolean();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jsm-plan");
        t.setDaemon(true);
        return t;
    });
    /** The text of each policy file as the last heavy sweep or reconfiguration read it (absent: no such file). */
    private volatile Map<Option<String>, String> inForce = Map.of();

    LivePlan(Supplier<FabricView> view, Supplier<SmOptions> options, LongSupplier smPortGuid, Path cacheDir,
             Optional<Path> configFile) {
        this.view = view;
        this.options = options;
        this.smPortGuid = smPortGuid;
        this.cacheDir = cacheDir;
        this.configFile = configFile;
    }

    @Override
    public void subnetUp(FabricView up) {
    }

    @Override
    public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
        if (kind != SweepKind.HEAVY && kind != SweepKind.RECONFIGURE) {
            return;
        }
        Map<Option<String>, String> files = new LinkedHashMap<>();
        SmOptions o = options.get();
        for (Option<String> option : Plan.POLICY_FILES) {
            String file = o.get(option);
            if (file != null && !file.isEmpty() && Files.isRegularFile(Path.of(file))) {
                try {
                    files.put(option, Files.readString(Path.of(file), StandardCharsets.UTF_8));
                } catch (IOException | RuntimeException e) {
                    LOG.debug("plan: cannot keep {} as in force: {}", file, e.getMessage());
                }
            }
        }
        inForce = Map.copyOf(files);
    }

    /** Starts a plan of {@code conf} ({@code null}: the daemon's configuration file) unless one runs. */
    CompletableFuture<PlanAnswer> plan(String conf) {
        if (!running.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(PlanAnswer.busy());
        }
        try {
            return CompletableFuture.supplyAsync(() -> run(conf), worker)
                    .whenComplete((a, e) -> running.set(false));
        } catch (RuntimeException e) {
            running.set(false);
            return CompletableFuture.completedFuture(PlanAnswer.failed("the plan cannot start: " + e.getMessage()));
        }
    }

    private PlanAnswer run(String conf) {
        Path changed = conf != null ? Path.of(conf) : configFile.orElse(null);
        if (changed == null) {
            return PlanAnswer.failed("the daemon was started without a configuration file; say plan FILE");
        }
        if (!Files.isRegularFile(changed)) {
            return PlanAnswer.failed("no such file: " + changed);
        }
        SubnetSnapshot s = view.get().snapshot();
        long guid = smPortGuid.getAsLong();
        EndPortView sm = s.endPort(guid);
        if (sm == null) {
            return PlanAnswer.failed("the fabric is not known yet (no SUBNET UP with the SM's port)");
        }
        PortView smPort = s.portOf(sm);
        Path dir = null;
        try {
            dir = Files.createTempDirectory("jsm-live-plan");
            Path current = dir.resolve("in-force.conf");
            SmOptions.Builder b = options.get().toBuilder();
            for (Map.Entry<Option<String>, String> e : inForce.entrySet()) {
                Path copy = dir.resolve("in-force-" + e.getKey().name());
                Files.writeString(copy, e.getValue(), StandardCharsets.UTF_8);
                b.set(e.getKey(), copy.toString());
            }
            ConfWriter.write(b.build(), current);
            try (FabricAttachment fabric = FabricAttachment.simulated(FabricCopy.of(s), smPort.nodeIndex(),
                    smPort.portNum(), "copy of the live fabric")) {
                Plan.Outcome o = Plan.run(fabric, current, changed, cacheDir);
                StringBuilder text = new StringBuilder(String.format("plan of a HUP to %s on the live fabric: %d "
                        + "switches, %d end ports (a private copy; nothing is sent to the fabric)%n", changed,
                        o.switches(), o.hosts()));
                text.append(PlanText.format(o.diff()));
                return new PlanAnswer(PlanAnswer.Outcome.DONE, text.toString(), PlanJson.format(o.diff()));
            }
        } catch (Plan.PlanException e) {
            return PlanAnswer.failed(e.getMessage());
        } catch (IOException e) {
            return PlanAnswer.failed("cannot read or write " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return PlanAnswer.failed("interrupted");
        } catch (RuntimeException e) {
            LOG.warn("plan: {}", e.toString());
            return PlanAnswer.failed(e.toString());
        } finally {
            RouteOnly.deleteQuietly(dir);
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
