package dev.jsm.daemon;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.util.Objects;

/**
 * The port's {@code issm} device ({@code /dev/infiniband/issmN}), held open while the SM runs: the kernel then sets
 * the port's IsSM capability bit, which is how other SMs and tools find this SM - and under umad2sim it is what
 * makes ibsim hand the SM unsolicited MADs (traps, SMInfo Gets). It is opened with libc's {@code open(2)} through
 * JNA rather than Java's file API, because umad2sim intercepts {@code open} but not the {@code open64} the JDK calls.
 *
 * <p>Thread-safe to close once.
 */
final class IssmDevice implements AutoCloseable {

    /** The two libc calls needed. */
    private interface LibC extends Library {
        int open(String path, int flags);

        int close(int fd);
    }

    private static final int O_RDWR = 2;

    /** Bound once: {@code Native.load} builds a proxy class, which costs milliseconds at start-up. */
    private static final LibC LIBC = Native.load("c", LibC.class);

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
        int fd = LIBC.open(path, O_RDWR);
        if (fd < 0) {
            throw new IllegalStateException("open " + path + ": errno " + Native.getLastError());
        }
        return new IssmDevice(fd);
    }

    /** Binds libc now (the start-up warm-up of {@link StartupWarmup}). */
    static void bind() {
        Objects.requireNonNull(LIBC);
    }

    /** Closes the device: the port's IsSM bit is cleared. */
    @Override
    public void close() {
        LIBC.close(fd);
    }
}
