package dev.jsm.sim.demo;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyParseException;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.IOException;
import java.util.Locale;

/**
 * {@code bin/sim-demo FILE|SHAPE}: loads a fabric (an ibsim {@code net} file, {@code ibnetdiscover} output or a
 * generator shape such as {@code fat3:k=36}) into the in-JVM simulator, attaches to the first host's port 1 and
 * discovers the fabric by directed route through {@link SimMadChannel}, the same {@code MadChannel} interface the
 * libibumad binding implements. Prints what it found and how fast.
 *
 * <p>Exit codes: 0 success, 2 bad arguments or unreadable/malformed topology (one line on stderr, no stack trace).
 *
 * <p>A demo, not part of the simulator: it lives in sim's test sources with {@link DirectedRouteCrawler}, which the
 * benchmarks also use, and {@code bin/sim-demo} runs it from {@code sim/target/test-classes}.
 */
public final class SimDemo {

    private static final int WINDOW = 64;

    private SimDemo() {
    }

    /** Entry point. */
    public static void main(String[] args) throws InterruptedException {
        if (args.length != 1 || args[0].startsWith("-")) {
            System.err.println("usage: sim-demo FILE|SHAPE   (e.g. fabrics/fat2-16.net or fat3:k=36)");
            System.exit(2);
        }
        Topology topology;
        long t0 = System.nanoTime();
        try {
            topology = TopologyShapes.load(args[0]);
        } catch (TopologyParseException | IllegalArgumentException e) {
            System.err.println("sim-demo: " + e.getMessage());
            System.exit(2);
            return;
        } catch (IOException e) {
            System.err.println("sim-demo: cannot read " + args[0] + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        int host = firstHost(topology);
        if (host < 0) {
            System.err.println("sim-demo: " + args[0] + ": the fabric has no host to attach to");
            System.exit(2);
        }
        try (SimFabric fabric = new SimFabric(topology)) {
            long loaded = System.nanoTime() - t0;
            System.out.printf(Locale.ROOT, "loaded %s: %d switches, %d nodes, %d links in %.0f ms%n", args[0],
                    topology.switchCount(), topology.nodeCount(), topology.links().size(), loaded / 1e6);
            try (SimMadChannel channel = fabric.openChannel(host, 1)) {
                System.out.printf(Locale.ROOT, "attached to \"%s\" port 1 (port GUID 0x%016x)%n",
                        topology.node(host).description(), channel.localPort().portGuid());
                DirectedRouteCrawler crawler = new DirectedRouteCrawler(channel, WINDOW);
                long d0 = System.nanoTime();
                crawler.run();
                long took = System.nanoTime() - d0;
                System.out.printf(Locale.ROOT, "discovered by directed route: %d switches, %d CAs"
                                + " (%d NodeInfo answers across cables); %d SMPs in %.0f ms (%.0f SMPs/s, window %d)%n",
                        crawler.switches(), crawler.cas(), crawler.links(), crawler.smps(), took / 1e6,
                        crawler.smps() / (took / 1e9), WINDOW);
            }
        }
    }

    private static int firstHost(Topology topology) {
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).kind() == NodeKind.CA) {
                return i;
            }
        }
        return -1;
    }
}
