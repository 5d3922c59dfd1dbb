package dev.jsm.daemon;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Measures routing persistence on the in-JVM simulator (issue 21 part 3; a measurement, not a test): on one fabric,
 * the time from a daemon's start to SUBNET UP and the LFT block Sets it sent, for (1) a first start on an empty cache
 * directory (the switches blank), (2) a start on another empty cache directory (the switches already programmed, but
 * this SM knows nothing: every block is sent), (3) a restart on the first directory with its persisted routing. Prints
 * one line per run.
 *
 * <p>Usage: {@code RestartTimeMain [shape, default fat3:k=36] [runs, default 2]}
 */
public final class RestartTimeMain {

    private RestartTimeMain() {
    }

    public static void main(String[] args) throws Exception {
        String shape = args.length > 0 ? args[0] : "fat3:k=36";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Duration up = Duration.ofMinutes(10);
        Path work = Files.createTempDirectory("restart-time");
        try (SimFabric fabric = new SimFabric(TopologyShapes.parse(shape), 7)) {
            Path persisted = work.resolve("persisted");
            Files.createDirectories(persisted);
            run(fabric, persisted, "first start (blank switches)", up, true);
            for (int i = 0; i < runs; i++) {
                Path cold = work.resolve("cold-" + i);
                Files.createDirectories(cold);
                run(fabric, cold, "cold start, no persisted routing", up, false);
                run(fabric, persisted, "restart with the persisted routing", up, true);
            }
        }
    }

    private static void run(SimFabric fabric, Path dir, String what, Duration up, boolean waitForFile)
            throws Exception {
        long t0 = System.nanoTime();
        try (SimSm sm = SimSm.restart(fabric, dir, "log_flags", "0x03")) {
            sm.awaitSubnetUp(up);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("%-40s %6d ms to SUBNET UP, %7d LFT block Sets; %s%n", what, ms,
                    sm.counted.lftBlockSets(), sm.daemon.persistedRoutingDecision());
            if (waitForFile) {
                Path done = dir.resolve("jsm-routing.done");
                sm.awaitUntil(() -> Files.exists(done), up);
            }
        }
    }
}
