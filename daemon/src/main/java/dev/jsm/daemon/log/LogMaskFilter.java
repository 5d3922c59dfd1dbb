package dev.jsm.daemon.log;

import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.filter.AbstractFilter;

/**
 * Lets an event through only if its level's OpenSM bit is in the {@code log_flags} mask, so masks with holes
 * ({@code -D 0x81}: errors and system events, no info) work as in OpenSM. Attached to the appender; the root
 * logger's level ({@link LogLevels#threshold}) already drops everything below the least severe enabled level.
 *
 * <p>Thread-safe: the mask may change at run time ({@link #setMask}, the console's {@code loglevel}).
 */
final class LogMaskFilter extends AbstractFilter {

    private volatile int mask;

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

    @Override
    public Result filter(LogEvent event) {
        return (mask & LogLevels.flagOf(event.getLevel())) != 0 ? onMatch : onMismatch;
    }
}
