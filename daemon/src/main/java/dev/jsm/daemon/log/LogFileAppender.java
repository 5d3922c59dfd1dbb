package dev.jsm.daemon.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;

/**
 * The log file as OpenSM keeps it: every line is written to the file at once (no buffer, so {@code tail -f} shows
 * {@code SUBNET UP} immediately), unless the console's {@code logflush off} asked for a buffer
 * ({@link #setFlushEveryLine}); {@link #reopen} closes the file and opens the same path again, appending - after
 * logrotate renamed {@code opensm.log} that is a fresh file, as with OpenSM's SIGUSR1; with a size limit
 * ({@code log_max_size}) a line that would take the file past it empties the file first, so the log starts over as
 * OpenSM's does. A warning repeated without end is written once a minute with a count ({@link RepeatedLines}).
 *
 * <p>Thread-safe: log4j calls {@link #append} from any logging thread; writes, reopens and the size check are
 * serialised on the appender.
 *
 * <p>In detail: docs/design/daemon.md#logfileappender.
 */
final class LogFileAppender extends AbstractAppender {

    /** The buffer of {@code logflush off}: C's stdio buffer size, as OpenSM's unflushed log. */
    private static final int BUFFER_BYTES = 8192;

    private final Path file;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    private boolean flushEveryLine = true;
    private long maxBytes;
    private final RepeatedLines repeated = new RepeatedLines();
    private FileChannel channel;
    private long size;

    private LogFileAppender(String name, Filter filter, Layout<String> layout, Path file, long maxBytes,
                            FileChannel channel) throws IOException {
        super(name, filter, layout, true, null);
        this.file = file;
        this.maxBytes = maxBytes;
        this.channel = channel;
        this.size = channel.size();
    }

    /**
     * Opens {@code file}, creating it and its missing parent directories (as log4j's file appenders did).
     *
     * @param append keep what the file holds ({@code accum_log_file}); else empty it first
     * @param maxBytes the size limit, 0 for none
     * @throws IOException if the file cannot be opened for writing
     */
    static LogFileAppender open(String name, Filter filter, Layout<String> layout, Path file, boolean append,
                                long maxBytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        FileChannel ch = openAppending(file);
        if (!append) {
            try {
                ch.truncate(0);
            } catch (IOException e) {
                ch.close();
                throw e;
            }
        }
        return new LogFileAppender(name, filter, layout, file, maxBytes, ch);
    }

    @Override
    public synchronized void append(LogEvent event) {
        long now = System.nanoTime();
        if (repeated.isRepeat(event, now)) {
            return;
        }
        writeSummary();
        write(event);
        repeated.written(event, now);
    }

    /** Writes how many repeats of the last line were left out, if any. */
    private void writeSummary() {
        LogEvent summary = repeated.takeSummary();
        if (summary != null) {
            write(summary);
        }
    }

    private void write(LogEvent event) {
        ByteBuffer line = ByteBuffer.wrap(getLayout().toByteArray(event));
        try {
            long pending = size + buffer.position();
            if (maxBytes > 0 && pending > 0 && pending + line.remaining() > maxBytes) {
                buffer.clear();
                channel.truncate(0);
                size = 0;
            }
            if (flushEveryLine) {
                writeFully(line);
                return;
            }
            if (line.remaining() > buffer.remaining()) {
                writeBuffer();
            }
            if (line.remaining() > buffer.remaining()) {
                writeFully(line);
            } else {
                buffer.put(line);
            }
            if (event.getLevel().intLevel() <= LogLevels.SYS.intLevel()) {
                writeBuffer();
            }
        } catch (IOException e) {
            error("cannot write the log file " + file + ": " + e.getMessage());
        }
    }

    /**
     * Whether every line is written to the file at once (the default) or, as OpenSM's log without
     * {@code force_log_flush} (the console's {@code logflush off}), collected in an 8 KiB buffer that is written
     * when full or with an error or SYS line. Turning it on writes what the buffer holds.
     */
    synchronized void setFlushEveryLine(boolean on) {
        flushEveryLine = on;
        if (on) {
            try {
                writeBuffer();
            } catch (IOException e) {
                error("cannot write the log file " + file + ": " + e.getMessage());
            }
        }
    }

    private void writeBuffer() throws IOException {
        buffer.flip();
        writeFully(buffer);
        buffer.clear();
    }

    private void writeFully(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            size += channel.write(bytes);
        }
    }

    /** Changes the size limit ({@code log_max_size} in bytes, 0 for none): the next line past it empties the file. */
    synchronized void setMaxBytes(long bytes) {
        maxBytes = bytes;
    }

    /**
     * Closes the file and opens the same path again, appending (a new file if the old one was renamed). If the
     * path cannot be opened, the old file stays in use.
     *
     * @throws IOException if the path cannot be opened
     */
    synchronized void reopen() throws IOException {
        writeSummary();
        writeBuffer();
        FileChannel next = openAppending(file);
        FileChannel old = channel;
        channel = next;
        size = next.size();
        old.close();
    }

    @Override
    public boolean stop(long timeout, TimeUnit timeUnit) {
        synchronized (this) {
            writeSummary();
            try {
                writeBuffer();
                channel.close();
            } catch (IOException e) {
                error("cannot close the log file " + file + ": " + e.getMessage());
            }
        }
        return super.stop(timeout, timeUnit);
    }

    private static FileChannel openAppending(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }
}
