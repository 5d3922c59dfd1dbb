package dev.jsm.daemon;

import dev.jsm.daemon.sm.SmState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Measures a takeover on the in-JVM simulator (a measurement, not a test; docs/performance.md, "Takeover"): a master
 * and a standby on one fabric ({@code sweep_interval 5}: the master's light sweeps, the warm standby's refreshes),
 * the standby given {@code settle} seconds to stand by, then the master killed; prints
 * the time from the kill to the standby's polling timeout (detection) and from there to its SUBNET UP, and the MADs
 * the new master sent meanwhile by attribute (Gets and Sets): NodeInfo (a full discovery reads every node),
 * SwitchInfo, LFT and of them the LFT block Sets, PortInfo, and all MADs. A takeover that trusted the standby's model
 * (no NodeInfo read) is followed by the full heavy sweep: its time from the first SUBNET UP to its own, its LFT
 * block Sets and what it changed are printed on a second line.
 *
 * <p>Usage: {@code TakeoverTimeMain [shape, default fat3:k=36] [settle seconds, default 20] [runs, default 1]
 * [sweep_interval, default 5]}; with {@code sweep_interval 0} the standby does not refresh its model, never trusts it,
 * and its takeover is the full heavy sweep.
 */
public final class TakeoverTimeMain {

    private TakeoverTimeMain() {
    }

    public static void main(String[] args) throws Exception {
        String shape = args.length > 0 ? args[0] : "fat3:k=36";
        int settle = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        String interval = args.length > 3 ? args[3] : "5";
        Duration up = Duration.ofMinutes(10);
        Path work = Files.createTempDirectory("takeover-time");
        String[] polling = {"sminfo_polling_timeout", "500", "polling_retry_number", "2", "log_flags", "0x03",
            "sweep_interval", interval};
        for (int r = 0; r < runs; r++) {
            try (SimFabric fabric = new SimFabric(TopologyShapes.parse(shape), 7)) {
                Path a = Files.createDirectories(work.resolve("master-" + r));
                Path b = Files.createDirectories(work.resolve("standby-" + r));
                try (SimSm master = SimSm.at(fabric, SimSm.cas(fabric.topology()).get(0), a,
                        concat(polling, "sm_priority", "10"));
                     SimSm standby = SimSm.at(fabric, SimSm.cas(fabric.topology()).get(1), b,
                             concat(polling, "sm_priority", "1"))) {
                    master.awaitSubnetUp(up);
                    standby.awaitUntil(() -> standby.daemon.state() == SmState.STANDBY, up);
                    Thread.sleep(settle * 1000L);
                    int[][] held = held(fabric);
                    TransactionStats before = standby.daemon.madStats();
                    long lftSets = standby.counted.lftBlockSets();
                    long t0 = System.nanoTime();
                    Thread killer = new Thread(master::kill, "kill-master"); // port first, then the threads
                    killer.start();
                    while (standby.daemon.state() == SmState.STANDBY) {
                        Thread.sleep(1);
                    }
                    long detected = System.nanoTime();
                    int ups = standby.madsAtSubnetUp.size();
                    standby.awaitSubnetUp(up);
                    long done = standby.nanosAtSubnetUp.get(ups);
                    killer.join();
                    TransactionStats after = standby.madsAtSubnetUp.get(ups);
                    int[] changed = changed(held, held(fabric));
                    System.out.printf("%s: detection %d ms, then SUBNET UP %d ms; NodeInfo Gets %d, SwitchInfo %d,"
                            + " LFT Gets+Sets %d, LFT Sets %d, PortInfo %d, MADs %d; LIDs changed %d, LFT entries"
                            + " changed %d%n", shape,
                            (detected - t0) / 1_000_000, (done - detected) / 1_000_000,
                            sent(before, after, AttributeId.NODE_INFO), sent(before, after, AttributeId.SWITCH_INFO),
                            sent(before, after, AttributeId.LINEAR_FORWARDING_TABLE),
                            standby.counted.lftBlockSets() - lftSets, sent(before, after, AttributeId.PORT_INFO),
                            after.sent() - before.sent(), changed[0], changed[1]);
                    if (sent(before, after, AttributeId.NODE_INFO) == 0) {
                        standby.awaitSubnetUp(up);
                        long full = standby.nanosAtSubnetUp.get(ups + 1);
                        int[] then = changed(held, held(fabric));
                        System.out.printf("%s: then the full heavy sweep's SUBNET UP %d ms later; LFT Sets %d, MADs"
                                + " %d; LIDs changed %d, LFT entries changed %d%n", shape, (full - done) / 1_000_000,
                                standby.counted.lftBlockSets() - lftSets,
                                standby.madsAtSubnetUp.get(ups + 1).sent() - after.sent(), then[0], then[1]);
                    }
                }
            }
        }
    }

    /**
     * What the fabric holds: per node, its LID (a CA's port 1, a switch's port 0) first, then a switch's LFT entries
     * for LIDs 1 to its LinearFDBTop.
     */
    private static int[][] held(SimFabric fabric) {
        int[][] held = new int[fabric.topology().nodeCount()][];
        for (int n = 0; n < held.length; n++) {
            if (fabric.topology().node(n).kind() == NodeKind.SWITCH) {
                int top = fabric.switchInfo(n).linearFdbTop();
                held[n] = new int[top + 1];
                held[n][0] = fabric.portInfo(n, 0).lid();
                for (int lid = 1; lid <= top; lid++) {
                    held[n][lid] = fabric.lftPort(n, lid);
                }
            } else {
                held[n] = new int[] {fabric.portInfo(n, 1).lid()};
            }
        }
        return held;
    }

    /** LIDs and LFT entries (LIDs beyond the shorter table counted as changed) that differ. */
    private static int[] changed(int[][] before, int[][] after) {
        int[] changed = new int[2];
        for (int n = 0; n < before.length; n++) {
            changed[0] += before[n][0] != after[n][0] ? 1 : 0;
            int common = Math.min(before[n].length, after[n].length);
            for (int lid = 1; lid < common; lid++) {
                changed[1] += before[n][lid] != after[n][lid] ? 1 : 0;
            }
            changed[1] += Math.max(before[n].length, after[n].length) - common;
        }
        return changed;
    }

    private static long sent(TransactionStats before, TransactionStats after, AttributeId attr) {
        return after.sentOfAttribute(attr.value()) - before.sentOfAttribute(attr.value());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
