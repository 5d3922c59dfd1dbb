package dev.jsm.daemon.systemd;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * JNA direct-mapped binding of the one libsystemd function the daemon needs, {@code sd_notify(3)}. The JDK cannot
 * send UNIX datagrams and the {@code systemd-notify} tool would send from a child PID (ECOSYSTEM.md section 4), so
 * the notification goes through libsystemd, loaded by SONAME ({@code libsystemd0} has no unversioned .so). A missing
 * library does not fail class initialisation: it is recorded and reported by {@link #unavailabilityCause()}.
 *
 * <p>Thread-safe: {@code sd_notify} keeps no state between calls.
 */
final class SdNotify {

    /** The library name loaded. */
    static final String LIBRARY = "libsystemd.so.0";

    private static final Throwable UNAVAILABILITY_CAUSE;

    static {
        Throwable cause = null;
        try {
            Native.register(NativeLibrary.getInstance(LIBRARY));
        } catch (Throwable t) { // UnsatisfiedLinkError, NoClassDefFoundError (JNA stub missing), ...
            cause = t;
        }
        UNAVAILABILITY_CAUSE = cause;
    }

    private SdNotify() {
    }

    /** Why libsystemd is unavailable, or {@code null} if it was loaded. */
    static Throwable unavailabilityCause() {
        return UNAVAILABILITY_CAUSE;
    }

    /**
     * Sends {@code state} (newline-separated {@code KEY=VALUE} assignments) to the socket in {@code $NOTIFY_SOCKET}.
     *
     * @return a positive value if sent, 0 if {@code NOTIFY_SOCKET} is not set, a negative errno on failure
     */
    static native int sd_notify(int unsetEnvironment, String state);
}
