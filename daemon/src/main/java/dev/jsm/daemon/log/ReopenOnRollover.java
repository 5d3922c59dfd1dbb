package dev.jsm.daemon.log;

import org.apache.logging.log4j.core.appender.rolling.RollingFileManager;
import org.apache.logging.log4j.core.appender.rolling.RolloverDescription;
import org.apache.logging.log4j.core.appender.rolling.RolloverDescriptionImpl;
import org.apache.logging.log4j.core.appender.rolling.RolloverStrategy;

/**
 * A "rollover" that renames nothing: the manager closes its file and opens the same path again, appending. After
 * logrotate renamed {@code opensm.log}, that creates a fresh {@code opensm.log}; without a rename it just reopens the
 * file. This is what OpenSM does on SIGUSR1. log4j's {@code DefaultRolloverStrategy} would instead shift
 * {@code opensm.log.1} (logrotate's file) to {@code .2} and, with a small maximum, delete it.
 *
 * <p>Stateless; safe to share.
 */
final class ReopenOnRollover implements RolloverStrategy {

    @Override
    public RolloverDescription rollover(RollingFileManager manager) {
        return new RolloverDescriptionImpl(manager.getFileName(), true, null, null);
    }
}
