package dev.jsm.daemon;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures incremental rerouting on the in-JVM simulator (issue 21; a measurement, not a test), as
 * {@code scripts/fabric-changes.sh} does under ibsim: after SUBNET UP and a quiet moment, {@code CABLES}
 * switch-to-switch cables (the first switch port toward a switch of each of the first switches) fail at once, and
 * the time and the process's CPU to the next SUBNET UP the SM tells, then to when the dump files that follow it
 * (written off the SM thread) were written too, the LFT block and configuration Sets sent by then and the kinds of
 * the sweeps that ended by then are printed; then the cables come back and the same is printed. Before the first
 * round and after the last a heavy sweep is asked, as a HUP does: on the fabric as it came up, and after the cables'
 * return (when the routes a repair moved off them may go back). The CPU is the SM's and the simulated fabric's
 * threads together, which a shared machine does not inflate as it does the wall time; each change waits until the
 * route check of the sweep before has ended (the after-sweep thread idle), so that CPU is the change's.
 *
 * <p>Usage: {@code CableFailureMain [shape, default fat3:k=36] [cables, default 3] [rounds, default 3]}
 */
public final class CableFailureMain {

    private CableFailureMain() {
    }

    public static void main(String[] args) throws Exception {
        String shape = args.length > 0 ? args[0] : "fat3:k=36";
        int cables = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Duration up = Duration.ofMinutes(10);
        Path dir = Files.createTempDirectory("cable-failure");
        Topology t = TopologyShapes.parse(shape);
        List<int[]> pulled = cables(t, cables);
        try (SimSm sm = SimSm.start(t, dir)) {
            long t0 = System.nanoTime();
            sm.awaitSubnetUp(up);
            System.out.printf("first SUBNET UP after %d ms, %d ms of CPU%n", (System.nanoTime() - t0) / 1_000_000,
                    SimSm.processCpuMillis());
            quiet(sm);
            event(sm, "HUP", () -> sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "measurement: HUP"), up);
            for (int round = 0; round < rounds; round++) {
                quiet(sm);
                event(sm, "unlink", () -> pulled.forEach(c -> sm.fabric.faults().linkDown(c[0], c[1])), up);
                quiet(sm);
                event(sm, "link", () -> pulled.forEach(c -> sm.fabric.faults().linkUp(c[0], c[1])), up);
            }
            quiet(sm);
            event(sm, "HUP", () -> sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "measurement: HUP"), up);
        }
    }

    private static void event(SimSm sm, String what, Runnable change, Duration up) throws Exception {
        long lft0 = sm.counted.lftBlockSets();
        long sets0 = sm.counted.configurationSets();
        int sweeps0 = sm.sweepsEnded.size();
        long cpu0 = SimSm.processCpuMillis();
        long t0 = System.nanoTime();
        change.run();
        sm.awaitSubnetUp(up);
        long dumped = System.nanoTime();
        System.out.printf("%-7s %5d ms to SUBNET UP, %5d ms of CPU; %5d ms, %5d ms of CPU to its dump files written; "
                + "%6d LFT block Sets, %6d configuration Sets, sweeps %s%n", what,
                (sm.subnetUpNanos() - t0) / 1_000_000, sm.subnetUpCpuMillis() - cpu0, (dumped - t0) / 1_000_000,
                SimSm.processCpuMillis() - cpu0, sm.counted.lftBlockSets() - lft0,
                sm.counted.configurationSets() - sets0, ended(sm, sweeps0));
    }


    /** The kinds of the sweeps that ended since the {@code from}th. */
    private static List<SweepKind> ended(SimSm sm, int from) {
        List<SweepKind> all = List.copyOf(sm.sweepsEnded);
        return all.subList(from, all.size());
    }

    /**
     * Waits until three seconds pass without a sweep (the light sweeps after a change) and the after-sweep thread
     * (the route check) has used no CPU for a second, and no sweep ended meanwhile.
     */
    private static void quiet(SimSm sm) throws InterruptedException {
        do {
            while (sm.anotherSweepWithin(Duration.ofSeconds(3))) {
                continue;
            }
            long was = -1;
            for (long now = afterSweepNanos(); now != was; now = afterSweepNanos()) {
                was = now;
                Thread.sleep(1000);
            }
        } while (sm.anotherSweepWithin(Duration.ZERO));
    }

    /** The CPU time of the daemon's after-sweep thread so far. */
    private static long afterSweepNanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith("jsm-after-sweep")) {
                sum += Math.max(0, mx.getThreadCpuTime(t.getThreadId()));
            }
        }
        return sum;
    }

    /** The first port toward another switch of each of the first {@code n} switches: {node, port}. */
    private static List<int[]> cables(Topology t, int n) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < t.nodeCount() && out.size() < n; i++) {
            if (t.node(i).kind() != NodeKind.SWITCH) {
                continue;
            }
            for (int p = 1; p <= t.node(i).numPorts(); p++) {
                int peer = t.peerNode(i, p);
                if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                    out.add(new int[] {i, p});
                    break;
                }
            }
        }
        return out;
    }
}
