package dev.jsm.daemon;

import dev.jsm.conf.CommandLineResult;
import dev.jsm.conf.ConfWriter;
import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.OpenSmCommandLine;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.log.LogSettings;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mgmt.LocalConsole;
import dev.jsm.daemon.mgmt.ManagementServer;
import dev.jsm.daemon.mgmt.SweepCounters;
import dev.jsm.daemon.offline.Ibdmchk;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.systemd.SystemdNotifier;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * {@code opensm}: the daemon's entry point. Signal handlers first (a HUP that arrives earlier kills the JVM), then the
 * command line and config file, logging, the fabric, the {@link Daemon} with its listeners and the management port; the
 * main thread then waits for the event loop to end. Failures are one line on stderr and a documented {@link ExitCode};
 * every exit goes through {@link #requestExit}.
 *
 * <p>Not thread-safe; one instance per process.
 *
 * <p>In detail: docs/design/daemon.md#main.
 */
public class Main {

    /** How long one ibdmchk run of {@code --route-only} may take. */
    private static final Duration IBDMCHK_LIMIT = Duration.ofMinutes(30);
    /** Set by the shutdown hook: the JVM is exiting on a signal; nobody may call {@code System.exit} now. */
    private final AtomicBoolean inShutdownHook = new AtomicBoolean();
    /** Set by whoever stops the daemon first (the hook or, after {@code -o}, the main thread). */
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;

    /** A main that reads and prints to the process's streams and reads its environment. */
    public Main() {
        this(System.in, System.out, System.err, System.getenv());
    }

    /** A main with its own output streams and environment, reading the process's standard input (tests). */
    protected Main(PrintStream out, PrintStream err, Map<String, String> env) {
        this(System.in, out, err, env);
    }

    /** A main with its own streams (the terminal of {@code console local}, messages) and environment (tests). */
    protected Main(InputStream in, PrintStream out, PrintStream err, Map<String, String> env) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.env = env;
    }

    /** Entry point. */
    public static void main(String[] args) {
        SmEvents events = new SmEvents();
        Signals.install(events);
        FatalErrors.install();
        LogSetup.prepare();
        StartupWarmup.start();
        new Main().launch(args, events);
    }

    /** Runs the daemon until it stops and exits through {@link #requestExit} (unless the JVM is shutting down). */
    public void launch(String[] args, SmEvents events) {
        ExitCode code = run(args, events);
        if (!inShutdownHook.get()) {
            requestExit(code);
        }
    }

    /**
     * Exits the process; tests override it to record the code instead.
     *
     * @param code the status
     */
    protected void requestExit(ExitCode code) {
        System.exit(code.value());
    }

    /** Everything up to the end of the event loop; returns the exit status. */
    ExitCode run(String[] args, SmEvents events) {
        LogSetup.prepare();
        CommandLineResult parsed = new OpenSmCommandLine("opensm",
                "jsm " + version() + " (OpenSM 3.3.23 command line and files)", OpenSmCommandLine.DEFAULT_CONFIG_FILE,
                ExitCode.helpText()).parse(args);
        if (parsed instanceof CommandLineResult.Exit e) {
            (e.isError() ? err : out).print(e.text());
            return ExitCode.ofCommandLine(e.exitCode());
        }
        CommandLineResult.Run run = (CommandLineResult.Run) parsed;
        SmOptions options = run.options();
        if (run.launch().createConfig().isPresent()) {
            return createConfig(options, run.launch().createConfig().get());
        }
        if (run.launch().routeOnly()) {
            return routeOnly(run, options);
        }
        if (run.launch().plan().isPresent()) {
            return plan(run, options);
        }
        LogSettings logSettings = LogSettings.of(options);
        LogSetup.Pending logging = LogSetup.startInBackground(logSettings);
        Attached attached = attach(run, options);
        try {
            logging.await();
        } catch (RuntimeException e) {
            attached.close();
            err.println("opensm: cannot open log file " + logSettings.file() + ": " + e.getMessage());
            return ExitCode.FILE_ERROR;
        }
        Logger log = LogManager.getLogger(Main.class);
        try {
            return serve(run, options, events, log, attached);
        } catch (Exception | Error e) {
            ExitCode code = ExitCode.of(e);
            String msg = e instanceof StartupException || code != ExitCode.UNEXPECTED ? e.getMessage() : e.toString();
            log.error("MAIN-0801 {} (exit {})", msg, code.value(), code == ExitCode.UNEXPECTED ? e : null);
            err.println("opensm: " + msg);
            return code;
        }
    }

    /**
     * Writes the pid file and opens the fabric, on the main thread while logging starts on another; logs nothing.
     * A failure is kept for {@link #serve} to report once the log is open.
     */
    private Attached attach(CommandLineResult.Run run, SmOptions options) {
        try {
            writePidFile(run);
            return new Attached(run.launch().simTopology().isPresent()
                    ? FabricAttachment.simulated(run.launch().simTopology().get())
                    : FabricAttachment.umad(options, run.launch().guidPrompt()
                            ? new PortPrompt(new BufferedReader(new InputStreamReader(in,
                                    StandardCharsets.UTF_8)), out).choose()
                            : options.guid()), null);
        } catch (Exception | Error e) {
            return new Attached(null, e);
        }
    }

    private ExitCode serve(CommandLineResult.Run run, SmOptions options, SmEvents events, Logger log,
            Attached attached) throws Exception {
        log.log(LogLevels.SYS, "jsm {} (OpenSM 3.3.23 command line and files)", version());
        run.warnings().forEach(w -> log.warn("MAIN-0802 {}", w));
        FabricAttachment fabric = attached.fabric();
        fabric.logAttached(log);
        DaemonSettings settings = DaemonSettings.of(options, run.launch(), env, version());
        HeapMarker heapMarker = new HeapMarker(settings.cacheDir());
        FatalErrors.recordHeapExhaustionIn(heapMarker);
        heapMarker.logAtStart();
        Daemon daemon;
        try {
            daemon = new Daemon(settings, fabric.channel(), events);
        } catch (Exception | Error e) {
            fabric.close();
            throw e;
        }
        daemon.beforeHandover(fabric::withdrawIsSm);
        daemon.failOverAmong(fabric.localPorts());
        CacheTraining training = CacheTraining.of(fabric.simulator(), events);
        if (training != null) {
            daemon.addListener(training);
        }
        Once once = new Once(events, settings.runOnce(), training == null ? 1 : CacheTraining.SUBNET_UPS,
                daemon::state);
        daemon.addListener(once);
        daemon.addListener(heapMarker);
        daemon.addListener(new HeapSize(settings.cacheDir()));
        daemon.addListener(HeapTrim.ofThisJvm());
        daemon.addListener(CompilerNote.ofThisJvm());
        daemon.warmUpSaAtFirstFabric();
        SystemdNotifier systemd = SystemdNotifier.fromEnvironment(env, ProcessHandle.current().pid());
        daemon.addListener(systemd);
        systemd.watchdogInterval().ifPresent(every -> daemon.heartbeat(every, systemd::ping));
        SweepCounters sweeps = new SweepCounters();
        daemon.addListener(sweeps);
        Optional<ManagementServer> mgmt = ManagementServer.start(options, daemon.management(), sweeps,
                "jsm " + version());
        Optional<LocalConsole> local = "local".equals(options.get(DebugOptions.CONSOLE))
                ? Optional.of(LocalConsole.start(daemon.management(), sweeps, "jsm " + version(), in, out))
                : Optional.empty();
        Runnable stopExtras = () -> {
            systemd.stopping();
            mgmt.ifPresent(ManagementServer::close);
            local.ifPresent(LocalConsole::close);
        };
        Thread hook = new Thread(() -> {
            inShutdownHook.set(true);
            shutdown(daemon, fabric, stopExtras, log);
        }, "jsm-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        daemon.start();
        while (!daemon.awaitStop(Duration.ofDays(1))) {
            log.trace("still running");
        }
        if (inShutdownHook.get()) {
            return ExitCode.OK;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            return ExitCode.OK;
        }
        shutdown(daemon, fabric, stopExtras, log);
        if (events.fatalReason() != null) {
            err.println("opensm: " + events.fatalReason() + "; exiting (exit_on_fatal TRUE; see the log)");
            return ExitCode.FATAL_SUBNET;
        }
        return settings.runOnce() && !once.up ? ExitCode.NOT_CONFIGURED : ExitCode.OK;
    }

    /** The shutdown hook's work (also run by the main thread after {@code -o}); runs once. */
    private void shutdown(Daemon daemon, FabricAttachment fabric, Runnable stopExtras, Logger log) {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        stopExtras.run();
        daemon.close();
        fabric.close();
        log.log(LogLevels.SYS, "Exiting SM");
        LogSetup.shutdown();
    }

    /** {@code --route-only}: the daemon's log where {@code -f} says, then one heavy sweep over the simulator. */
    private ExitCode routeOnly(CommandLineResult.Run run, SmOptions options) {
        return offline(run, options, settings -> new RouteOnly(out, err,
                Ibdmchk.locate(env, IBDMCHK_LIMIT).orElse(null)).run(run.launch().simTopology().orElse(null), options,
                settings.dumpDir(), settings.cacheDir()));
    }

    /** {@code --plan}: the daemon's log where {@code -f} says, then the plan's two sweeps over the simulator. */
    private ExitCode plan(CommandLineResult.Run run, SmOptions options) {
        return offline(run, options, settings -> new PlanCommand(out, err).run(
                run.launch().simTopology().orElse(null), run.launch().plan().get(),
                settings.configFile().orElse(null), settings.cacheDir(), settings.dumpDir()));
    }

    /** A run over the simulator alone: the log opened where {@code -f} says, {@code body}, the log shut down. */
    private ExitCode offline(CommandLineResult.Run run, SmOptions options, Function<DaemonSettings, ExitCode> body) {
        LogSettings logSettings = LogSettings.of(options);
        try {
            LogSetup.start(logSettings);
        } catch (RuntimeException e) {
            err.println("opensm: cannot open log file " + logSettings.file() + ": " + e.getMessage());
            return ExitCode.FILE_ERROR;
        }
        try {
            return body.apply(DaemonSettings.of(options, run.launch(), env, version()));
        } finally {
            LogSetup.shutdown();
        }
    }

    private ExitCode createConfig(SmOptions options, Path file) {
        try {
            ConfWriter.write(options, file);
            out.println("opensm: wrote the configuration to " + file);
            return ExitCode.OK;
        } catch (IOException e) {
            err.println("opensm: cannot write " + file + ": " + e.getMessage());
            return ExitCode.FILE_ERROR;
        }
    }

    private static void writePidFile(CommandLineResult.Run run) throws StartupException {
        if (run.launch().pidFile().isEmpty()) {
            return;
        }
        Path file = run.launch().pidFile().get();
        try {
            Files.writeString(file, ProcessHandle.current().pid() + "\n");
        } catch (IOException e) {
            throw new StartupException(ExitCode.FILE_ERROR, "cannot write pid file " + file + ": " + e.getMessage(),
                    e);
        }
    }

    /** The version from the jar manifest, or {@code dev} when run from classes. */
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** The fabric opened by {@link #attach}, or what made opening it fail. */
    private record Attached(FabricAttachment opened, Throwable failure) {

        /** The fabric; rethrows the failure. */
        FabricAttachment fabric() throws Exception {
            if (failure instanceof Exception e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            return opened;
        }

        /** Closes the fabric if it was opened. */
        void close() {
            if (opened != null) {
                opened.close();
            }
        }
    }

    /**
     * {@code -o}: stops the daemon after the first SUBNET UP (in the JVM cache's training run, after the training's
     * last), or after the first heavy sweep that left it standing by for another master (as OpenSM's {@code -o}:
     * there is nothing for it to configure).
     */
    private static final class Once implements SweepListener {
        private final SmEvents events;
        private final boolean enabled;
        /** The SUBNET UPs before {@code -o} leaves: 1, or those of the JVM cache's training ({@link CacheTraining}). */
        private final int upsToLeave;
        private final Supplier<SmState> state;
        private volatile boolean up;
        private int ups;

        Once(SmEvents events, boolean enabled, int upsToLeave, Supplier<SmState> state) {
            this.events = events;
            this.enabled = enabled;
            this.upsToLeave = upsToLeave;
            this.state = state;
        }

        @Override
        public void subnetUp(FabricView view) {
            up = true;
            if (enabled && ++ups >= upsToLeave) {
                events.request(SmEvent.SHUTDOWN, "-o: configured once");
            }
        }

        @Override
        public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
            if (enabled && kind == SweepKind.HEAVY && state.get() == SmState.STANDBY) {
                events.request(SmEvent.SHUTDOWN, "-o: another SM is master");
            }
        }
    }
}
