package dev.jsm.daemon.log;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.SimpleMessage;

/**
 * Collapses a warning or error logged again and again into one line and a count, as syslog does: a WARN, ERROR or
 * FATAL event whose level and text equal the last line written, within {@value #WINDOW_SECONDS} s of when that
 * line was written, is not written but counted; before the next line that is written (another text, or the same
 * one once the window has passed), and when the log is reopened or closed, {@code last message repeated N times}
 * says how many were left out. A flood of one warning (one per duplicate of a 140 KB {@code routing_engine} value
 * wrote 2.8 GB) then costs two lines a minute. Other levels are always written.
 *
 * <p>Not thread-safe: the appender that owns it calls it under its own lock.
 */
final class RepeatedLines {

    static final long WINDOW_SECONDS = 60;
    private static final long WINDOW_NANOS = WINDOW_SECONDS * 1_000_000_000L;

    private Level lastLevel;
    private String lastText;
    private long lastWrittenNanos;
    private int repeats;
    private LogEvent lastRepeat;

    /**
     * Whether {@code event} repeats the last line written and is only to be counted; otherwise the caller writes
     * {@link #takeSummary()} (if any) and then the event, and tells {@link #written}.
     */
    boolean isRepeat(LogEvent event, long nowNanos) {
        if (!collapsible(event.getLevel()) || lastText == null || event.getLevel() != lastLevel
                || nowNanos - lastWrittenNanos >= WINDOW_NANOS
                || !lastText.equals(event.getMessage().getFormattedMessage())) {
            return false;
        }
        repeats++;
        lastRepeat = event.toImmutable();
        return true;
    }

    /** The line saying how many repeats were left out since the last line written, or {@code null}; resets it. */
    LogEvent takeSummary() {
        if (repeats == 0) {
            return null;
        }
        LogEvent last = lastRepeat;
        LogEvent summary = Log4jLogEvent.newBuilder().setLoggerName(last.getLoggerName()).setLevel(last.getLevel())
                .setMessage(new SimpleMessage("last message repeated " + repeats + " times"))
                .setInstant(last.getInstant()).setThreadId(last.getThreadId())
                .setThreadName(last.getThreadName()).build();
        repeats = 0;
        lastRepeat = null;
        return summary;
    }

    /** {@code event} was written at {@code nowNanos}. */
    void written(LogEvent event, long nowNanos) {
        if (collapsible(event.getLevel())) {
            lastLevel = event.getLevel();
            lastText = event.getMessage().getFormattedMessage();
            lastWrittenNanos = nowNanos;
        } else {
            lastText = null;
        }
    }

    private static boolean collapsible(Level level) {
        return level.isMoreSpecificThan(Level.WARN);
    }
}
