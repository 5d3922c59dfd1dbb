package dev.jsm.daemon.mgmt;

import static dev.jsm.daemon.mgmt.PrometheusText.escape;
import static dev.jsm.daemon.mgmt.PrometheusText.family;
import static dev.jsm.daemon.mgmt.PrometheusText.sample;
import static dev.jsm.daemon.mgmt.PrometheusText.seconds;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's own families for {@code /metrics}, under the names Prometheus' Java client gives them, so that the
 * dashboards made for other JVM services read them: resident memory, CPU time, open files, start time, the heap and
 * the rest of the JVM's memory, the heap's pools after their last collection, collections and threads. A daemon
 * that lives for months is watched for a slow leak by {@code jvm_memory_pool_collection_used_bytes} of the old
 * generation (what the last full collection left) and {@code process_resident_memory_bytes}; {@code
 * scripts/soak.sh} samples the same from outside.
 *
 * <p>Stateless; safe to share (the MXBeans are the JVM's, thread-safe).
 */
final class ProcessMetrics {

    private static final Path STATUS = Path.of("/proc/self/status");

    private ProcessMetrics() {
    }

    /** Appends the families to {@code out}. */
    static void render(StringBuilder out) {
        long rss = residentBytes(STATUS);
        if (rss >= 0) {
            family(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes (VmRSS)");
            sample(out, "process_resident_memory_bytes", rss);
        }
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            family(out, "process_cpu_seconds_total", "counter", "User and system CPU time spent in seconds");
            sample(out, "process_cpu_seconds_total", seconds(sun.getProcessCpuTime()));
        }
        if (os instanceof UnixOperatingSystemMXBean unix) {
            family(out, "process_open_fds", "gauge", "Number of open file descriptors");
            sample(out, "process_open_fds", unix.getOpenFileDescriptorCount());
            family(out, "process_max_fds", "gauge", "Maximum number of open file descriptors");
            sample(out, "process_max_fds", unix.getMaxFileDescriptorCount());
        }
        family(out, "process_start_time_seconds", "gauge", "Start time of the process since the epoch in seconds");
        long startMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
        sample(out, "process_start_time_seconds", seconds(startMillis * 1_000_000L));

        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        family(out, "jvm_memory_used_bytes", "gauge", "Used bytes of a given JVM memory area");
        sample(out, "jvm_memory_used_bytes{area=\"heap\"}", heap.getUsed());
        sample(out, "jvm_memory_used_bytes{area=\"nonheap\"}", nonHeap.getUsed());
        family(out, "jvm_memory_committed_bytes", "gauge", "Committed bytes of a given JVM memory area");
        sample(out, "jvm_memory_committed_bytes{area=\"heap\"}", heap.getCommitted());
        sample(out, "jvm_memory_committed_bytes{area=\"nonheap\"}", nonHeap.getCommitted());
        family(out, "jvm_memory_max_bytes", "gauge", "Max bytes of a given JVM memory area (-1: no limit)");
        sample(out, "jvm_memory_max_bytes{area=\"heap\"}", heap.getMax());
        family(out, "jvm_memory_pool_collection_used_bytes", "gauge",
                "Used bytes after the last collection of a given JVM heap pool");
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage after = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (after != null) {
                sample(out, "jvm_memory_pool_collection_used_bytes{pool=\"" + escape(pool.getName()) + "\"}",
                        after.getUsed());
            }
        }
        family(out, "jvm_gc_collection_seconds", "summary", "Time spent in a given JVM garbage collector in seconds");
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            String label = "{gc=\"" + escape(gc.getName()) + "\"}";
            sample(out, "jvm_gc_collection_seconds_count" + label, gc.getCollectionCount());
            sample(out, "jvm_gc_collection_seconds_sum" + label, seconds(gc.getCollectionTime() * 1_000_000L));
        }
        family(out, "jvm_threads_current", "gauge", "Current thread count of a JVM");
        sample(out, "jvm_threads_current", ManagementFactory.getThreadMXBean().getThreadCount());
    }

    /** The VmRSS line of a {@code /proc/PID/status} file in bytes, or -1 where there is none (not Linux). */
    static long residentBytes(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmRSS:")) {
                    String[] f = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(f[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
