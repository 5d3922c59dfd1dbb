package dev.jsm.daemon;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.conf.SweepOptions;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.offline.Ibdmchk;
import dev.jsm.daemon.offline.IbdmchkJudge;
import dev.jsm.daemon.offline.IbdmchkJudgement;
import dev.jsm.daemon.route.RouteCheck;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

/**
 * {@code opensm --route-only --sim-topology FILE|SHAPE}: routes a fabric that exists only as a topology file, for
 * planning one before it is cabled, by running the daemon's own first heavy sweep over the in-JVM simulator; then
 * prints and writes the route verifier's report ({@value #REPORT_FILE}) beside the dump files and, given an {@link
 * Ibdmchk}, has ibutils' {@code ibdmchk} judge them ({@link IbdmchkJudge}). guid2lid is read, never written.
 *
 * <p>Not thread-safe; runs once on the main thread.
 *
 * <p>In detail: docs/design/daemon.md#routeonly.
 */
public final class RouteOnly {

    /** The verifier's report, written beside the dump files. */
    public static final String REPORT_FILE = "jsm-route-check.txt";
    /** How long the sweep may take before route-only gives up: far more than any fabric needs on the simulator. */
    private static final Duration SWEEP_LIMIT = Duration.ofMinutes(30);

    private final PrintStream out;
    private final PrintStream err;
    private final Ibdmchk ibdmchk;
    private IbdmchkJudgement judgement;

    /**
     * A route-only that runs no ibdmchk.
     *
     * @param out where the summary and the verifier's report go
     * @param err where errors and the chain's warnings go
     */
    public RouteOnly(PrintStream out, PrintStream err) {
        this(out, err, null);
    }

    /**
     * A route-only that judges the dump files with {@code ibdmchk} too ({@link IbdmchkJudge}).
     *
     * @param out where the summary, the verifier's report and ibdmchk's verdicts go
     * @param err where errors and the chain's warnings go
     * @param ibdmchk the program, or {@code null} for none
     */
    public RouteOnly(PrintStream out, PrintStream err, Ibdmchk ibdmchk) {
        this.out = out;
        this.err = err;
        this.ibdmchk = ibdmchk;
    }

    /** ibdmchk's judgement of the last run's dump files, or {@code null} when ibdmchk did not run. */
    public IbdmchkJudgement judgement() {
        return judgement;
    }

    /**
     * Routes the fabric {@code fileOrShape} with {@code options} and writes the dumps into {@code dumpDir}.
     *
     * @param fileOrShape the {@code --sim-topology} argument, or {@code null} when it was not given
     * @param cacheDir where the daemon's guid2lid is ({@code OSM_CACHE_DIR}); only read
     * @return the exit status
     */
    public ExitCode run(String fileOrShape, SmOptions options, Path dumpDir, Path cacheDir) {
        if (fileOrShape == null) {
            err.println("opensm: --route-only needs --sim-topology FILE|SHAPE: the fabric to route");
            return ExitCode.USAGE;
        }
        Path cache = null;
        judgement = null;
        long started = System.currentTimeMillis();
        try (FabricAttachment fabric = FabricAttachment.simulated(fileOrShape)) {
            Files.createDirectories(dumpDir);
            cache = privateCache(cacheDir);
            return route(fileOrShape, fabric, routingOptions(options), dumpDir, cache, started);
        } catch (StartupException e) {
            err.println("opensm: " + e.getMessage());
            return e.exitCode();
        } catch (IllegalArgumentException e) {
            err.println("opensm: " + e.getMessage());
            return ExitCode.USAGE;
        } catch (IOException e) {
            err.println("opensm: cannot write to " + dumpDir + ": " + e.getMessage());
            return ExitCode.FILE_ERROR;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCode.UNEXPECTED;
        } finally {
            deleteQuietly(cache);
        }
    }

    private ExitCode route(String fileOrShape, FabricAttachment fabric, SmOptions options, Path dumpDir, Path cache,
                           long started) throws IOException, InterruptedException {
        SmEvents events = new SmEvents();
        CompletableFuture<FabricView> up = new CompletableFuture<>();
        Daemon daemon = new Daemon(DaemonSettings.of(options, cache, dumpDir), fabric.channel(), events);
        daemon.addListener(new SweepListener() {
            @Override
            public void subnetUp(FabricView view) {
                up.complete(view);
                events.request(SmEvent.SHUTDOWN, "--route-only: routed once");
            }

            @Override
            public void sweepFailed(int sweepNumber, String reason) {
                up.completeExceptionally(new IllegalStateException("heavy sweep " + sweepNumber + " failed ("
                        + reason + ")"));
                events.request(SmEvent.SHUTDOWN, "--route-only: the sweep failed");
            }
        });
        try {
            daemon.start();
            if (!daemon.awaitStop(SWEEP_LIMIT)) {
                err.println("opensm: no SUBNET UP within " + SWEEP_LIMIT.toMinutes() + " minutes");
                return ExitCode.NOT_CONFIGURED;
            }
        } finally {
            daemon.close();
        }
        RouteCheck check = daemon.routeCheck();
        if (check != null) {
            check.result().warnings().forEach(w -> err.println("opensm: " + w));
        }
        if (check == null || check.report() == null) {
            err.println("opensm: no routing engine produced routes");
            return ExitCode.NOT_CONFIGURED;
        }
        FabricView view;
        try {
            view = up.get();
        } catch (ExecutionException e) {
            err.println("opensm: " + e.getCause().getMessage() + "; see the log");
            return ExitCode.NOT_CONFIGURED;
        }
        report(fileOrShape, view, check.result(), check.report(), dumpDir);
        if (ibdmchk != null) {
            judgement = new IbdmchkJudge(ibdmchk, out).judge(view.snapshot(), check.result().routed(),
                    view.options().lmc(), dumpDir, started);
        }
        return check.report().unreachablePairs() == 0 ? ExitCode.OK : ExitCode.NOT_CONFIGURED;
    }

    /** Prints what was routed and the verifier's verdict, and writes the verdict beside the dump files. */
    private void report(String fileOrShape, FabricView view, RoutingResult result, VerifierReport report,
                        Path dumpDir) throws IOException {
        SubnetSnapshot s = view.snapshot();
        out.printf("routing %s: %d switches, %d end ports, LIDs 1..%d (LMC %d)%n", fileOrShape, s.switches().size(),
                s.endPorts().size(), s.lidMap().maxLid(), view.options().lmc());
        out.println(result.summary());
        result.routed().notes().forEach(n -> out.println(result.engineUsed().orElse("routing") + ": " + n));
        out.println(report.format());
        Files.writeString(dumpDir.resolve(REPORT_FILE), report.format() + System.lineSeparator(),
                StandardCharsets.UTF_8);
        out.println("dump files written to " + dumpDir + ": " + DumpFiles.SUBNET_LIST + ", " + DumpFiles.LFTS + ", "
                + DumpFiles.LID_MATRIX + ", " + DumpFiles.FDBS + ", " + DumpFiles.MCFDBS + ", " + REPORT_FILE
                + result.parts().stream().flatMap(p -> DumpFiles.stepFileNames(p.label()).stream())
                        .map(n -> ", " + n).reduce("", String::concat)
                + result.routed().dumpFiles().keySet().stream().sorted().map(n -> ", " + n).reduce("", String::concat));
    }

    /**
     * The options with the ROUTING log flag added (its dump files are route-only's output) and no periodic sweep:
     * the daemon stops after its first heavy sweep.
     */
    private static SmOptions routingOptions(SmOptions options) {
        return options.toBuilder().set(DebugOptions.LOG_FLAGS, options.get(DebugOptions.LOG_FLAGS) | LogLevels.ROUTING)
                .set(SweepOptions.SWEEP_INTERVAL, 0L).build();
    }

    /** A temporary cache directory holding a copy of {@code cacheDir}'s guid2lid, if it has one. */
    private static Path privateCache(Path cacheDir) throws IOException {
        Path dir = Files.createTempDirectory("jsm-route-only");
        Path guid2lid = cacheDir.resolve(LidStore.FILE_NAME);
        if (Files.isRegularFile(guid2lid) && Files.isReadable(guid2lid)) {
            Files.copy(guid2lid, dir.resolve(LidStore.FILE_NAME), StandardCopyOption.COPY_ATTRIBUTES);
        }
        return dir;
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
