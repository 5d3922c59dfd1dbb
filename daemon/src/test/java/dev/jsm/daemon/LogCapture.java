package dev.jsm.daemon;

import java.lang.reflect.Field;
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
 * Collects the formatted messages of the ERROR and WARN events (or down to another level) one package logs while it
 * is open, for tests that check what the daemon tells the administrator.
 *
 * <p>Thread-safe (the daemon logs from its own threads).
 */
final class LogCapture extends AbstractAppender implements AutoCloseable {

    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final String loggerName;
    private final LoggerContext ctx;

    private LogCapture(String loggerName, LoggerContext ctx) {
        super("test-capture", null, null, true, Property.EMPTY_ARRAY);
        this.loggerName = loggerName;
        this.ctx = ctx;
    }

    /**
     * Starts capturing what {@code source}'s static {@code LOG} logger (and the loggers below its package) log, with
     * a logger configuration of its own in that logger's context. That context may not be the current one: a test
     * in this JVM that ran {@link Main} shut log4j down after the class had taken its logger; it is started again.
     */
    static LogCapture open(Class<?> source) throws ReflectiveOperationException {
        return open(source, Level.WARN);
    }

    /** {@link #open(Class)}, capturing the events of {@code level} and above. */
    static LogCapture open(Class<?> source, Level level) throws ReflectiveOperationException {
        Field field = source.getDeclaredField("LOG");
        field.setAccessible(true);
        LoggerContext ctx = ((Logger) field.get(null)).getContext();
        if (!ctx.isStarted()) {
            ctx.start();
        }
        LogCapture c = new LogCapture(source.getPackageName(), ctx);
        c.start();
        LoggerConfig lc = new LoggerConfig(c.loggerName, level, true);
        lc.addAppender(c, level, null);
        ctx.getConfiguration().addLogger(c.loggerName, lc);
        ctx.updateLoggers();
        return c;
    }

    @Override
    public void append(LogEvent event) {
        messages.add(event.getMessage().getFormattedMessage());
    }

    /** The messages so far that contain {@code text}. */
    List<String> containing(String text) {
        return messages.stream().filter(m -> m.contains(text)).toList();
    }

    @Override
    public void close() {
        ctx.getConfiguration().removeLogger(loggerName);
        ctx.updateLoggers();
        stop();
    }
}
