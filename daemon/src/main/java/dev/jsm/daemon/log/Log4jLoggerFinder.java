package dev.jsm.daemon.log;

import java.text.MessageFormat;
import java.util.ResourceBundle;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Routes {@link System.Logger} (what {@code mad-transport} logs through) into log4j, so transport warnings reach
 * {@code opensm.log} with everything else. log4j's own bridge ({@code log4j-jpl}) is not available from the
 * repository here; this is the few lines of it the project needs. Registered in
 * {@code META-INF/services/java.lang.System$LoggerFinder}.
 *
 * <p>Thread-safe; the log4j logger is looked up at the first message, so loading a class with a static
 * {@code System.Logger} does not initialise log4j early.
 */
public final class Log4jLoggerFinder extends System.LoggerFinder {

    /** Called by the JDK's service loader. */
    public Log4jLoggerFinder() {
    }

    @Override
    public System.Logger getLogger(String name, Module module) {
        return new Bridge(name);
    }

    /** One named logger. Thread-safe. */
    private static final class Bridge implements System.Logger {
        private final String name;
        private volatile Logger logger;

        Bridge(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public boolean isLoggable(System.Logger.Level level) {
            return log4j().isEnabled(map(level));
        }

        @Override
        public void log(System.Logger.Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            log4j().log(map(level), msg, thrown);
        }

        @Override
        public void log(System.Logger.Level level, ResourceBundle bundle, String format, Object... params) {
            Logger l = log4j();
            org.apache.logging.log4j.Level lv = map(level);
            if (l.isEnabled(lv)) {
                Supplier<String> text = () -> params == null || params.length == 0 ? format
                        : MessageFormat.format(format, params);
                l.log(lv, text.get());
            }
        }

        private Logger log4j() {
            Logger l = logger;
            if (l == null) {
                l = LogManager.getLogger(name);
                logger = l;
            }
            return l;
        }

        private static org.apache.logging.log4j.Level map(System.Logger.Level level) {
            return switch (level) {
                case ALL -> org.apache.logging.log4j.Level.ALL;
                case TRACE -> org.apache.logging.log4j.Level.TRACE;
                case DEBUG -> org.apache.logging.log4j.Level.DEBUG;
                case INFO -> org.apache.logging.log4j.Level.INFO;
                case WARNING -> org.apache.logging.log4j.Level.WARN;
                case ERROR -> org.apache.logging.log4j.Level.ERROR;
                case OFF -> org.apache.logging.log4j.Level.OFF;
            };
        }
    }
}
