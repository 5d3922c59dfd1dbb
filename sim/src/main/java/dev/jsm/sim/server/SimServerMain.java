package dev.jsm.sim.server;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.sim.topo.TopologyStats;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code bin/sim-server FILE|SHAPE [--name NAME] [--quiet]}: serves the in-JVM simulator over ibsim's client protocol
 * in the current network namespace until TERM or INT, printing one line to standard output when clients can
 * connect and the server's counters to standard error when it stops. See docs/sim-server.md.
 *
 * <p>Options: {@code --name NAME} the socket name prefix (default {@code $IBSIM_SOCKNAME}, else {@code sim});
 * {@code --quiet} logs only warnings (by default every attach and detach is logged too). Exit status 2 on a usage or
 * topology error, 1 when the control socket cannot be bound.
 */
public final class SimServerMain {

    /** Held so that its level is not garbage-collected away. */
    private static final Logger NETTY_LOG = Logger.getLogger("io.netty");

    private SimServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        String source = null;
        String env = System.getenv("IBSIM_SOCKNAME");
        String name = env != null && !env.isEmpty() ? env : SimServer.DEFAULT_NAME;
        boolean quiet = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--name" -> {
                    if (++i == args.length) {
                        usage("--name needs a value");
                    }
                    name = args[i];
                }
                case "--quiet" -> quiet = true;
                case "-h", "--help" -> usage(null);
                default -> {
                    if (source != null || args[i].startsWith("-")) {
                        usage("unexpected argument \"" + args[i] + "\"");
                    }
                    source = args[i];
                }
            }
        }
        if (source == null) {
            usage("a topology file or shape is needed");
        }
        System.setProperty("java.util.logging.SimpleFormatter.format", "sim-server: %4$s: %5$s%6$s%n");
        Logger.getLogger("").setLevel(quiet ? Level.WARNING : Level.INFO);
        // Netty's start-up complaints about a network namespace without interfaces (unshare -n) say nothing useful
        NETTY_LOG.setLevel(Level.SEVERE);
        Topology topology;
        try {
            topology = TopologyShapes.load(source);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("sim-server: " + e.getMessage());
            System.exit(2);
            return;
        }
        SimFabric fabric = new SimFabric(topology);
        SimServer server;
        try {
            server = SimServer.start(fabric, name);
        } catch (IOException e) {
            System.err.println("sim-server: " + e.getMessage());
            fabric.close();
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            fabric.close();
            System.err.println("sim-server: stopped: " + server.stats());
            stopped.countDown();
        }, "sim-server-stop"));
        TopologyStats s = TopologyStats.of(topology);
        System.out.println("sim-server: ready: " + source + ", " + s.nodes() + " nodes (" + s.switches()
                + " switches), control socket " + server.controlSocket());
        System.out.flush();
        stopped.await();
    }

    private static void usage(String error) {
        if (error != null) {
            System.err.println("sim-server: " + error);
        }
        System.err.println("usage: sim-server FILE|SHAPE [--name NAME] [--quiet]");
        System.exit(error == null ? 0 : 2);
    }
}
