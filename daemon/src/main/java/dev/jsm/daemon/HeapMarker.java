package dev.jsm.daemon;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The cache directory's record that the last run ran out of heap, {@value #FILE} beside {@code guid2lid}. The
 * launcher ({@code java.sh}) sizes the heap from the ports in {@code guid2lid}; a fabric much larger than the one that
 * file describes (a cluster that grew, a {@code guid2lid} left by a test fabric) exhausts that heap during discovery,
 * before the LID manager writes the new ports, and every restart would then run out the same way. So
 * {@link FatalErrors} writes this file when the heap is exhausted, the launcher leaves the heap's maximum to the JVM
 * for the start that finds it, and the daemon removes it after its next SUBNET UP, when {@code guid2lid} holds the
 * fabric the next start must fit.
 *
 * <p>Thread-safe.
 */
final class HeapMarker implements SweepListener {

    /** The file's name in the cache directory; {@code java.sh} tests for it. */
    static final String FILE = "jsm-heap-exhausted";

    private static final Logger LOG = LogManager.getLogger(HeapMarker.class);

    private final Path file;
    private final AtomicBoolean present;

    /** The marker of cache directory {@code cacheDir}, looked for now. */
    HeapMarker(Path cacheDir) {
        this.file = cacheDir.resolve(FILE);
        this.present = new AtomicBoolean(Files.exists(file));
    }

    /** Says in the log, at start, that this start runs with the JVM's maximum heap because of the marker. */
    void logAtStart() {
        if (present.get()) {
            LOG.warn("MAIN-0823 the last run ran out of heap ({} exists): this start has the JVM's maximum heap, "
                    + "{} MiB; the marker goes after SUBNET UP", file, Runtime.getRuntime().maxMemory() >> 20);
        }
    }

    /**
     * Writes the marker with the maximum heap that was too small, {@code maxHeapBytes}. Called while the process
     * dies: no logging here, and a failure to write is returned, not thrown.
     *
     * @return whether the file was written
     */
    boolean write(long maxHeapBytes) {
        try {
            Files.write(file, ("max_heap_kib " + (maxHeapBytes >> 10) + "\n").getBytes(StandardCharsets.US_ASCII));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The file. */
    Path file() {
        return file;
    }

    /** Removes the marker at the first SUBNET UP that finds one: {@code guid2lid} now describes this fabric. */
    @Override
    public void subnetUp(FabricView view) {
        if (!present.compareAndSet(true, false)) {
            return;
        }
        try {
            Files.deleteIfExists(file);
            LOG.info("MAIN-0824 the fabric came up with a maximum heap of {} MiB: removed {}; the next start sizes "
                    + "the heap from guid2lid again", Runtime.getRuntime().maxMemory() >> 20, file);
        } catch (IOException e) {
            LOG.warn("MAIN-0824 cannot remove {}: {}; the next start leaves the heap's maximum to the JVM again",
                    file, e.getMessage());
        }
    }
}
