package dev.jsm.daemon.plan;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Collects the ERROR messages jsm's loggers write while it is open: while the plan's daemon re-reads the new files,
 * these are what a HUP would log and then keep the last good state for (a partitions file's {@code file:line:col},
 * a QoS policy's or a routing chain's position, opensm.conf's {@code file:line}). The plan reports them and fails.
 *
 * <p>Thread-safe (the daemon logs from its own threads); opened and closed by one thread.
 */
public final class PlanErrors extends AbstractAppender implements AutoCloseable {

    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final LoggerConfig config;
    private final LoggerContext ctx;

    private PlanErrors(LoggerContext ctx, LoggerConfig config) {
        super("jsm-plan-errors", null, null, true, Property.EMPTY_ARRAY);
        this.ctx = ctx;
        this.config = config;
    }

    /**
     * Starts collecting the ERROR events of the loggers below {@code dev.jsm} in the context {@code daemonLog}
     * belongs to: the daemon's classes took their loggers from it (a process that shut log4j down and started it
     * again, as tests that run {@code Main} do, has another current context), and it is started again if stopped.
     */
    public static PlanErrors open(org.apache.logging.log4j.Logger daemonLog) {
        LoggerContext ctx = ((Logger) daemonLog).getContext();
        if (!ctx.isStarted()) {
            ctx.start();
        }
        LoggerConfig config = ctx.getConfiguration().getLoggerConfig("dev.jsm");
        PlanErrors errors = new PlanErrors(ctx, config);
        errors.start();
        config.addAppender(errors, Level.ERROR, null);
        ctx.updateLoggers();
        return errors;
    }

    @Override
    public void append(LogEvent event) {
        messages.add(event.getMessage().getFormattedMessage());
    }

    /** The messages collected so far, in order. */
    public List<String> messages() {
        return List.copyOf(messages);
    }

    @Override
    public void close() {
        config.removeAppender(getName());
        ctx.updateLoggers();
        stop();
    }
}
