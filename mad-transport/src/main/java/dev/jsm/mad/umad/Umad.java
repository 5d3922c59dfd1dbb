package dev.jsm.mad.umad;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * JNA direct-mapped binding of libibumad ({@code libibumad.so.3}, rdma-core), plus Netty-style availability checks.
 *
 * <p>Thread-safe: the natives keep no per-call state; libibumad has only process-wide flags (the ABI version).
 *
 * <p>In detail: docs/design/mad-transport.md#umad.
 */
public final class Umad {

    /** The library name loaded. */
    public static final String LIBRARY = "libibumad.so.3";
    /** {@code UMAD_CA_NAME_LEN}: size of a CA name including the terminating NUL. */
    static final int CA_NAME_LEN = 20;
    /** {@code UMAD_MAX_DEVICES}: the most CA names {@code umad_get_cas_names} returns. */
    static final int MAX_DEVICES = 32;

    private static final Throwable UNAVAILABILITY_CAUSE;

    static {
        Throwable cause = null;
        try {
            Native.register(Umad.class, NativeLibrary.getInstance(LIBRARY));
        } catch (Throwable t) { // UnsatisfiedLinkError, NoClassDefFoundError (JNA stub missing), ...
            cause = t;
        }
        UNAVAILABILITY_CAUSE = cause;
    }

    private Umad() {
    }

    /** Whether libibumad could be loaded and bound. */
    public static boolean isAvailable() {
        return UNAVAILABILITY_CAUSE == null;
    }

    /** Why libibumad is unavailable, or {@code null} if it is available. */
    public static Throwable unavailabilityCause() {
        return UNAVAILABILITY_CAUSE;
    }

    /**
     * Throws unless libibumad is available.
     *
     * @throws UmadException with reason {@link UmadException.Reason#LIBRARY_MISSING}
     */
    public static void ensureAvailability() throws UmadException {
        if (UNAVAILABILITY_CAUSE != null) {
            String detail = String.valueOf(UNAVAILABILITY_CAUSE.getMessage()).lines().findFirst().orElse("");
            throw new UmadException(UmadException.Reason.LIBRARY_MISSING,
                    "cannot load " + LIBRARY + " (install libibumad3): " + detail, UNAVAILABILITY_CAUSE);
        }
    }

    // ---- init / discovery

    static native int umad_init();

    /** {@code char cas[][UMAD_CA_NAME_LEN]}: pass {@code byte[max * CA_NAME_LEN]}. */
    static native int umad_get_cas_names(byte[] cas, int max);

    /** {@code ca} points to a 208-byte {@code umad_ca_t}; release with {@link #umad_release_ca}. */
    static native int umad_get_ca(String caName, Pointer ca);

    static native int umad_release_ca(Pointer ca);

    /** {@code port} points to a 112-byte {@code umad_port_t}; release with {@link #umad_release_port}. */
    static native int umad_get_port(String caName, int portNum, Pointer port);

    static native int umad_release_port(Pointer port);

    /** Port GUIDs in network byte order, index = port number; returns the count or a negative errno. */
    static native int umad_get_ca_portguids(String caName, long[] portGuids, int max);

    static native int umad_get_issm_path(String caName, int portNum, byte[] path, int max);

    // ---- port and agents

    /** Returns the port id (the fd) or a negative errno. */
    static native int umad_open_port(String caName, int portNum);

    static native int umad_close_port(int portId);

    /** {@code methodMask} points to {@code long[2]} (bit n = method n) or is {@code null}; returns the agent id. */
    static native int umad_register(int portId, int mgmtClass, int mgmtVersion, byte rmppVersion,
                                    Pointer methodMask);

    static native int umad_unregister(int portId, int agentId);

    // ---- I/O on raw buffer addresses (hot path)

    /** Writes {@code umad_size() + length} bytes; {@code timeoutMs}/{@code retries} are the kernel's. */
    static native int umad_send(int portId, int agentId, long umad, int length, int timeoutMs, int retries);

    /** {@code length} points to an int: in = data capacity (at least 256), out = data length. */
    static native int umad_recv(int portId, long umad, long length, int timeoutMs);

    /** Size of {@code struct ib_user_mad}: 56 before the first {@code umad_open_port}, 64 after (new ABI). */
    static native long umad_size();

    static native long umad_get_mad(long umad);

    /** Host-order arguments; libibumad stores them big-endian. */
    static native int umad_set_addr(long umad, int dlid, int dqp, int sl, int qkey);
}
