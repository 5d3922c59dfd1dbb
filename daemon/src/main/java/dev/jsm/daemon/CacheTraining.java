package dev.jsm.daemon;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;

/**
 * The JVM start-up cache's training run ({@code jsm_make_jvm_cache} in the packaging's {@code java.sh} sets
 * {@value #PROPERTY}): on the simulator, after the first SUBNET UP it pulls the first cable between two switches and
 * asks for a light sweep, which finds the change and repairs the routes in an incremental sweep; after that SUBNET UP
 * it plugs the cable back in the same way. The run-once daemon ({@code -o}) leaves after the {@value #SUBNET_UPS}rd
 * SUBNET UP. So the cache also holds the classes and method profiles of a repair, and the first cable change after a
 * start runs code as far compiled as the tenth's (docs/performance.md, "A cable's failure at 11664 hosts").
 *
 * <p>Told on the sweep loop's thread; the simulator's faults are thread-safe.
 */
final class CacheTraining implements SweepListener {

    /** The system property that makes a run a training run: {@code -Djsm.cacheTraining=repair}. */
    static final String PROPERTY = "jsm.cacheTraining";
    /** The SUBNET UPs of a training run: the start, the cable pulled, the cable back. */
    static final int SUBNET_UPS = 3;

    private final SimFabric sim;
    private final SmEvents events;
    private final int node;
    private final int port;
    private int ups;

    private CacheTraining(SimFabric sim, SmEvents events, int node, int port) {
        this.sim = sim;
        this.events = events;
        this.node = node;
        this.port = port;
    }

    /**
     * The training for this run: when {@value #PROPERTY} is {@code repair}, the daemon runs on the simulator
     * {@code sim} (not null) and its fabric has a cable between two switches; otherwise null.
     */
    static CacheTraining of(SimFabric sim, SmEvents events) {
        if (sim == null || !"repair".equals(System.getProperty(PROPERTY))) {
            return null;
        }
        Topology t = sim.topology();
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() != NodeKind.SWITCH) {
                continue;
            }
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                    return new CacheTraining(sim, events, n, p);
                }
            }
        }
        return null;
    }

    @Override
    public void subnetUp(FabricView view) {
        ups++;
        if (ups == 1) {
            sim.faults().linkDown(node, port);
            events.request(SmEvent.LIGHT_SWEEP, "JVM cache training: a cable pulled");
        } else if (ups == 2) {
            sim.faults().linkUp(node, port);
            events.request(SmEvent.LIGHT_SWEEP, "JVM cache training: the cable plugged back");
        }
    }
}
