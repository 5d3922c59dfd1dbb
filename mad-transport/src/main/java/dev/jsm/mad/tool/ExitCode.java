package dev.jsm.mad.tool;

import dev.jsm.mad.umad.UmadException;

/**
 * Exit statuses of {@link SmpQuery}: one per way the query can end, so that scripts can tell a fabric problem (the
 * MAD failed) from a local one (no library, no device, wrong port, no permission).
 */
public enum ExitCode {

    /** The SMP was answered with status 0 and printed. */
    OK(0),
    /** The response had an error status, the request timed out after all retries, or its route was undeliverable. */
    MAD_FAILED(1),
    /** Bad command line. */
    USAGE(2),
    /** libibumad (libibumad3) or JNA's native part could not be loaded. */
    LIBRARY_MISSING(3),
    /** No InfiniBand device: no ib_umad ABI file or no CA. */
    NO_DEVICE(4),
    /** The CA, port number or port GUID asked for does not exist. */
    PORT_NOT_FOUND(5),
    /** The local port exists but its link is down. */
    PORT_DOWN(6),
    /** The umad device may not be opened by this user. */
    PERMISSION_DENIED(7),
    /** The kernel refused to register the SMI MAD agents. */
    AGENT_REGISTRATION(8),
    /** Any other I/O failure of the umad device. */
    DEVICE_IO(9);

    private final int status;

    ExitCode(int status) {
        this.status = status;
    }

    /** The process exit status. */
    public int status() {
        return status;
    }

    /** The exit code for a failure to open the local port. */
    public static ExitCode of(UmadException.Reason reason) {
        return switch (reason) {
            case LIBRARY_MISSING -> LIBRARY_MISSING;
            case NO_DEVICE -> NO_DEVICE;
            case PORT_NOT_FOUND -> PORT_NOT_FOUND;
            case PORT_DOWN -> PORT_DOWN;
            case PERMISSION_DENIED -> PERMISSION_DENIED;
            case AGENT_REGISTRATION -> AGENT_REGISTRATION;
            case IO -> DEVICE_IO;
        };
    }
}
