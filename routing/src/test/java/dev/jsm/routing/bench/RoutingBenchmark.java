package dev.jsm.routing.bench;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.lash.LashEngine;
import dev.jsm.routing.lash.LashOptions;
import dev.jsm.routing.nue.NueEngine;
import dev.jsm.routing.sssp.DfssspPathSl;
import dev.jsm.routing.testing.PortPermutations;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.torus.TorusEngine;
import dev.jsm.routing.torus.TorusOptions;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compute time and memory of the routing engines (minhop, updn, dnup, dor, torus-2QoS, ftree; lash, sssp, dfsssp
 * and nue on request) on large generated fabrics, single-threaded and with every core: the 648-host 2-level fat
 * tree, the 2268- and 11664-host 3-level fat trees and an 8x8x8 3D torus (arguments: other shape strings or
 * topology files, e.g. the ibsim {@code .net} files the reference OpenSM ran on; {@code -Dengines=updn,lash} for
 * other engines; {@code -Dpermute=SEED} re-cables every switch with randomly permuted port numbers;
 * {@code -Dwarmup}/{@code -Druns}
 * the repetitions). For each fabric it prints the time to build the {@link RoutingInput}; for each engine the median
 * and best of several runs per thread count after warm-up (one thread: also the median CPU time of the routing
 * thread, which other load on the machine does not inflate as it does the wall time) or why it declined, whether
 * the runs produced identical tables, and one line of the {@link RouteVerifier}'s report (with the engine's path
 * SLs and SL2VL; for lash and dfsssp also the virtual layers needed); and the LFT bytes ({@code S * (maxLid + 1)})
 * and the bytes of one switch-to-switch table ({@code S^2}; minhop and dor hold one, updn two with detected roots,
 * dnup one).
 *
 * <p>torus-2QoS runs on {@code torus:} shapes only, with a {@code torus-2QoS.conf} seeded from the generator's
 * cabling; its tables are verified with its path SLs and SL2VL mapping. lash is run twice, without and with
 * {@code do_mesh_analysis}, and reports the layers it needed; the verifier checks its tables with its path SLs and
 * SL2VL mapping. nue is run twice, with its default {@code nue_max_num_vls 1} and with 8, and reports its layers,
 * backtracking steps and destinations on escape paths.
 *
 * <p>updn detects the roots itself (no {@code root_guid_file}): on the fat trees it finds the top level; where it
 * finds none (the torus) it is run again with a {@code root_guid_file} naming the first switch. ftree detects the
 * tree from the CAs and declines the torus (the line says why).
 *
 * <p>Not a unit test: run with {@code mvn -B -ntp -o -q -pl routing test-compile exec:java}
 * ({@code -Dexec.args="fat3:k=36"} for one fabric; {@code -Dwarmup=1 -Druns=3} for fewer runs).
 */
public final class RoutingBenchmark {

    private static final List<String> DEFAULT_SHAPES = List.of("fat2:k=36", "fat3:k=36,pods=7", "fat3:k=36",
            "torus:dims=8x8x8,hosts=2");
    private static final List<String> DEFAULT_ENGINES = List.of("minhop", "updn", "dnup", "dor", "torus-2QoS", "ftree");
    private static final EngineOption<Long> NUE_MAX_NUM_VLS = EngineOption.number("nue_max_num_vls", 1);
    private static final int WARMUP = Integer.getInteger("warmup", 3);
    private static final int RUNS = Math.max(1, Integer.getInteger("runs", 7));
    /** The CPU clock of the routing thread: on a shared machine the one-thread runs' fair measure. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

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
        Topology t;
        try {
            t = TopologyShapes.load(shape);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String permute = System.getProperty("permute");
        if (permute != null) {
            t = PortPermutations.permuteSwitchPorts(t, Long.parseLong(permute));
            shape = shape + " (ports permuted, seed " + permute + ")";
        }
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
            if (name.equals(LashEngine.NAME)) {
                runEngine(factory, in, cores, EngineOptions.defaults());
                runEngine(factory, in, cores, EngineOptions.defaults().with(LashOptions.DO_MESH_ANALYSIS, "TRUE"));
                continue;
            }
            if (name.equals(NueEngine.NAME)) {
                runEngine(factory, in, cores, EngineOptions.defaults());
                runEngine(factory, in, cores, EngineOptions.defaults().with(NUE_MAX_NUM_VLS, "8"));
                continue;
            }
            EngineOptions options = EngineOptions.defaults();
            if (name.equals(TorusEngine.NAME)) {
                Optional<String> conf = torusConfig(shape, t);
                if (conf.isEmpty()) {
                    System.out.println("  " + name + ": not a torus shape");
                    continue;
                }
                options = options.with(TorusOptions.TORUS_CONFIG, conf.get()).with(EngineOptions.QOS, "TRUE");
            }
            if (!runEngine(factory, in, cores, options) && name.equals("updn")) {
                runEngine(factory, in, cores, EngineOptions.defaults().with(EngineOptions.ROOT_GUID_FILE,
                        rootFile(in.switchGuid()[0])));
            }
        }
    }

    /**
     * For a {@code torus:dims=XxYxZ} shape, a temporary {@code torus-2QoS.conf} seeded from the generator's cabling
     * (the k-th switch is at {@code x + X*(y + Y*z)}, +x/+y/+z links from the origin, -d links too for radix 4).
     */
    private static Optional<String> torusConfig(String shape, Topology t) {
        Matcher m = Pattern.compile("^torus:dims=(\\d+)(?:x(\\d+))?(?:x(\\d+))?").matcher(shape);
        if (!m.find()) {
            return Optional.empty();
        }
        int[] dims = new int[3];
        for (int d = 0; d < 3; d++) {
            dims[d] = m.group(d + 1) == null ? 1 : Integer.parseInt(m.group(d + 1));
        }
        long[] guids = new long[t.switchCount()];
        int k = 0;
        for (TopoNode n : t.nodes()) {
            if (n.kind() == NodeKind.SWITCH) {
                guids[k++] = n.nodeGuid();
            }
        }
        StringBuilder b = new StringBuilder("torus " + dims[0] + " " + dims[1] + " " + dims[2] + "\n");
        String[] keys = {"xp_link", "xm_link", "yp_link", "ym_link", "zp_link", "zm_link"};
        int stride = 1;
        for (int d = 0; d < 3; d++) {
            if (dims[d] > 1) {
                b.append(keys[2 * d]).append(' ').append(Guid.toString(guids[0])).append(' ')
                        .append(Guid.toString(guids[stride])).append('\n');
                if (dims[d] == 4) {
                    b.append(keys[2 * d + 1]).append(' ').append(Guid.toString(guids[0])).append(' ')
                            .append(Guid.toString(guids[3 * stride])).append('\n');
                }
            }
            stride *= dims[d];
        }
        try {
            Path p = Files.createTempFile("torus-2QoS", ".conf");
            p.toFile().deleteOnExit();
            return Optional.of(Files.writeString(p, b).toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
        RouteOutcome.Routed routed = null;
        String label = factory.name() + (options.text(EngineOptions.ROOT_GUID_FILE).isPresent()
                ? " (root_guid_file)" : "") + (options.get(LashOptions.DO_MESH_ANALYSIS)
                ? " (do_mesh_analysis)" : "") + options.text(NUE_MAX_NUM_VLS).map(v -> " (" + NUE_MAX_NUM_VLS + " "
                + v + ")").orElse("");
        for (int threads : cores > 1 ? new int[] {1, cores} : new int[] {1}) {
            RoutingEngine engine = factory.create(options
                    .with(EngineOptions.ROUTING_THREADS, Integer.toString(threads)));
            long[] nanos = new long[RUNS];
            long[] cpu = new long[RUNS];
            LftTables out = null;
            for (int i = 0; i < WARMUP + RUNS; i++) {
                out = LftTables.forInput(in);
                long r0 = System.nanoTime();
                long c0 = CPU.getCurrentThreadCpuTime();
                RouteOutcome outcome = engine.route(in, out);
                if (i >= WARMUP) {
                    cpu[i - WARMUP] = CPU.getCurrentThreadCpuTime() - c0;
                }
                if (!outcome.isRouted()) {
                    System.out.println("  " + label + ": " + outcome);
                    return false;
                }
                routed = (RouteOutcome.Routed) outcome;
                if (i >= WARMUP) {
                    nanos[i - WARMUP] = System.nanoTime() - r0;
                }
                routed = (RouteOutcome.Routed) outcome;
            }
            if (engine instanceof LashEngine lash && threads == 1) {
                System.out.println("  " + label + ": " + lash.lastSummary().describe());
                lash.lastSummary().mesh().forEach(line -> System.out.println("    " + line));
            }
            if (engine instanceof NueEngine nue && threads == 1) {
                System.out.println("  " + label + ": " + nue.lastSummary().orElseThrow().describe());
            }
            Arrays.sort(nanos);
            Arrays.sort(cpu);
            System.out.printf(Locale.ROOT, "  %s, %d thread%s: median %.1f ms, best %.1f ms%s%n", label,
                    threads, threads == 1 ? "" : "s", nanos[RUNS / 2] / 1e6, nanos[0] / 1e6, threads == 1
                            ? String.format(Locale.ROOT, " (CPU median %.1f ms)", cpu[RUNS / 2] / 1e6) : "");
            if (reference == null) {
                reference = out;
            } else if (!reference.contentEquals(out)) {
                System.out.println("  ERROR: " + label + " tables differ between thread counts");
            }
        }
        long v0 = System.nanoTime();
        VerifierReport r = new RouteVerifier().verify(in, reference, routed);
        if (routed.pathSl() instanceof DfssspPathSl layers) {
            System.out.printf(Locale.ROOT, "  %s: %d virtual layers needed, paths spread over %d VLs%n", label,
                    layers.layersNeeded(), layers.vlsUsed());
        }
        System.out.printf(Locale.ROOT, "  %s verified in %.0f ms: %d of %d switch-LID pairs delivered, %d longer than "
                + "shortest, link load max/mean %.3f, %s%n", label, (System.nanoTime() - v0) / 1e6,
                r.deliveredPairs(), r.pairs(), r.hops().nonMinimalPairs(), r.linkLoad().maxOverMean(),
                r.creditLoops().hasCycle() ? "credit loop of " + r.creditLoops().cycleLength() + " channels"
                        : "no credit loop on " + r.creditLoops().vlCount() + " VL(s)");
        return true;
    }
}
