package dev.jsm.daemon;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Gives back the heap a JVM without a maximum grew beyond what the fabric needs: after a SUBNET UP whose heap is
 * committed past {@link HeapSize#maxHeapKib} while the maximum is at least twice that, a full collection, which the
 * launchers' {@code MaxHeapFreeRatio=40} turns into old generation given back to the system.
 *
 * <p>Threading: {@link #subnetUp} runs on the SM thread and only compares two numbers; the collection runs on
 * {@code collector} (a thread of its own in the daemon), one at a time.
 *
 * <p>In detail: docs/design/daemon.md#heaptrim.
 */
final class HeapTrim implements SweepListener {

    private static final Logger LOG = LogManager.getLogger(HeapTrim.class);

    private final LongSupplier committedBytes;
    private final long maxBytes;
    private final Executor collector;
    private final Runnable collect;
    private final AtomicBoolean collecting = new AtomicBoolean();
    private boolean told;

    /**
     * @param committedBytes the heap committed now ({@link Runtime#totalMemory})
     * @param maxBytes the heap's maximum ({@link Runtime#maxMemory})
     * @param collector where the collection runs
     * @param collect the full collection ({@link System#gc})
     */
    HeapTrim(LongSupplier committedBytes, long maxBytes, Executor collector, Runnable collect) {
        this.committedBytes = committedBytes;
        this.maxBytes = maxBytes;
        this.collector = collector;
        this.collect = collect;
    }

    /** The trim of this JVM's heap, collecting on a daemon thread {@code jsm-heap-trim} started for each. */
    static HeapTrim ofThisJvm() {
        Runtime rt = Runtime.getRuntime();
        return new HeapTrim(rt::totalMemory, rt.maxMemory(), task -> {
            Thread t = new Thread(task, "jsm-heap-trim");
            t.setDaemon(true);
            t.start();
        }, System::gc);
    }

    @Override
    public void subnetUp(FabricView view) {
        long needed = HeapSize.maxHeapKib(view.snapshot()) << 10;
        long committed = committedBytes.getAsLong();
        if (maxBytes < 2 * needed || committed <= needed || !collecting.compareAndSet(false, true)) {
            return;
        }
        if (!told) {
            told = true;
            // no "SUBNET UP" in the text: scripts and operators count the lines that have it
            LOG.info("MAIN-0826 the heap has no maximum for this fabric ({} MiB, the JVM's own: no jsm-heap-size or "
                    + "a start after the heap ran out): {} MiB committed against the {} MiB the fabric needs, so a "
                    + "full collection gives the rest back after each configured fabric that leaves more; the next "
                    + "start takes its maximum from jsm-heap-size", maxBytes >> 20, committed >> 20, needed >> 20);
        }
        collector.execute(() -> {
            try {
                collect.run();
            } finally {
                collecting.set(false);
            }
        });
    }
}
