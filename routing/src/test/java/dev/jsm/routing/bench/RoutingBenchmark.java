package dev.jsm.routing.bench;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;
import dev.jsm.routing.RoutingEngines;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compute time and memory of the routing engines (minhop, updn, dnup, dor, ftree) on large generated fabrics,
 * single-threaded and with every core: the 648-host 2-level fat tree, the 2268- and 11664-host 3-level fat trees
 * and an 8x8x8 3D torus (arguments: other shape strings; {@code -Dengines=updn,dnup} for other engines). For each
 * fabric it prints the time to build the {@link RoutingInput}; for each engine the median and best of several runs
 * per thread count after warm-up (or why it declined), whether the runs produced identical tables, and one line of
 * the {@link RouteVerifier}'s report; and the LFT bytes ({@code S * (maxLid + 1)}) and the bytes of one
 * switch-to-switch table ({@code S^2}; minhop and dor hold one, updn two with detected roots, dnup one).
 *
 * <p>updn detects the roots itself (no {@code root_guid_file}): on the fat trees it finds the top level; where it
 * finds none (the torus) it is run again with a {@code root_guid_file} naming the first switch. ftree detects the
 * tree from the CAs and declines the torus (the line says why).
 *
 * <p>Not a unit test: run with {@code mvn -B -ntp -o -q -pl routing test-compile exec:java}
 * ({@code -Dexec.args="fat3:k=36"} for one fabric).
 */
public final class RoutingBenchmark {

    private static final List<String> DEFAULT_SHAPES = List.of("fat2:k=36", "fat3:k=36,pods=7", "fat3:k=36",
            "torus:dims=8x8x8,hosts=2");
    private static final List<String> DEFAULT_ENGINES = List.of("minhop", "updn", "dnup", "dor", "ftree");
    private static final int WARMUP = 3;
    private static final int RUNS = 7;

    private RoutingBenchmark() {
    }

    /** Runs the benchmark on the default fabrics or on the shapes given as arguments. */
    public static void main(String[] args) {
        List<String> shapes = args.length > 0 ? List.of(args) : DEFAULT_SHAPES;
        String engineList = System.getProperty("engines");
        List<String> engines = engineList == null ? DEFAULT_ENGINES : List.of(engineList.split(","));
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "routing benchmark (%s): %d cores, max heap %d MB%n",
                String.join(", ", engines), cores, Runtime.getRuntime().maxMemory() >> 20);
        for (String shape : shapes) {
            run(shape, engines, cores);
        }
    }

    private static void run(String shape, List<String> engines, int cores) {
        Topology t = TopologyShapes.parse(shape);
        SubnetSnapshot snapshot = TopologySubnets.snapshot(t, 0);
        long t0 = System.nanoTime();
        RoutingInput in = RoutingInput.from(snapshot, 0);
        long inputNanos = System.nanoTime() - t0;
        long hosts = t.nodeCount() - t.switchCount();
        System.out.printf(Locale.ROOT, "%n%s: %d switches, %d hosts, %d LIDs, %d link directions; input built in "
                + "%.1f ms%n", shape, in.switchCount(), hosts, in.maxLid(), in.edgeCount(), inputNanos / 1e6);
        System.out.printf(Locale.ROOT, "  memory: LFTs %.1f MB (%d x %d bytes), one switch-to-switch table %.1f MB%n",
                (double) in.switchCount() * (in.maxLid() + 1) / 1e6, in.switchCount(), in.maxLid() + 1,
                (double) in.switchCount() * in.switchCount() / 1e6);
        RoutingEngines known = RoutingEngines.load();
        for (String name : engines) {
            RoutingEngineFactory factory = known.factory(name);
            if (factory == null) {
                System.out.println("  " + name + ": unknown engine (known: " + known.names() + ")");
                continue;
            }
            if (!runEngine(factory, in, cores, EngineOptions.defaults()) && name.equals("updn")) {
                runEngine(factory, in, cores, EngineOptions.defaults().with(EngineOptions.ROOT_GUID_FILE,
                        rootFile(in.switchGuid()[0])));
            }
        }
    }

    /** A temporary root_guid_file naming {@code guid}, deleted when the JVM exits. */
    private static String rootFile(long guid) {
        try {
            Path p = Files.createTempFile("updn-root", ".txt");
            p.toFile().deleteOnExit();
            return Files.writeString(p, Guid.toString(guid) + "\n").toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs and reports one engine; false if it did not route. */
    private static boolean runEngine(RoutingEngineFactory factory, RoutingInput in, int cores, EngineOptions options) {
        LftTables reference = null;
        String label = factory.name() + (options.text(EngineOptions.ROOT_GUID_FILE).isPresent()
                ? " (root_guid_file)" : "");
        for (int threads : cores > 1 ? new int[] {1, cores} : new int[] {1}) {
            RoutingEngine engine = factory.create(options
                    .with(EngineOptions.ROUTING_THREADS, Integer.toString(threads)));
            long[] nanos = new long[RUNS];
            LftTables out = null;
            for (int i = 0; i < WARMUP + RUNS; i++) {
                out = LftTables.forInput(in);
                long r0 = System.nanoTime();
                RouteOutcome outcome = engine.route(in, out);
                if (!outcome.isRouted()) {
                    System.out.println("  " + label + ": " + outcome);
                    return false;
                }
                if (i >= WARMUP) {
                    nanos[i - WARMUP] = System.nanoTime() - r0;
                }
            }
            Arrays.sort(nanos);
            System.out.printf(Locale.ROOT, "  %s, %d thread%s: median %.1f ms, best %.1f ms%n", label,
                    threads, threads == 1 ? "" : "s", nanos[RUNS / 2] / 1e6, nanos[0] / 1e6);
            if (reference == null) {
                reference = out;
            } else if (!reference.contentEquals(out)) {
                System.out.println("  ERROR: " + label + " tables differ between thread counts");
            }
        }
        long v0 = System.nanoTime();
        VerifierReport r = new RouteVerifier().verify(in, reference);
        System.out.printf(Locale.ROOT, "  %s verified in %.0f ms: %d of %d switch-LID pairs delivered, %d longer than "
                + "shortest, link load max/mean %.3f, %s%n", label, (System.nanoTime() - v0) / 1e6,
                r.deliveredPairs(), r.pairs(), r.hops().nonMinimalPairs(), r.linkLoad().maxOverMean(),
                r.creditLoops().hasCycle() ? "credit loop of " + r.creditLoops().cycleLength() + " channels"
                        : "no credit loop");
        return true;
    }
}
