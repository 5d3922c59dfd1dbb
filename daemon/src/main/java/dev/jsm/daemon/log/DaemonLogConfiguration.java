package dev.jsm.daemon.log;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.LoggerConfig;

/**
 * The daemon's log4j configuration, built in code from {@link LogSettings} (no XML, no plugin scan): one appender
 * named {@value #APPENDER} writing {@link OpenSmLayout} lines, each written at once so {@code tail -f} shows
 * {@code SUBNET UP} immediately - a {@link LogFileAppender} (reopened on SIGUSR1 for logrotate, started over at
 * {@code log_max_size}) or, for {@code -f stdout}, a {@link StreamAppender}. log4j's own shutdown hook is disabled
 * so the daemon's hook can still log "Exiting SM". As in OpenSM, SYS messages (state changes, start, exit) also go
 * to standard output when the log is a file.
 *
 * <p>Confined to the thread that installs it; log4j then owns it.
 */
final class DaemonLogConfiguration extends AbstractConfiguration {

    /** Name of the one appender. */
    static final String APPENDER = "file";

    private final LogMaskFilter filter;
    private final OpenSmLayout layout;
    private final Appender appender;
    private final Appender sys;

    private DaemonLogConfiguration(LogMaskFilter filter, OpenSmLayout layout, Appender appender, Appender sys) {
        super(null, ConfigurationSource.NULL_SOURCE);
        this.filter = filter;
        this.layout = layout;
        this.appender = appender;
        this.sys = sys;
        this.isShutdownHookEnabled = false;
        setName("jsm-daemon");
    }

    /**
     * The configuration for {@code settings}, with its log file already open.
     *
     * @throws IOException if the log file cannot be opened for writing
     */
    static DaemonLogConfiguration open(LogSettings settings) throws IOException {
        LogMaskFilter filter = new LogMaskFilter(settings.flags());
        OpenSmLayout layout = new OpenSmLayout(settings.prefix(), (settings.flags() & LogLevels.DEBUG) != 0);
        if (settings.toStdout()) {
            return new DaemonLogConfiguration(filter, layout, new StreamAppender(APPENDER, filter, layout, System.out),
                    null);
        }
        Appender file = LogFileAppender.open(APPENDER, filter, layout, Path.of(settings.file()), settings.append(),
                settings.maxBytes());
        Appender sys = new StreamAppender("sys", new LogMaskFilter(LogLevels.SYS_BIT), new OpenSmLayout("", false),
                System.out);
        return new DaemonLogConfiguration(filter, layout, file, sys);
    }

    @Override
    protected void doConfigure() {
        LoggerConfig root = getRootLogger();
        root.setLevel(LogLevels.threshold(filter.mask()));
        for (Appender a : sys == null ? List.of(appender) : List.of(appender, sys)) {
            a.start();
            addAppender(a);
            root.addAppender(a, null, null);
        }
    }

    /** The {@code log_flags} mask in effect. */
    int flags() {
        return filter.mask();
    }

    /**
     * Changes the mask: the appender's filter, the root logger's threshold and whether stack traces are written
     * (the DEBUG bit); the caller updates the loggers.
     */
    void setFlags(int flags) {
        filter.setMask(flags);
        layout.setStackTraces((flags & LogLevels.DEBUG) != 0);
        getRootLogger().setLevel(LogLevels.threshold(flags | filter.moduleBits()));
    }

    /** The per-module masks in force, by logger prefix. */
    Map<String, Integer> modules() {
        return filter.modules();
    }

    /**
     * Replaces the per-module masks ({@link PerModuleLogging}): the filter's, and the root logger's threshold so
     * that their levels reach the filter; the caller updates the loggers.
     */
    void setModules(Map<String, Integer> masks) {
        filter.setModules(masks);
        getRootLogger().setLevel(LogLevels.threshold(filter.mask() | filter.moduleBits()));
    }

    /** Changes the text put in front of every message ({@link LogSettings#prefix()}). */
    void setPrefix(String prefix) {
        layout.setPrefix(prefix);
    }

    /** Changes the log file's size limit in bytes (0: none); nothing when logging to standard output. */
    void setMaxBytes(long bytes) {
        if (appender instanceof LogFileAppender f) {
            f.setMaxBytes(bytes);
        }
    }
}
