package dev.jsm.daemon.log;

import java.io.IOException;
import java.time.ZoneId;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.plugins.util.PluginRegistry;

/**
 * Installs and controls the daemon's logging: {@link #start} puts a {@link DaemonLogConfiguration} in place,
 * {@link #reopen} reopens the log file (SIGUSR1, logrotate), {@link #setFlags}, {@link #setPrefix} and
 * {@link #setMaxBytes} change what a reloaded config file or the console changed, {@link #shutdown} flushes and closes
 * it last thing before the JVM exits.
 *
 * <p>Thread-safe (log4j synchronises reconfiguration); {@link #reopen} is called on the SM's event thread.
 */
public final class LogSetup {

    /**
     * The logger context {@link #start} configured, held strongly: log4j's context selector keeps contexts by weak
     * reference, so until some logger holds it a collection could drop it with the configuration, and the next
     * logger would get a new context with log4j's default configuration (console only): a fatal error logged by a
     * class that had no logger yet ({@link dev.jsm.daemon.FatalErrors}) then never reached the log file.
     */
    private static volatile LoggerContext configured;

    private LogSetup() {
    }

    /**
     * Disables what log4j would otherwise do at its first use: its own shutdown hook (the daemon's hook logs
     * "Exiting SM" and then calls {@link #shutdown}) and JMX. Call before anything touches log4j.
     */
    public static void prepare() {
        System.setProperty("log4j2.shutdownHookEnabled", "false");
        System.setProperty("log4j2.disableJmx", "true");
    }

    /**
     * Initialises now what log4j initialises once per process whatever the configuration - its provider and
     * context factory, its plugin registry, the time zone - so that a warm-up thread can do it while the main
     * thread parses the command line (about 15-20 ms sooner to the first log line). Creates no logger context:
     * {@link #start} still installs the only configuration. Call {@link #prepare} before, on the main thread, so
     * log4j reads the daemon's settings. Thread-safe.
     */
    public static void initialiseOnce() {
        LogManager.getFactory();
        PluginRegistry.getInstance().loadFromMainClassLoader();
        ZoneId.systemDefault();
    }

    /**
     * Starts logging as {@code settings} ask; replaces whatever configuration log4j had.
     *
     * @throws IllegalStateException if the log file cannot be opened
     */
    public static void start(LogSettings settings) {
        prepare();
        DaemonLogConfiguration config;
        try {
            config = DaemonLogConfiguration.open(settings);
        } catch (IOException e) {
            throw new IllegalStateException("cannot open log file " + settings.file() + ": " + e.getMessage(), e);
        }
        LoggerContext ctx = Configurator.initialize(config);
        if (ctx.getConfiguration() != config) {
            ctx.setConfiguration(config);
        }
        configured = ctx;
        if (ctx.getConfiguration().getAppender(DaemonLogConfiguration.APPENDER) == null) {
            throw new IllegalStateException("cannot open log file " + settings.file());
        }
    }

    /**
     * Runs {@link #start} on a thread of its own ({@code jsm-log-setup}) and returns at once, so that the caller
     * can open the fabric meanwhile: log4j's set-up takes 50-100 ms of CPU before the first line can be written,
     * most of it reading properties and plugin indexes. Nothing may log before {@link Pending#await} returned: a
     * line logged earlier could meet log4j's default configuration and be lost.
     */
    public static Pending startInBackground(LogSettings settings) {
        FutureTask<Void> task = new FutureTask<>(() -> start(settings), null);
        Thread t = new Thread(task, "jsm-log-setup");
        t.setDaemon(true);
        t.start();
        return new Pending(task);
    }

    /** Logging being started by {@link #startInBackground}. */
    public static final class Pending {
        private final FutureTask<Void> task;

        private Pending(FutureTask<Void> task) {
            this.task = task;
        }

        /**
         * Waits until logging is started (uninterruptibly: the daemon cannot go on without it).
         *
         * @throws IllegalStateException as {@link #start} does, if the log file cannot be opened
         */
        public void await() {
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        task.get();
                        return;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    } catch (ExecutionException e) {
                        if (e.getCause() instanceof RuntimeException r) {
                            throw r;
                        }
                        if (e.getCause() instanceof Error r) {
                            throw r;
                        }
                        throw new IllegalStateException(e.getCause());
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /**
     * Closes the log file and opens the same path again (a fresh file after logrotate renamed it).
     *
     * @return whether a file was reopened (false when logging to standard output, not started, or the path cannot
     *     be opened: that is logged and the old file stays in use)
     */
    public static boolean reopen() {
        LogFileAppender f = fileAppender();
        if (f == null) {
            return false;
        }
        try {
            f.reopen();
            return true;
        } catch (IOException e) {
            LogManager.getLogger(LogSetup.class).error("MAIN-0815 cannot reopen the log file: {}; still writing to "
                    + "the file that was open", e.getMessage());
            return false;
        }
    }

    /**
     * The {@code log_flags} mask in effect.
     *
     * @return the mask, or empty when the daemon's logging is not started
     */
    public static OptionalInt flags() {
        DaemonLogConfiguration c = started();
        return c != null ? OptionalInt.of(c.flags()) : OptionalInt.empty();
    }

    /**
     * Changes the {@code log_flags} mask until the next start (OpenSM's console {@code loglevel}); SYS (0x80) stays
     * on, as at start-up. The log file stays open.
     *
     * @return whether the daemon's logging was started (else nothing changed)
     */
    public static boolean setFlags(int flags) {
        DaemonLogConfiguration c = started();
        if (c == null) {
            return false;
        }
        c.setFlags(flags | LogLevels.SYS_BIT);
        configured.updateLoggers();
        return true;
    }

    /**
     * Reads {@code per_module_logging_file} ({@code file}; null for none) and applies its module masks, as OpenSM does
     * at start and at every re-read of the config file; a file with problems is logged ({@code MAIN-0831}, each
     * {@code file:line}) and changes nothing: the masks in force stay.
     *
     * @return the problems found (empty when the masks were applied or the file does not exist)
     */
    public static List<String> loadPerModule(String file) {
        PerModuleLogging.Result r = PerModuleLogging.read(file);
        if (!r.problems().isEmpty()) {
            r.problems().forEach(p -> LogManager.getLogger(LogSetup.class).error("MAIN-0831 per_module_logging_file "
                    + "{}; the module log levels in force stay", p));
            return r.problems();
        }
        DaemonLogConfiguration c = started();
        if (c != null && !c.modules().equals(r.masks())) {
            c.setModules(r.masks());
            configured.updateLoggers();
            LogManager.getLogger(LogSetup.class).info("per-module log levels from {}: {}", file, r.masks());
        }
        return List.of();
    }

    /**
     * Changes the text put in front of every message ({@code log_prefix} reloaded; {@link LogSettings#prefix()}).
     *
     * @return whether the daemon's logging was started (else nothing changed)
     */
    public static boolean setPrefix(String prefix) {
        DaemonLogConfiguration c = started();
        if (c != null) {
            c.setPrefix(prefix);
        }
        return c != null;
    }

    /**
     * Changes the log file's size limit ({@code log_max_size} reloaded; {@link LogSettings#maxBytes()}, 0 for none).
     *
     * @return whether the daemon's logging was started (else nothing changed)
     */
    public static boolean setMaxBytes(long bytes) {
        DaemonLogConfiguration c = started();
        if (c != null) {
            c.setMaxBytes(bytes);
        }
        return c != null;
    }

    /**
     * Whether the log file gets every line at once (OpenSM's console {@code logflush on}) or buffered, written with
     * errors and SYS lines or when the buffer is full ({@code logflush off}); turning it on writes the buffer.
     *
     * @return whether the daemon logs to a file (else nothing changed)
     */
    public static boolean setFlush(boolean everyLine) {
        LogFileAppender f = fileAppender();
        if (f != null) {
            f.setFlushEveryLine(everyLine);
        }
        return f != null;
    }

    /** The daemon's log file appender, or {@code null} when it logs to standard output or is not started. */
    private static LogFileAppender fileAppender() {
        LoggerContext ctx = configured;
        return ctx != null && ctx.getConfiguration().getAppender(DaemonLogConfiguration.APPENDER)
                instanceof LogFileAppender f ? f : null;
    }

    /** The daemon's configuration in force, or {@code null} when its logging is not started. */
    private static DaemonLogConfiguration started() {
        LoggerContext ctx = configured;
        return ctx != null && ctx.getConfiguration() instanceof DaemonLogConfiguration c ? c : null;
    }

    /** Flushes and closes every appender; log calls after this go nowhere. */
    public static void shutdown() {
        LogManager.shutdown();
        configured = null;
    }
}
