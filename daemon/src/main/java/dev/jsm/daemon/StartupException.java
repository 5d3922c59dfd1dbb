package dev.jsm.daemon;

/**
 * A start-up failure the operator can fix, with the exit code it maps to and a one-line message (no stack trace is
 * ever printed for it).
 *
 * <p>Immutable; safe to share.
 */
public final class StartupException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient ExitCode exitCode;

    /** A failure with its exit code and message. */
    public StartupException(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    /** A failure caused by another exception. */
    public StartupException(ExitCode exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** The exit code. */
    public ExitCode exitCode() {
        return exitCode;
    }
}
