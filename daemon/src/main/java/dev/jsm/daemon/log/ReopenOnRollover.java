package dev.jsm.daemon.log;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.logging.log4j.core.appender.rolling.RollingFileManager;
import org.apache.logging.log4j.core.appender.rolling.action.AbstractAction;
import org.apache.logging.log4j.core.appender.rolling.RolloverDescription;
import org.apache.logging.log4j.core.appender.rolling.RolloverDescriptionImpl;
import org.apache.logging.log4j.core.appender.rolling.RolloverStrategy;

/**
 * A "rollover" that renames nothing: the manager closes its file and opens the same path again. After logrotate
 * renamed {@code opensm.log}, that creates a fresh {@code opensm.log}; without a rename it just reopens the file,
 * appending. This is what OpenSM does on SIGUSR1. log4j's {@code DefaultRolloverStrategy} would instead shift
 * {@code opensm.log.1} (logrotate's file) to {@code .2} and, with a small maximum, delete it.
 *
 * <p>With a size limit ({@code log_max_size}), a file at the path that has reached it is truncated instead, so the
 * log starts over as OpenSM's does; the size trigger and SIGUSR1 share this one strategy, and the file's size is what
 * tells them apart (after logrotate's rename the path is new and small).
 *
 * <p>Immutable; safe to share.
 */
final class ReopenOnRollover implements RolloverStrategy {

    private final long maxBytes;

    /** @param maxBytes the size limit, 0 for none */
    ReopenOnRollover(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public RolloverDescription rollover(RollingFileManager manager) {
        String name = manager.getFileName();
        boolean full = false;
        if (maxBytes > 0) {
            try {
                full = Files.size(Path.of(name)) >= maxBytes;
            } catch (IOException e) {
                full = false;
            }
        }
        return new RolloverDescriptionImpl(name, true, full ? new Truncate(Path.of(name)) : null, null);
    }

    /** Empties the file; runs after the manager closed it and before it opens it again (appending). */
    private static final class Truncate extends AbstractAction {

        private final Path file;

        Truncate(Path file) {
            this.file = file;
        }

        @Override
        public boolean execute() throws IOException {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(0);
            }
            return true;
        }
    }
}
