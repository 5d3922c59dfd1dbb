package dev.jsm.daemon.log;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.SmOptions;
import java.util.Objects;

/**
 * Where and what the daemon logs, from the options: {@code log_file} ({@code -f}; {@code stdout} for standard
 * output), {@code log_flags} ({@code -D}, {@code -v}, {@code -V}), {@code accum_log_file} ({@code -e} truncates at
 * start), {@code log_max_size} ({@code -L}) and {@code log_prefix}.
 *
 * <p>Immutable; safe to share.
 *
 * @param file the log file, or {@link #STDOUT}
 * @param flags the OpenSM level mask; SYS (0x80) is always on, as in OpenSM
 * @param append whether to append to an existing file (else truncate it at start)
 * @param prefix text put in front of every message ("" for none)
 * @param maxBytes size after which the file starts over, as OpenSM's {@code log_max_size} (0 = no limit)
 */
public record LogSettings(String file, int flags, boolean append, String prefix, long maxBytes) {

    /** The {@code log_file} value that logs to standard output. */
    public static final String STDOUT = "stdout";
    /** OpenSM's default log file. */
    public static final String DEFAULT_FILE = "/var/log/opensm.log";

    /** Validates the values. */
    public LogSettings {
        Objects.requireNonNull(file, "file");
        prefix = prefix == null ? "" : prefix;
        flags |= LogLevels.SYS_BIT;
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative: " + maxBytes);
        }
    }

    /** Settings without a size limit. */
    public LogSettings(String file, int flags, boolean append, String prefix) {
        this(file, flags, append, prefix, 0);
    }

    /** The settings the options ask for. */
    public static LogSettings of(SmOptions options) {
        String file = options.logFile();
        String prefix = options.get(DebugOptions.LOG_PREFIX);
        return new LogSettings(file == null || file.isBlank() ? DEFAULT_FILE : file, options.logFlags(),
                options.get(DebugOptions.ACCUM_LOG_FILE), prefix == null ? "" : prefix + " ",
                options.get(DebugOptions.LOG_MAX_SIZE) * 1024 * 1024);
    }

    /** Whether the log goes to standard output. */
    public boolean toStdout() {
        return STDOUT.equals(file);
    }
}
