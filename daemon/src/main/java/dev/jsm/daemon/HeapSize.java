package dev.jsm.daemon;

import dev.jsm.daemon.cache.CacheFiles;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The cache directory's record of the heap the fabric needs, {@value #FILE}, from which the launcher ({@code java.sh})
 * takes the next start's maximum heap. Written at a SUBNET UP whose fabric needs more than the file says, or less
 * by more than an eighth: a host or a switch that reboots takes its ports away and brings them back, and with every
 * size written the file was rewritten (and logged) at each such change, 165 times in 20 minutes of
 * {@code scripts/soak.sh} at 11664 hosts, for a difference of kilobytes. A larger size is written at once, since a
 * heap too small is the one that hurts.
 *
 * <p>Thread-safe: {@link #subnetUp} runs on the thread that publishes the view, one at a time.
 *
 * <p>In detail: docs/design/daemon.md#heapsize.
 */
final class HeapSize implements SweepListener {

    /** The file's name in the cache directory; {@code java.sh} reads its {@code max_heap_kib} line. */
    static final String FILE = "jsm-heap-size";

    private static final Logger LOG = LogManager.getLogger(HeapSize.class);

    private final Path file;
    private long written;

    /** The record of cache directory {@code cacheDir}, read now. */
    HeapSize(Path cacheDir) {
        this.file = cacheDir.resolve(FILE);
        this.written = read(file);
    }

    /**
     * The maximum heap in KiB for a fabric of {@code ports} physical ports, {@code switches} switches and forwarding
     * tables of {@code lids} entries.
     */
    static long maxHeapKib(int ports, int switches, int lids) {
        return 64 * 1024 + ports * 3L / 2 + (long) switches * lids * 5 / 1024;
    }

    /** {@link #maxHeapKib} for the fabric of snapshot {@code s}. */
    static long maxHeapKib(SubnetSnapshot s) {
        return maxHeapKib(s.ports().size(), s.switches().size(), s.lidMap().maxLid() + 1);
    }

    /** Writes the size {@code view}'s fabric needs when it is larger than the file's, or an eighth smaller. */
    @Override
    public synchronized void subnetUp(FabricView view) {
        SubnetSnapshot s = view.snapshot();
        int lids = s.lidMap().maxLid() + 1;
        long kib = maxHeapKib(s);
        if (kib <= written && kib > written - written / 8) {
            return;
        }
        String text = "# jsm: the maximum heap for the fabric of the last SUBNET UP; the launcher reads it\n"
                + "max_heap_kib " + kib + "\n"
                + "ports " + s.ports().size() + " switches " + s.switches().size() + " lids " + lids + "\n";
        try {
            CacheFiles.writeAtomically(file, text.getBytes(StandardCharsets.US_ASCII), false);
            written = kib;
            LOG.info("MAIN-0825 wrote {}: the next start's maximum heap is {} MiB ({} ports, {} switches, {} LIDs)",
                    file, kib >> 10, s.ports().size(), s.switches().size(), lids);
        } catch (IOException e) {
            LOG.warn("MAIN-0825 cannot write {}: {}; the next start sizes the heap from guid2lid", file,
                    e.getMessage());
        }
    }

    /** The {@code max_heap_kib} of {@code file}, or -1 if it has none. */
    private static long read(Path file) {
        try {
            String text = CacheFiles.readAscii(file, 4096);
            for (String line : text == null ? List.<String>of() : text.lines().toList()) {
                if (line.startsWith("max_heap_kib ")) {
                    return Long.parseLong(line.substring("max_heap_kib ".length()).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // missing or unreadable: written at the next SUBNET UP
        }
        return -1;
    }
}
