package dev.jsm.daemon.log;

import java.io.PrintStream;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;

/**
 * Writes each line to a stream and flushes it: the log on standard output ({@code -f stdout}), and the SYS lines
 * that OpenSM also prints there when it logs to a file. Our own for the same reason as {@link LogFileAppender}:
 * log4j's ConsoleAppender costs a reflective builder validation at start-up. Repeated warnings are collapsed as in
 * the log file ({@link RepeatedLines}).
 *
 * <p>Thread-safe: writes are serialised on the appender.
 */
final class StreamAppender extends AbstractAppender {

    private final PrintStream out;
    private final RepeatedLines repeated = new RepeatedLines();

    StreamAppender(String name, Filter filter, Layout<String> layout, PrintStream out) {
        super(name, filter, layout, true, null);
        this.out = out;
    }

    @Override
    public synchronized void append(LogEvent event) {
        long now = System.nanoTime();
        if (repeated.isRepeat(event, now)) {
            return;
        }
        LogEvent summary = repeated.takeSummary();
        if (summary != null) {
            write(summary);
        }
        write(event);
        repeated.written(event, now);
    }

    private void write(LogEvent event) {
        byte[] line = getLayout().toByteArray(event);
        out.write(line, 0, line.length);
        out.flush();
    }
}
