package dev.jsm.daemon.log;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.filter.AbstractFilter;

/**
 * Lets an event through only if its level's OpenSM bit is in the {@code log_flags} mask or in the mask of its
 * logger's module ({@code per_module_logging_file}, {@link PerModuleLogging}), so masks with holes ({@code -D 0x81}:
 * errors and system events, no info) work as in OpenSM. Attached to the appender; the root logger's level
 * ({@link LogLevels#threshold}) already drops everything below the least severe level any mask enables.
 *
 * <p>Thread-safe: the masks may change at run time ({@link #setMask}, the console's {@code loglevel};
 * {@link #setModules}, a re-read per-module file); a logger's module mask is looked up once and cached.
 */
final class LogMaskFilter extends AbstractFilter {

    private volatile int mask;
    private volatile Map<String, Integer> modules = Map.of();
    private volatile Map<String, Integer> byLogger = new ConcurrentHashMap<>();

    LogMaskFilter(int mask) {
        super(Filter.Result.NEUTRAL, Filter.Result.DENY);
        this.mask = mask;
    }

    /** The mask in effect. */
    int mask() {
        return mask;
    }

    /** Changes the mask for the events that follow. */
    void setMask(int newMask) {
        mask = newMask;
    }

    /** The module masks in force. */
    Map<String, Integer> modules() {
        return modules;
    }

    /** Replaces the module masks: by logger name prefix (a package or a class). */
    void setModules(Map<String, Integer> masks) {
        modules = Map.copyOf(masks);
        byLogger = new ConcurrentHashMap<>();
    }

    /** Every bit some module mask enables. */
    int moduleBits() {
        int bits = 0;
        for (int m : modules.values()) {
            bits |= m;
        }
        return bits;
    }

    @Override
    public Result filter(LogEvent event) {
        int flag = LogLevels.flagOf(event.getLevel());
        if ((mask & flag) != 0) {
            return onMatch;
        }
        Map<String, Integer> m = modules;
        if (m.isEmpty()) {
            return onMismatch;
        }
        String logger = event.getLoggerName();
        int moduleMask = byLogger.computeIfAbsent(logger == null ? "" : logger, l -> moduleMask(m, l));
        return (moduleMask & flag) != 0 ? onMatch : onMismatch;
    }

    /** The OR of the masks whose prefix is {@code logger} or a package or class enclosing it. */
    private static int moduleMask(Map<String, Integer> masks, String logger) {
        int bits = 0;
        for (Map.Entry<String, Integer> e : masks.entrySet()) {
            String p = e.getKey();
            if (logger.equals(p) || logger.startsWith(p) && (logger.charAt(p.length()) == '.'
                    || logger.charAt(p.length()) == '$')) {
                bits |= e.getValue();
            }
        }
        return bits;
    }
}
