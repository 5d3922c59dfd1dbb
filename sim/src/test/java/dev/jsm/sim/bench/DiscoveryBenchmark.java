package dev.jsm.sim.bench;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.demo.DirectedRouteCrawler;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.ThreeLevelFatTree;
import dev.jsm.sim.topo.Topology;
import java.util.Locale;

/**
 * Load time of a large simulated fabric and the speed of a full directed-route discovery through
 * {@link SimMadChannel}: builds the standard 3-level fat tree of {@code radix}-port switches (36: 1620 switches,
 * 11664 hosts), instantiates a {@link SimFabric}, and runs {@link DirectedRouteCrawler} from the first host with a
 * window of outstanding SMPs. Repeats the discovery on fresh fabrics so the JIT has warmed up for the last rounds.
 *
 * <p>Not a unit test. Run with {@code mvn -B -ntp -o -q -pl sim test-compile exec:java} (arguments through
 * {@code -Dexec.args="radix window rounds"}, default {@code 36 256 5}) where mad-transport and subnet are in the local
 * Maven repository; otherwise, after {@code mvn -B -ntp -q package -DskipTests}, with
 * {@code java -cp "sim/target/test-classes:sim/target/sim-0.1.0-SNAPSHOT.jar:sim/target/lib/*"
 * dev.jsm.sim.bench.DiscoveryBenchmark radix window rounds}, the class path {@code bin/sim-demo} uses.
 */
public final class DiscoveryBenchmark {

    private DiscoveryBenchmark() {
    }

    /** Runs the benchmark; arguments: radix, window, rounds. */
    public static void main(String[] args) throws InterruptedException {
        int radix = args.length > 0 ? Integer.parseInt(args[0]) : 36;
        int window = args.length > 1 ? Integer.parseInt(args[1]) : 256;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;

        long t0 = System.nanoTime();
        Topology topology = ThreeLevelFatTree.of(radix).build();
        long generated = System.nanoTime() - t0;
        int host = firstHost(topology);
        System.out.printf(Locale.ROOT, "fabric: %d switches, %d nodes; generated in %.0f ms%n",
                topology.switchCount(), topology.nodeCount(), generated / 1e6);

        for (int round = 1; round <= rounds; round++) {
            long heapBefore = usedHeapAfterGc();
            long l0 = System.nanoTime();
            SimFabric fabric = new SimFabric(topology);
            long load = System.nanoTime() - l0;
            if (round == 1) {
                System.out.printf(Locale.ROOT, "simulator state of the fresh fabric: %.1f MB of heap%n",
                        (usedHeapAfterGc() - heapBefore) / 1048576.0);
            }
            try (SimMadChannel channel = fabric.openChannel(host, 1)) {
                DirectedRouteCrawler discovery = new DirectedRouteCrawler(channel, window);
                long d0 = System.nanoTime();
                discovery.run();
                long took = System.nanoTime() - d0;
                System.out.printf(Locale.ROOT, "round %d: load %.0f ms; discovery of %d switches, %d CAs, %d links:"
                                + " %d SMPs in %.0f ms = %.0f SMPs/s (window %d)%n", round, load / 1e6,
                        discovery.switches(), discovery.cas(), discovery.links(), discovery.smps(), took / 1e6,
                        discovery.smps() / (took / 1e9), window);
            } finally {
                fabric.close();
            }
        }
    }

    private static long usedHeapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
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
