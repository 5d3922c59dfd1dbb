package dev.jsm.daemon;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The daemon's last word: the uncaught-exception handler of every thread of the process ({@link #install}), so an
 * error no code handled - an {@link OutOfMemoryError} above all, or anything else that kills one of the daemon's
 * threads (the SM thread, the sweep loop, the SA's, the receive thread) and leaves an SM that no longer works - is
 * written to {@code opensm.log} ({@code MAIN-0809}, FATAL) and to standard error (the journal under systemd) and
 * the JVM then exits at once with status 1 ({@link ExitCode#UNEXPECTED}), which systemd's
 * {@code Restart=on-failure} answers with a restart. No shutdown hook runs (no handover: this SM cannot be trusted
 * to do one).
 *
 * <p>Thread-safe; reports once.
 *
 * <p>In detail: docs/design/daemon.md#fatalerrors.
 */
final class FatalErrors {

    /** Heap set aside at start and released when reporting, so that the report can allocate. */
    static final int RESERVE_BYTES = 4 << 20;

    private static final byte[] PREFIX = "opensm: fatal: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NEWLINE = {'\n'};

    private final AtomicBoolean reporting = new AtomicBoolean();
    private final FileOutputStream stderr;
    private final IntConsumer halt;
    private static volatile FatalErrors installed;

    private volatile byte[] reserve = new byte[RESERVE_BYTES];
    private volatile HeapMarker heapMarker;

    /** A handler writing to {@code stderr} and ending the process through {@code halt}. */
    FatalErrors(FileOutputStream stderr, IntConsumer halt) {
        this.stderr = stderr;
        this.halt = halt;
    }

    /**
     * Makes a handler the default uncaught-exception handler of the process, writing to the process's standard
     * error and halting the JVM. For the real process only ({@code Main.main}): tests run the daemon in their JVM.
     */
    static void install() {
        FatalErrors f = new FatalErrors(new FileOutputStream(FileDescriptor.err), Runtime.getRuntime()::halt);
        installed = f;
        Thread.setDefaultUncaughtExceptionHandler(f::uncaught);
    }

    /** Has the installed handler, if any, record an exhausted heap in {@code marker}. */
    static void recordHeapExhaustionIn(HeapMarker marker) {
        FatalErrors f = installed;
        if (f != null) {
            f.setHeapMarker(marker);
        }
    }

    /** Records an exhausted heap in {@code marker} from now on. */
    void setHeapMarker(HeapMarker marker) {
        heapMarker = marker;
    }

    /** Reports {@code error}, which ended {@code thread}, and halts with status 1. */
    void uncaught(Thread thread, Throwable error) {
        if (!reporting.compareAndSet(false, true)) {
            return;
        }
        reserve = null;
        try {
            stderr.write(PREFIX);
            stderr.write((error + " in thread " + thread.getName() + "; exiting").getBytes(StandardCharsets.UTF_8));
            stderr.write(NEWLINE);
            stderr.flush();
        } catch (IOException | RuntimeException | Error e) {
            // nothing more can be said on standard error; the log may still be written
        }
        HeapMarker marker = heapMarker;
        boolean marked = marker != null && heapExhausted(error) && marker.write(Runtime.getRuntime().maxMemory());
        try {
            Logger log = LogManager.getLogger(FatalErrors.class);
            log.fatal("MAIN-0809 fatal error in thread {}: {}; exiting with status {}", thread.getName(), error,
                    ExitCode.UNEXPECTED.value(), error);
            if (marked) {
                log.fatal("MAIN-0809 wrote {}: the next start leaves the heap's maximum to the JVM", marker.file());
            }
        } catch (RuntimeException | Error e) {
            // logging failed too: standard error has it
        }
        halt.accept(ExitCode.UNEXPECTED.value());
    }

    /**
     * Whether {@code error}, or an error it was caused by, says the Java heap was exhausted (not metaspace, direct
     * buffers or native threads, which a larger heap does not help).
     */
    static boolean heapExhausted(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OutOfMemoryError && t.getMessage() != null && (t.getMessage().contains("Java heap space")
                    || t.getMessage().contains("GC overhead limit exceeded"))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the heap reserve is still held (tests). */
    boolean holdsReserve() {
        return reserve != null;
    }
}
