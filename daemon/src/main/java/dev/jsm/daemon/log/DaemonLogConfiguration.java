package dev.jsm.daemon.log;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.appender.RollingFileAppender;
import org.apache.logging.log4j.core.appender.rolling.CompositeTriggeringPolicy;
import org.apache.logging.log4j.core.appender.rolling.SizeBasedTriggeringPolicy;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.LoggerConfig;

/**
 * The daemon's log4j configuration, built in code from {@link LogSettings} (no XML, no plugin scan): one appender
 * named {@value #APPENDER} writing {@link OpenSmLayout} lines with immediate flush, so {@code tail -f} shows
 * {@code SUBNET UP} at once. For a file it is a {@link RollingFileAppender} that never rolls by itself; SIGUSR1
 * triggers a {@link ReopenOnRollover} "rollover" that reopens the path (ECOSYSTEM.md section 3); with
 * {@code log_max_size} a size trigger makes the same strategy start the file over, as OpenSM does. log4j's own
 * shutdown hook is disabled so the daemon's hook can still log "Exiting SM". As in OpenSM, SYS messages (state
 * changes, start, exit) also go to standard output when the log is a file.
 *
 * <p>Confined to the thread that installs it; log4j then owns it.
 */
final class DaemonLogConfiguration extends AbstractConfiguration {

    /** Name of the one appender. */
    static final String APPENDER = "file";

    private final LogSettings settings;
    private final LogMaskFilter filter;

    DaemonLogConfiguration(LogSettings settings) {
        super(null, ConfigurationSource.NULL_SOURCE);
        this.settings = settings;
        this.filter = new LogMaskFilter(settings.flags());
        this.isShutdownHookEnabled = false;
        setName("jsm-daemon");
    }

    @Override
    protected void doConfigure() {
        Layout<String> layout = new OpenSmLayout(settings.prefix(), (settings.flags() & LogLevels.DEBUG) != 0);
        Appender appender;
        if (settings.toStdout()) {
            appender = ConsoleAppender.newBuilder().setName(APPENDER).setLayout(layout).setFilter(filter)
                    .setImmediateFlush(true).setConfiguration(this).build();
        } else {
            appender = RollingFileAppender.newBuilder().setName(APPENDER).setFileName(settings.file())
                    .setFilePattern(settings.file() + ".%i").setAppend(settings.append())
                    .setPolicy(settings.maxBytes() > 0
                            ? CompositeTriggeringPolicy.createPolicy(SizeBasedTriggeringPolicy.createPolicy(
                                    Long.toString(settings.maxBytes())))
                            : CompositeTriggeringPolicy.createPolicy())
                    .setStrategy(new ReopenOnRollover(settings.maxBytes())).setLayout(layout).setFilter(filter)
                    .setImmediateFlush(true).setConfiguration(this).build();
        }
        if (appender == null) {
            throw new IllegalStateException("cannot open log file " + settings.file());
        }
        appender.start();
        addAppender(appender);
        LoggerConfig root = getRootLogger();
        root.setLevel(LogLevels.threshold(settings.flags()));
        root.addAppender(appender, null, null);
        if (!settings.toStdout()) {
            Appender sys = ConsoleAppender.newBuilder().setName("sys").setLayout(new OpenSmLayout("", false))
                    .setFilter(new LogMaskFilter(LogLevels.SYS_BIT)).setImmediateFlush(true).setConfiguration(this)
                    .build();
            sys.start();
            addAppender(sys);
            root.addAppender(sys, null, null);
        }
    }

    /** The {@code log_flags} mask in effect. */
    int flags() {
        return filter.mask();
    }

    /** Changes the mask: the appender's filter and the root logger's threshold; the caller updates the loggers. */
    void setFlags(int flags) {
        filter.setMask(flags);
        getRootLogger().setLevel(LogLevels.threshold(flags));
    }
}
