package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.ibsim.IbsimFabric;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.mad.umad.UmadException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * SMP round trips per second through {@link MadTransactions} over {@link UmadChannel} (JNA, libibumad, umad2sim) to
 * Debian's ibsim, by window size ({@code max_wire_smps} 1, 4, 16, 64): sweep-style batches of directed-route
 * NodeInfo Gets to every node of the fabric, sent at once and closed by {@link MadTransactions#awaitQuiescence()},
 * handlers on a single SM thread. Each window first runs one unmeasured batch (JIT warm-up), then batches for at
 * least the given time. The simulator's counterpart is {@code dev.jsm.sim.txn.TransactionsBenchmark}; both print
 * the same columns.
 *
 * <p>Not a test. It must run in a JVM started by {@code src/test/ibsim/bin/java-under-ibsim}, which provides ibsim
 * and the preload; {@code scripts/bench-transport.sh} does that. Argument: seconds per window [3].
 */
public final class UmadTransactionsBenchmark {

    private static final int[] WINDOWS = {1, 4, 16, 64};
    private static final int BATCH = 2_000;

    private UmadTransactionsBenchmark() {
    }

    /** Runs the benchmark; argument: seconds per window. */
    public static void main(String[] args) throws IOException, InterruptedException {
        if (!"1".equals(System.getenv("JSM_IBSIM_READY"))) {
            System.err.println("UmadTransactionsBenchmark: run me through mad-transport/src/test/ibsim/bin/"
                    + "java-under-ibsim with JSM_IBSIM_NET set (scripts/bench-transport.sh does)");
            System.exit(2);
        }
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        Path netFile = Path.of(System.getenv("JSM_IBSIM_NET"));
        IbsimFabric fabric = IbsimFabric.read(netFile);
        DrPath[] paths = reachablePaths(fabric);
        System.out.printf(Locale.ROOT, "fabric %s: %d nodes, routes of 0..%d hops; batches of %d NodeInfo Gets%n",
                netFile.getFileName(), fabric.nodeCount(), fabric.maxHops(), BATCH);
        System.out.printf(Locale.ROOT, "%8s %10s %9s %12s %10s %12s%n",
                "window", "SMPs", "seconds", "SMPs/s", "us/SMP", "max on wire");

        ExecutorService sm = Executors.newSingleThreadExecutor(r -> new Thread(r, "sm"));
        try {
            for (int window : WINDOWS) {
                run(window, seconds, paths, sm);
            }
        } finally {
            sm.shutdown();
        }
    }

    private static void run(int window, double seconds, DrPath[] paths, ExecutorService sm)
            throws UmadException, InterruptedException {
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults());
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

    private static void batch(MadTransactions txns, DrPath[] paths, ResponseHandler handler)
            throws InterruptedException {
        for (int i = 0; i < BATCH; i++) {
            txns.send(OutboundMad.of(MadAddress.directedRoute(), Smp.directedRoute(Method.GET, 0,
                    AttributeId.NODE_INFO, 0, paths[i % paths.length], 0)), handler);
        }
        txns.awaitQuiescence();
    }

    private static DrPath[] reachablePaths(IbsimFabric fabric) {
        int n = 0;
        DrPath[] all = new DrPath[fabric.nodeCount()];
        for (int i = 0; i < fabric.nodeCount(); i++) {
            if (fabric.pathTo(i) != null) {
                all[n++] = fabric.pathTo(i);
            }
        }
        return Arrays.copyOf(all, n);
    }
}
