package dev.jsm.routing.bench;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compute time and memory of minhop on large generated fabrics, single-threaded and with every core: the 648-host
 * 2-level fat tree, the 2268- and 11664-host 3-level fat trees and an 8x8x8 3D torus (arguments: other shape
 * strings). For each fabric it prints the time to build the {@link RoutingInput}, the median and best of several
 * minhop runs per thread count after warm-up, the LFT bytes ({@code S * (maxLid + 1)}) and the hop-table bytes
 * ({@code S^2}), checks that the runs produced identical tables, and runs the {@link RouteVerifier} once.
 *
 * <p>Not a unit test: run with {@code mvn -B -ntp -o -q -pl routing test-compile exec:java}
 * ({@code -Dexec.args="fat3:k=36"} for one fabric).
 */
public final class RoutingBenchmark {

    private static final List<String> DEFAULT_SHAPES = List.of("fat2:k=36", "fat3:k=36,pods=7", "fat3:k=36",
            "torus:dims=8x8x8,hosts=2");
    private static final int WARMUP = 3;
    private static final int RUNS = 7;

    private RoutingBenchmark() {
    }

    /** Runs the benchmark on the default fabrics or on the shapes given as arguments. */
    public static void main(String[] args) {
        List<String> shapes = args.length > 0 ? List.of(args) : DEFAULT_SHAPES;
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "minhop benchmark: %d cores, max heap %d MB%n", cores,
                Runtime.getRuntime().maxMemory() >> 20);
        for (String shape : shapes) {
            run(shape, cores);
        }
    }

    private static void run(String shape, int cores) {
        Topology t = TopologyShapes.parse(shape);
        SubnetSnapshot snapshot = TopologySubnets.snapshot(t, 0);
        long t0 = System.nanoTime();
        RoutingInput in = RoutingInput.from(snapshot, 0);
        long inputNanos = System.nanoTime() - t0;
        long hosts = t.nodeCount() - t.switchCount();
        System.out.printf(Locale.ROOT, "%n%s: %d switches, %d hosts, %d LIDs, %d link directions; input built in "
                + "%.1f ms%n", shape, in.switchCount(), hosts, in.maxLid(), in.edgeCount(), inputNanos / 1e6);
        LftTables reference = null;
        for (int threads : cores > 1 ? new int[] {1, cores} : new int[] {1}) {
            RoutingEngine engine = new MinHopEngineFactory().create(EngineOptions.defaults()
                    .with(EngineOptions.ROUTING_THREADS, Integer.toString(threads)));
            long[] nanos = new long[RUNS];
            LftTables out = null;
            for (int i = 0; i < WARMUP + RUNS; i++) {
                out = LftTables.forInput(in);
                long r0 = System.nanoTime();
                engine.route(in, out);
                if (i >= WARMUP) {
                    nanos[i - WARMUP] = System.nanoTime() - r0;
                }
            }
            Arrays.sort(nanos);
            System.out.printf(Locale.ROOT, "  minhop, %d thread%s: median %.1f ms, best %.1f ms%n", threads,
                    threads == 1 ? "" : "s", nanos[RUNS / 2] / 1e6, nanos[0] / 1e6);
            if (reference == null) {
                reference = out;
            } else if (!reference.contentEquals(out)) {
                System.out.println("  ERROR: tables differ between thread counts");
            }
        }
        System.out.printf(Locale.ROOT, "  memory: LFTs %.1f MB (%d x %d bytes), hop table %.1f MB%n",
                reference.entryBytes() / 1e6, in.switchCount(), in.maxLid() + 1,
                (double) in.switchCount() * in.switchCount() / 1e6);
        long v0 = System.nanoTime();
        VerifierReport report = new RouteVerifier().verify(in, reference);
        System.out.printf(Locale.ROOT, "  verifier: %.1f ms%n", (System.nanoTime() - v0) / 1e6);
        System.out.println("  " + report.format().replace(System.lineSeparator(), System.lineSeparator() + "  "));
    }
}
