package dev.jsm.mad.ibsim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a Java main class from the test classpath as a child process against Debian's ibsim: ibsim serves a topology
 * file in a private network namespace and the child JVM reaches it through {@code LD_PRELOAD=libumad2sim.so}.
 *
 * <p>Isolation ({@link Isolation}): ibsim's sockets are abstract UNIX sockets ({@code @sim:ctl}, {@code @sim:outN}),
 * which are per network namespace, so each run gets {@code unshare -n} (root) or {@code unshare -rn} (others). Where
 * neither is permitted, the run uses a unique {@code IBSIM_SOCKNAME}, which both ibsim 0.10 and umad2sim honour.
 *
 * <p>Readiness: the child starts once ibsim's control socket is bound, seen in {@code /proc/net/unix} (polled every
 * 5 ms, about 10 ms for a small fabric). ibsim's "Network simulator ready." line is printed <em>before</em> it binds
 * its sockets, and umad2sim retries a refused connect only every 2 s, so neither is a good signal.
 *
 * <p>Console: with {@link Builder#console(boolean)} ibsim runs without {@code -n} and reads its commands from a FIFO
 * it holds open read-write itself, fed by {@code cat} from the child's stdin; {@link IbsimSession#console} writes
 * commands there. ibsim therefore never sees end-of-file (on EOF it would spin at 100% CPU). Command syntax example:
 * {@code Unlink "leaf-0"[5]} (a bare {@code Unlink "leaf-0"} removes every link of the node).
 *
 * <p>Immutable; safe to share. Each {@link #start} makes its own scratch directory (umad2sim writes its fake sysfs
 * tree {@code ./sys-<pid>} into the working directory) and removes it when the session ends.
 */
public final class IbsimHarness {

    /** The exit status of a process killed by SIGABRT (128 + 6). */
    private static final int SIGABRT_EXIT = 134;

    /** The ibsim binary of Debian's ibsim-utils. */
    public static final Path IBSIM = Path.of("/usr/bin/ibsim");
    /** The umad2sim preload library of Debian's libumad2sim0 (pulled in by ibsim-utils). */
    public static final Path UMAD2SIM = Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    /** libibumad, which umad2sim and the JNA binding need. */
    public static final Path LIBIBUMAD = Path.of("/usr/lib/x86_64-linux-gnu/libibumad.so.3");
    /** The one line printed when ibsim tests are skipped. */
    public static final String SKIP_MESSAGE =
            "[ibsim] SKIPPED: ibsim-utils not installed (apt-get install ibsim-utils libibumad3)";

    private static final AtomicBoolean SKIP_PRINTED = new AtomicBoolean();

    /** How a run is kept apart from other ibsim instances on the machine. */
    public enum Isolation {
        /** {@code unshare -n}: a private network namespace (needs root). */
        NETNS,
        /** {@code unshare -rn}: a user namespace mapping us to root, plus a network namespace. */
        USER_NETNS,
        /** No namespace: a unique {@code IBSIM_SOCKNAME} shared by ibsim and umad2sim. */
        SOCKNAME;

        /** The command words that put the run into this isolation. */
        List<String> prefix() {
            return switch (this) {
                case NETNS -> List.of("unshare", "-n");
                case USER_NETNS -> List.of("unshare", "-rn");
                case SOCKNAME -> List.of();
            };
        }
    }

    private final Path netFile;
    private final List<String> ibsimArgs;
    private final List<String> jvmArgs;
    private final Map<String, String> env;
    private final Duration timeout;
    private final boolean console;
    private final Isolation isolation;

    private IbsimHarness(Builder b) {
        this.netFile = b.netFile.toAbsolutePath();
        this.ibsimArgs = List.copyOf(b.ibsimArgs);
        this.jvmArgs = List.copyOf(b.jvmArgs);
        this.env = Map.copyOf(b.env);
        this.timeout = b.timeout;
        this.console = b.console;
        this.isolation = b.isolation != null ? b.isolation : IsolationProbe.detect();
    }

    /** Whether ibsim, umad2sim and libibumad are installed. */
    public static boolean available() {
        return Files.isExecutable(IBSIM) && Files.isReadable(UMAD2SIM) && Files.exists(LIBIBUMAD);
    }

    /** Skips the calling test (JUnit assumption) with {@link #SKIP_MESSAGE}, printed once per JVM. */
    public static void assumeAvailable() {
        boolean ok = available();
        if (!ok && SKIP_PRINTED.compareAndSet(false, true)) {
            System.err.println(SKIP_MESSAGE);
        }
        Assumptions.assumeTrue(ok, SKIP_MESSAGE);
    }

    /** A harness for the ibsim topology file {@code netFile}. */
    public static Builder builder(Path netFile) {
        return new Builder(netFile);
    }

    /** The isolation this harness uses. */
    public Isolation isolation() {
        return isolation;
    }

    /**
     * Runs {@code mainClass} with {@code args} to completion (or the timeout) and returns what it printed. A client
     * JVM that died of SIGABRT (exit 134) is run once more on a fresh ibsim: under a loaded machine the preload
     * library, which is not thread-safe, has aborted a JVM at start (once in a CI-like run, not reproducible alone);
     * an abort of our own code would abort again.
     */
    public IbsimResult run(Class<?> mainClass, String... args) throws IOException {
        IbsimResult result;
        try (IbsimSession session = start(mainClass, args)) {
            result = session.await();
        }
        if (result.exitCode() != SIGABRT_EXIT) {
            return result;
        }
        System.out.println("[ibsim] " + mainClass.getSimpleName() + " aborted (exit 134) under umad2sim; once more");
        try (IbsimSession session = start(mainClass, args)) {
            return session.await();
        }
    }

    /**
     * Runs a session of {@code mainClass} with {@code args}: {@code during} drives it (console commands, files it
     * waits for), then it is awaited. A client that died of SIGABRT (exit 134) is run once more on a fresh ibsim, as
     * {@link #run} does.
     */
    public IbsimResult runSession(Class<?> mainClass, SessionAction during, String... args) throws Exception {
        IbsimResult result;
        try (IbsimSession session = start(mainClass, args)) {
            during.drive(session);
            result = session.await();
        }
        if (result.exitCode() != SIGABRT_EXIT) {
            return result;
        }
        System.out.println("[ibsim] " + mainClass.getSimpleName() + " aborted (exit 134) under umad2sim; once more");
        try (IbsimSession session = start(mainClass, args)) {
            during.drive(session);
            return session.await();
        }
    }

    /** What a test does with a running session before it is awaited. */
    @FunctionalInterface
    public interface SessionAction {
        /** Drives {@code session}. */
        void drive(IbsimSession session) throws Exception;
    }

    /** Starts ibsim and {@code mainClass}; the caller awaits or closes the session. */
    public IbsimSession start(Class<?> mainClass, String... args) throws IOException {
        Path dir = Files.createTempDirectory("jsm-ibsim-");
        List<String> cmd = new ArrayList<>(isolation.prefix());
        cmd.addAll(List.of("/bin/bash", "-c", IbsimScript.TEXT, "ibsim-harness", dir.toString(), netFile.toString(),
                console ? "1" : "0", String.join(" ", ibsimArgs)));
        String java = ProcessHandle.current().info().command().orElse("java");
        if (Files.isExecutable(Path.of("/usr/bin/env"))) {
            // a JVM that starts with SIGHUP ignored (the build run under nohup) could not handle it
            cmd.addAll(List.of("/usr/bin/env", "--default-signal=HUP"));
        }
        cmd.add(java);
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(dir.resolve(IbsimSession.STDOUT).toFile())
                .redirectError(dir.resolve(IbsimSession.STDERR).toFile());
        pb.environment().put("UMAD2SIM", UMAD2SIM.toString());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("IBSIM_SOCKNAME");
        if (isolation == Isolation.SOCKNAME) {
            pb.environment().put("IBSIM_SOCKNAME", IsolationProbe.uniqueSocketName());
        }
        pb.environment().putAll(env);
        return new IbsimSession(pb.start(), dir, timeout, console);
    }

    /**
     * Configures an {@link IbsimHarness}.
     *
     * <p>Confined to the building thread.
     */
    public static final class Builder {
        private final Path netFile;
        private final List<String> ibsimArgs = new ArrayList<>();
        private final List<String> jvmArgs = new ArrayList<>();
        private final Map<String, String> env = new LinkedHashMap<>();
        private Duration timeout = Duration.ofSeconds(60);
        private boolean console;
        private Isolation isolation;

        private Builder(Path netFile) {
            this.netFile = Objects.requireNonNull(netFile);
        }

        /** Extra ibsim options, e.g. {@code -N 4096 -S 600 -P 40000} for large fabrics. */
        public Builder ibsimArgs(String... args) {
            ibsimArgs.addAll(List.of(args));
            return this;
        }

        /** Options for the child JVM. */
        public Builder jvmArgs(String... args) {
            jvmArgs.addAll(List.of(args));
            return this;
        }

        /** The ibsim node the child attaches to ({@code SIM_HOST}); by default the first node in the file. */
        public Builder simHost(String nodeName) {
            return env("SIM_HOST", nodeName);
        }

        /** An environment variable for the child (ibsim sees it too). */
        public Builder env(String name, String value) {
            env.put(name, value);
            return this;
        }

        /** How long a run may take before its whole process tree is killed (default 60 s). */
        public Builder timeout(Duration t) {
            timeout = Objects.requireNonNull(t);
            return this;
        }

        /** Whether ibsim takes console commands ({@link IbsimSession#console}); off by default. */
        public Builder console(boolean on) {
            console = on;
            return this;
        }

        /** Forces an isolation mode instead of the best one the machine permits. */
        public Builder isolation(Isolation mode) {
            isolation = mode;
            return this;
        }

        /** The harness. */
        public IbsimHarness build() {
            return new IbsimHarness(this);
        }
    }
}
