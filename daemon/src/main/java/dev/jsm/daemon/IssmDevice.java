package dev.jsm.daemon;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;

/**
 * The port's {@code issm} device ({@code /dev/infiniband/issmN}), held open while the SM runs: the kernel then sets
 * the port's IsSM capability bit, which is how other SMs and tools find this SM - and under umad2sim it is what
 * makes ibsim hand the SM unsolicited MADs (traps, SMInfo Gets). It is opened with libc's {@code open(2)} through
 * JNA rather than Java's file API, because umad2sim intercepts {@code open} but not the {@code open64} the JDK calls.
 *
 * <p>Thread-safe to close once.
 */
final class IssmDevice implements AutoCloseable {

    /**
     * The two libc calls needed, bound by JNA's direct mapping: no proxy class and no reflection at start-up or per
     * call. Bound from JNA's library {@code "c"}, the same handle an interface mapping would use.
     */
    private static final class LibC {
        static {
            Native.register(LibC.class, NativeLibrary.getInstance("c"));
        }

        private LibC() {
        }

        static native int open(String path, int flags);

        static native int close(int fd);

        /** Nothing: calling it binds the natives (the class initialiser) if that has not happened yet. */
        static void bind() {
        }
    }

    private static final int O_RDWR = 2;

    private final int fd;

    private IssmDevice(int fd) {
        this.fd = fd;
    }

    /**
     * Opens {@code path} read-write.
     *
     * @throws IllegalStateException with the errno text if it cannot be opened
     */
    static IssmDevice open(String path) {
        int fd = LibC.open(path, O_RDWR);
        if (fd < 0) {
            throw new IllegalStateException("open " + path + ": errno " + Native.getLastError());
        }
        return new IssmDevice(fd);
    }

    /** Binds libc now (the start-up warm-up of {@link StartupWarmup}). */
    static void bind() {
        LibC.bind();
    }

    /** Closes the device: the port's IsSM bit is cleared. */
    @Override
    public void close() {
        LibC.close(fd);
    }
}
