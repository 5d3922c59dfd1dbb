package dev.jsm.routing.bench;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.balance.BalanceOutcome;
import dev.jsm.routing.balance.OffSweepBalancer;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.repair.RepairOutcome;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RouteRepair;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Route repair against a full recompute on large fat trees, and the off-sweep balancer: three inter-switch cables
 * (chosen by a seeded random generator) fail after the fabric was routed; the benchmark times {@link RouteRepair}
 * (verifier gate included) and a full pass of the engine on the degraded fabric, and counts the LFT entries each
 * changes against the tables before the failure (what the LFT programming then sends, in entries; blocks of 64
 * follow), and the all-to-all link load max/mean of both results; then it times {@link OffSweepBalancer} on the
 * repaired tables and on the tables before the failure, with the verifier's max/mean before and after. Wall times
 * and the CPU time of the calling thread (equal to the work done with {@code -Dthreads=1}) are printed: the second
 * does not depend on what else the machine runs.
 *
 * <p>Defaults: the 1296-host ({@code fat3:k=36,pods=4}) and 11664-host ({@code fat3:k=36}) 3-level fat trees, engines
 * minhop and updn; arguments: other shapes; {@code -Dengines=minhop,dnup}, {@code -Druns=5}, {@code -Dcables=3},
 * {@code -Dseed=1}, {@code -Dthreads=2}, {@code -DcableFrom=leaf} (only cables with an end whose node description
 * starts so: leaf-to-mid cables keep updn's roots, whose change needs a full pass).
 *
 * <p>Not a unit test: run with the test class path, e.g. {@code java -cp ... dev.jsm.routing.bench.RepairBenchmark}.
 */
public final class RepairBenchmark {

    private static final List<String> DEFAULT_SHAPES = List.of("fat3:k=36,pods=4", "fat3:k=36");
    private static final int RUNS = Math.max(1, Integer.getInteger("runs", 5));
    private static final int CABLES = Integer.getInteger("cables", 3);
    private static final long SEED = Long.getLong("seed", 1);
    private static final String CABLE_PREFIX = System.getProperty("cableFrom", "");
    private static final int THREADS = Integer.getInteger("threads", Runtime.getRuntime().availableProcessors());
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private RepairBenchmark() {
    }

    /** Runs the benchmark on the default fabrics or on the shapes given as arguments. */
    public static void main(String[] args) {
        List<String> shapes = args.length > 0 ? List.of(args) : DEFAULT_SHAPES;
        String engineList = System.getProperty("engines", "minhop,updn");
        System.out.printf(Locale.ROOT, "repair benchmark: %d cables down, %d threads, %d runs, max heap %d MB%n",
                CABLES, THREADS, RUNS, Runtime.getRuntime().maxMemory() >> 20);
        for (String shape : shapes) {
            for (String engine : engineList.split(",")) {
                run(shape, engine);
            }
        }
    }

    private static void run(String shape, String engineName) {
        Subnet subnet = TopologyModel.subnet(TopologyShapes.parse(shape), 0);
        RoutingInput before = input(subnet);
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS,
                Integer.toString(THREADS));
        RoutingEngine engine = RoutingEngines.load().factory(engineName).create(options);
        LftTables tables = LftTables.forInput(before);
        engine.route(before, tables);
        List<String> failed = failCables(subnet);
        RoutingInput after = input(subnet);
        System.out.printf(Locale.ROOT, "%n%s, %s: %d switches, %d LIDs; cables down: %s%n", shape, engineName,
                after.switchCount(), after.maxLid(), String.join(", ", failed));

        long[] repairNanos = new long[RUNS];
        long[] repairCpu = new long[RUNS];
        RepairOutcome outcome = null;
        for (int i = -1; i < RUNS; i++) {
            // as in the daemon, the engine last computed on the snapshot the tables were routed on
            engine.route(before, LftTables.forInput(before));
            RepairPolicy policy = RepairPolicy.of(engine);
            long c0 = CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            outcome = RouteRepair.repair(before, tables, after, policy, THREADS);
            if (i >= 0) {
                repairNanos[i] = System.nanoTime() - t0;
                repairCpu[i] = CPU.getCurrentThreadCpuTime() - c0;
            }
        }
        long[] fullNanos = new long[RUNS];
        long[] fullCpu = new long[RUNS];
        LftTables full = null;
        RoutingEngine fresh = RoutingEngines.load().factory(engineName).create(options);
        for (int i = -1; i < RUNS; i++) {
            full = LftTables.forInput(after);
            long c0 = CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            fresh.route(after, full);
            if (i >= 0) {
                fullNanos[i] = System.nanoTime() - t0;
                fullCpu[i] = CPU.getCurrentThreadCpuTime() - c0;
            }
        }
        long v0 = System.nanoTime();
        VerifierReport fullReport = new RouteVerifier().verify(after, full);
        long verifyNanos = System.nanoTime() - v0;
        System.out.printf(Locale.ROOT, "  full pass: median %.1f ms (%.1f ms CPU on the calling thread; + full "
                + "verification %.0f ms), %d entries differ from before, link load max/mean %.3f%n", median(fullNanos),
                median(fullCpu), verifyNanos / 1e6,
                differing(before, tables, after, full), fullReport.linkLoad().maxOverMean());
        if (outcome instanceof RepairOutcome.Repaired r) {
            VerifierReport repaired = new RouteVerifier().verify(after, r.tables());
            System.out.printf(Locale.ROOT, "  repair:    median %.1f ms (%.1f ms CPU on the calling thread; "
                    + "verifier gate included), %s%n", median(repairNanos), median(repairCpu), r.stats());
            System.out.printf(Locale.ROOT, "  repaired tables: %d of %d pairs delivered, link load max/mean %.3f, %s%n",
                    repaired.deliveredPairs(), repaired.pairs(), repaired.linkLoad().maxOverMean(),
                    repaired.creditLoops().hasCycle() ? "CREDIT LOOP" : "no credit loop");
            balance("balancer on the repaired tables", after, r.tables(), engine, repaired.linkLoad().maxOverMean());
        } else {
            System.out.printf(Locale.ROOT, "  repair:    median %.1f ms: %s%n", median(repairNanos), outcome);
        }
        balance("balancer on the tables before the failure", before, tables, engine,
                new RouteVerifier().verify(before, tables).linkLoad().maxOverMean());
    }

    /** Times the off-sweep balancer on {@code tables} and prints the verifier's max/mean before and after. */
    private static void balance(String what, RoutingInput in, LftTables tables, RoutingEngine engine, double was) {
        long[] nanos = new long[Math.max(1, RUNS / 2)];
        long[] cpu = new long[nanos.length];
        BalanceOutcome outcome = null;
        for (int i = -1; i < nanos.length; i++) {
            long c0 = CPU.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            outcome = OffSweepBalancer.balance(in, tables, RepairPolicy.of(engine), THREADS);
            if (i >= 0) {
                nanos[i] = System.nanoTime() - t0;
                cpu[i] = CPU.getCurrentThreadCpuTime() - c0;
            }
        }
        if (outcome instanceof BalanceOutcome.Balanced b) {
            VerifierReport r = new RouteVerifier().verify(in, b.tables());
            System.out.printf(Locale.ROOT, "  %s: median %.0f ms (%.0f ms CPU on the calling thread), %d entries in %d "
                    + "switches changed, link load max/mean %.3f -> %.3f, %d of %d pairs delivered, %d longer than "
                    + "shortest, %s%n", what, median(nanos), median(cpu), b.stats().entriesChanged(),
                    b.stats().switchesTouched(), was, r.linkLoad().maxOverMean(), r.deliveredPairs(), r.pairs(),
                    r.hops().nonMinimalPairs(), r.creditLoops().hasCycle() ? "CREDIT LOOP" : "no credit loop");
        } else {
            System.out.println("  " + what + ": " + outcome);
        }
    }

    private static RoutingInput input(Subnet subnet) {
        subnet.index();
        return RoutingInput.from(SubnetSnapshot.of(subnet), 0);
    }

    /** Disconnects {@link #CABLES} random switch-to-switch cables; returns their descriptions. */
    private static List<String> failCables(Subnet subnet) {
        List<Link> links = new ArrayList<>();
        for (Link l : subnet.links()) {
            if (l.isSwitchToSwitch() && (l.a().node().description().startsWith(CABLE_PREFIX)
                    || l.b().node().description().startsWith(CABLE_PREFIX))) {
                links.add(l);
            }
        }
        links.sort(Comparator.comparingLong((Link l) -> l.a().node().nodeGuid())
                .thenComparingInt(l -> l.a().portNum()));
        SplittableRandom random = new SplittableRandom(SEED);
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < CABLES; i++) {
            Link l = links.remove(random.nextInt(links.size()));
            failed.add(l.a().node().description() + "[" + l.a().portNum() + "]-" + l.b().node().description() + "["
                    + l.b().portNum() + "]");
            subnet.disconnect(l.a());
        }
        return failed;
    }

    /** Entries of switches in both inputs whose port differs between {@code a} and {@code b} (LIDs in both). */
    static long differing(RoutingInput inA, LftTables a, RoutingInput inB, LftTables b) {
        long n = 0;
        int common = Math.min(inA.maxLid(), inB.maxLid());
        for (int sb = 0; sb < inB.switchCount(); sb++) {
            int sa = inA.switchIndexOf(inB.switchGuid()[sb]);
            for (int lid = 1; sa >= 0 && lid <= common; lid++) {
                n += a.port(sa, lid) != b.port(sb, lid) ? 1 : 0;
            }
        }
        return n;
    }

    private static double median(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }
}
