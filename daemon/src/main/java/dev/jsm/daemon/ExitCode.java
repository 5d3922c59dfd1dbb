package dev.jsm.daemon;

import dev.jsm.mad.umad.UmadException;
import java.io.UncheckedIOException;

/**
 * The daemon's exit statuses, documented here once (ZooKeeper's {@code ExitCode}); {@link #of} is the one place that
 * maps an exception to a status. 0-2 match OpenSM's use; the others are jsm's and stable (OpenSM exits with 1 where
 * jsm exits with {@link #FATAL_SUBNET}).
 */
public enum ExitCode {
    /** Normal exit: SIGTERM/SIGINT, {@code -o} after SUBNET UP, {@code --help}, {@code --version}, {@code -c}. */
    OK(0, "normal exit: SIGTERM/SIGINT, -o after SUBNET UP, --help, --version, -c"),
    /** An unexpected internal error (a bug); the log has the details. */
    UNEXPECTED(1, "an internal error; the log has the details"),
    /** Bad command line, bad config file, or an option value the daemon cannot use (unknown routing engine). */
    USAGE(2, "bad command line, config file or option value"),
    /** A file could not be written or read: the {@code -c} file, the log file, the cache directory, the pid file. */
    FILE_ERROR(3, "a file could not be read or written (-c file, log, cache, pid file)"),
    /** libibumad (or JNA's native part) cannot be loaded: install libibumad3. */
    UMAD_LIBRARY_MISSING(10, "libibumad cannot be loaded: install libibumad3"),
    /** No InfiniBand device: no {@code ib_umad} module or no HCA. */
    NO_DEVICE(11, "no InfiniBand device (ib_umad module, HCA)"),
    /** The port asked for ({@code -g GUID}) does not exist, or is not an InfiniBand port. */
    PORT_NOT_FOUND(12, "the port asked for (-g GUID) does not exist"),
    /** The SM's port has no link (PortState Down). */
    PORT_DOWN(13, "the SM's port has no link"),
    /** No permission to open {@code /dev/infiniband/umad*}: run as root or grant access to the device. */
    PERMISSION_DENIED(14, "no permission to open /dev/infiniband/umad*"),
    /** The kernel refused the MAD agents (another SM already holds the port?). */
    AGENT_REGISTRATION(15, "the kernel refused the MAD agents (another SM on the port?)"),
    /** Another I/O failure of the umad device. */
    UMAD_IO(16, "another I/O failure of the umad device"),
    /** {@code --sim-topology}: the fabric file is unreadable or malformed, or the shape is invalid. */
    SIM_TOPOLOGY(20, "--sim-topology: the fabric is unreadable or invalid"),
    /** {@code -o}: the subnet could not be configured (no SUBNET UP). */
    NOT_CONFIGURED(30, "-o: the subnet could not be configured (no SUBNET UP)"),
    /** {@code --plan}: the change would leave pairs unreachable, close a credit loop or change LIDs, or has errors. */
    PLAN_REJECTED(31, "--plan: the change would leave pairs unreachable, close a credit loop or change LIDs, or "
            + "a changed file has errors"),
    /** {@code exit_on_fatal TRUE}: discovery found devices with the same GUIDs ({@code DISC-0111} names them). */
    FATAL_SUBNET(40, "exit_on_fatal: duplicate GUIDs on the subnet (DISC-0111 in the log)");

    private final int value;
    private final String meaning;

    ExitCode(int value, String meaning) {
        this.value = value;
        this.meaning = meaning;
    }

    /** The process exit status. */
    public int value() {
        return value;
    }

    /** The "Exit status" section of {@code --help}: every status with its meaning. */
    public static String helpText() {
        StringBuilder out = new StringBuilder("\nExit status:\n");
        for (ExitCode c : values()) {
            String v = Integer.toString(c.value);
            // by hand rather than String.format: this runs at every start, before the first sweep
            out.append("  ").append(v).append(" ".repeat(Math.max(0, 4 - v.length()))).append(c.meaning)
                    .append(System.lineSeparator());
        }
        return out.toString();
    }

    /** The status for a start-up or run failure. */
    public static ExitCode of(Throwable t) {
        if (t instanceof StartupException s) {
            return s.exitCode();
        }
        if (t instanceof UmadException u) {
            return switch (u.reason()) {
                case LIBRARY_MISSING -> UMAD_LIBRARY_MISSING;
                case NO_DEVICE -> NO_DEVICE;
                case PORT_NOT_FOUND -> PORT_NOT_FOUND;
                case PORT_DOWN -> PORT_DOWN;
                case PERMISSION_DENIED -> PERMISSION_DENIED;
                case AGENT_REGISTRATION -> AGENT_REGISTRATION;
                case IO -> UMAD_IO;
            };
        }
        if (t instanceof IllegalArgumentException) {
            return USAGE;
        }
        if (t instanceof UncheckedIOException) {
            return FILE_ERROR;
        }
        return UNEXPECTED;
    }

    /** The status for a code {@code CommandLineResult.Exit} carries (0 or 2). */
    public static ExitCode ofCommandLine(int code) {
        return code == 0 ? OK : USAGE;
    }
}
