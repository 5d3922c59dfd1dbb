package dev.jsm.sim.txn;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.ResponseHandler;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * SMP round trips per second through {@link MadTransactions} over the simulator, by window size
 * ({@code max_wire_smps} 1, 4, 16, 64): sweep-style batches of directed-route NodeInfo Gets to every node of the
 * fabric, sent at once and closed by {@link MadTransactions#awaitQuiescence()}, handlers on a single SM thread.
 * Each window first runs one unmeasured batch (JIT warm-up), then batches for at least the given time.
 *
 * <p>Not a unit test. Arguments: fabric shape [{@code fat2:k=16}], seconds per window [3]. The sim module's
 * {@code exec:java} is bound to the discovery benchmark, so run it with the test class path:
 * <pre>
 * mvn -B -ntp -o -q -pl sim test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/sim.cp \
 *     -Dmdep.includeScope=test
 * java -cp sim/target/test-classes:sim/target/classes:$(cat /tmp/sim.cp) dev.jsm.sim.txn.TransactionsBenchmark
 * </pre>
 */
public final class TransactionsBenchmark {

    private static final int[] WINDOWS = {1, 4, 16, 64};
    private static final int BATCH = 20_000;

    private TransactionsBenchmark() {
    }

    /** Runs the benchmark; arguments: fabric shape, seconds per window. */
    public static void main(String[] args) throws InterruptedException {
        String shape = args.length > 0 ? args[0] : "fat2:k=16";
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 3;
        Topology topology = TopologyShapes.parse(shape);
        int host = firstHost(topology);
        FabricRoutes routes = new FabricRoutes(topology, host, 1);
        DrPath[] paths = reachablePaths(topology, routes);
        System.out.printf(Locale.ROOT, "fabric %s: %d nodes, routes of 0..%d hops; batches of %d NodeInfo Gets%n",
                shape, topology.nodeCount(), routes.maxHops(), BATCH);
        System.out.printf(Locale.ROOT, "%8s %10s %9s %12s %10s %12s%n",
                "window", "SMPs", "seconds", "SMPs/s", "us/SMP", "max on wire");

        ExecutorService sm = Executors.newSingleThreadExecutor(r -> new Thread(r, "sm"));
        try (SimFabric fabric = new SimFabric(topology)) {
            for (int window : WINDOWS) {
                try (SimMadChannel channel = fabric.openChannel(host, 1);
                     MadTransactions txns = new MadTransactions(channel, TransactionSettings.defaults()
                             .withWindow(window).withTimeout(Duration.ofSeconds(5), 3), sm)) {
                    AtomicLong failed = new AtomicLong();
                    ResponseHandler handler = o -> {
                        if (!(o instanceof TransactionOutcome.Response r) || !r.isOk()) {
                            failed.incrementAndGet();
                        }
                    };
                    batch(txns, paths, handler);
                    long smps = 0;
                    long t0 = System.nanoTime();
                    long took;
                    do {
                        batch(txns, paths, handler);
                        smps += BATCH;
                        took = System.nanoTime() - t0;
                    } while (took < seconds * 1e9);
                    TransactionStats s = txns.stats();
                    System.out.printf(Locale.ROOT, "%8d %10d %9.2f %12.0f %10.2f %12d%n", window, smps, took / 1e9,
                            smps / (took / 1e9), took / 1e3 / smps, s.maxOutstandingSmps());
                    if (failed.get() > 0 || s.retries() > 0) {
                        System.out.printf(Locale.ROOT, "  (%d failed, %d retries)%n", failed.get(), s.retries());
                    }
                }
            }
        } finally {
            sm.shutdown();
        }
    }

    private static void batch(MadTransactions txns, DrPath[] paths, ResponseHandler handler)
            throws InterruptedException {
        for (int i = 0; i < BATCH; i++) {
            txns.send(OutboundMad.of(MadAddress.directedRoute(), Smp.directedRoute(Method.GET, 0,
                    AttributeId.NODE_INFO, 0, paths[i % paths.length], 0)), handler);
        }
        txns.awaitQuiescence();
    }

    private static DrPath[] reachablePaths(Topology topology, FabricRoutes routes) {
        int n = 0;
        DrPath[] all = new DrPath[topology.nodeCount()];
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (routes.pathTo(i) != null) {
                all[n++] = routes.pathTo(i);
            }
        }
        return Arrays.copyOf(all, n);
    }

    private static int firstHost(Topology topology) {
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).kind() == NodeKind.CA) {
                return i;
            }
        }
        throw new IllegalArgumentException("fabric has no host");
    }
}
