package dev.jsm.daemon;

import dev.jsm.daemon.perfmgr.PerfSnapshot;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Locale;
import java.util.Random;

/**
 * Measures the performance manager on the in-JVM simulator (issue 23 part 3; a measurement, not a test): the daemon
 * with {@code perfmgr TRUE} and {@code perfmgr_sweep_time_s 1} on a large fabric whose counters move - before every
 * counter sweep, traffic and a few errors are added on a thousand random ports - and, per perfmgr sweep, the wall
 * time the sweep took, the CPU time of the {@code jsm-perfmgr} thread, the MADs it sent and the heap in use after a
 * full collection (with the first sweep's heap as the base). Prints one line per sweep.
 *
 * <p>Usage: {@code PerfMgrLoadMain [shape, default fat3:k=36] [sweeps, default 5]}
 */
public final class PerfMgrLoadMain {

    private PerfMgrLoadMain() {
    }

    public static void main(String[] args) throws Exception {
        String shape = args.length > 0 ? args[0] : "fat3:k=36";
        int sweeps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Topology t = TopologyShapes.parse(shape);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long heapBefore = memory.getHeapMemoryUsage().getUsed();
        try (SimSm sm = SimSm.start(t, Files.createTempDirectory("perfmgr-load"), "perfmgr", "TRUE",
                "perfmgr_sweep_time_s", "1")) {
            sm.awaitSubnetUp(Duration.ofMinutes(10));
            System.gc();
            long heapUp = memory.getHeapMemoryUsage().getUsed();
            System.out.printf(Locale.ROOT, "%s: SUBNET UP, heap %d MB (before the daemon %d MB)%n", shape,
                    heapUp >> 20, heapBefore >> 20);
            Random random = new Random(1);
            long seen = sm.daemon.perfManager().snapshot().sweeps();
            long cpu0 = perfThreadCpu(threads);
            long mads0 = sm.daemon.perfManager().snapshot().madsSent();
            for (int i = 0; i < sweeps; i++) {
                for (int k = 0; k < 1000; k++) {
                    int n = random.nextInt(t.nodeCount());
                    int port = t.node(n).kind() == NodeKind.SWITCH ? 1 + random.nextInt(t.node(n).numPorts()) : 1;
                    if (t.peerNode(n, port) >= 0) {
                        sm.fabric.faults().addPortTraffic(n, port, random.nextBoolean(), 1L << 20, 4096);
                        if (k % 100 == 0) {
                            sm.fabric.faults().addPortErrors(n, port, 0, 1);
                        }
                    }
                }
                PerfSnapshot s;
                long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
                while ((s = sm.daemon.perfManager().snapshot()).sweeps() <= seen) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("no perfmgr sweep within 5 minutes");
                    }
                    Thread.sleep(20);
                }
                seen = s.sweeps();
                long cpu = perfThreadCpu(threads);
                System.gc();
                long heap = memory.getHeapMemoryUsage().getUsed();
                System.out.printf(Locale.ROOT, "perfmgr sweep %d: %.2f s wall, %.2f s CPU of jsm-perfmgr, %d MADs, "
                        + "%d ports read, heap %d MB (%+d MB since SUBNET UP)%n", s.sweeps(), s.lastSweepNanos() / 1e9,
                        (cpu - cpu0) / 1e9, s.madsSent() - mads0, s.portsRead(), heap >> 20, (heap - heapUp) >> 20);
                cpu0 = cpu;
                mads0 = s.madsSent();
            }
        }
        System.exit(0);
    }

    /** CPU time of the performance manager's thread so far, nanoseconds (0 before it exists). */
    private static long perfThreadCpu(ThreadMXBean threads) {
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().equals("jsm-perfmgr")) {
                return threads.getThreadCpuTime(info.getThreadId());
            }
        }
        return 0;
    }
}
