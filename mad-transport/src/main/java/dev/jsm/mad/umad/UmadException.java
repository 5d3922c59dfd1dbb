package dev.jsm.mad.umad;

import java.io.IOException;

/**
 * A failure to reach the fabric through libibumad, with a one-line operator-readable message and a {@link Reason}
 * the daemon maps to its exit codes.
 *
 * <p>Immutable; safe to share.
 */
public final class UmadException extends IOException {

    private static final long serialVersionUID = 1L;

    /** Why the local port could not be used. */
    public enum Reason {
        /** libibumad (or JNA's native stub) could not be loaded. */
        LIBRARY_MISSING,
        /** No InfiniBand device: no {@code ib_umad} ABI file or no CA. */
        NO_DEVICE,
        /** The requested CA, port number or port GUID does not exist. */
        PORT_NOT_FOUND,
        /** The port exists but its link is down. */
        PORT_DOWN,
        /** The process may not open {@code /dev/infiniband/umadN} (or {@code issmN}). */
        PERMISSION_DENIED,
        /** The kernel refused to register a MAD agent (another SM holds the class?). */
        AGENT_REGISTRATION,
        /** Any other I/O failure of the device. */
        IO
    }

    private final Reason reason;

    /** A failure with a message and no underlying exception. */
    public UmadException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** A failure caused by another exception (the message should already say what happened). */
    public UmadException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    /** The category of the failure. */
    public Reason reason() {
        return reason;
    }
}
