package dev.jsm.daemon;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks what the simulator's switches were programmed with, independently of the daemon's model: reads every
 * port's LID from the simulator, then walks the simulator's LFTs ({@link SimFabric#lftPort}) over the topology's
 * cables from every switch to every CA and switch LID. A walk fails on a missing entry, a cable that is down, a
 * delivery to the wrong node or a loop.
 *
 * <p>Confined to the test thread.
 */
final class SimRoutes {

    private final SimFabric fabric;
    private final Topology t;
    /** LID of each end port: CA node index -> port 1 LID, switch node index -> port 0 LID. */
    final Map<Integer, Integer> lidOfNode = new HashMap<>();
    final List<String> failures = new ArrayList<>();
    private final Set<Integer> off;
    int walks;

    SimRoutes(SimFabric fabric) {
        this(fabric, Set.of());
    }

    /** Routes among the nodes present: {@code off} lists the switches powered off (their hosts are cut off too). */
    SimRoutes(SimFabric fabric, Set<Integer> off) {
        this.fabric = fabric;
        this.t = fabric.topology();
        this.off = off;
        for (int n = 0; n < t.nodeCount(); n++) {
            if (off.contains(n)) {
                continue;
            }
            if (t.node(n).kind() == NodeKind.SWITCH) {
                lidOfNode.put(n, fabric.portInfo(n, 0).lid());
            } else if (t.peerNode(n, 1) >= 0 && fabric.portInfo(n, 1).portState() > PortInfo.STATE_DOWN) {
                lidOfNode.put(n, fabric.portInfo(n, 1).lid());
            }
        }
    }

    /** Walks from every switch to every base LID; returns this with {@link #failures} filled. */
    SimRoutes walkAll() {
        return walkAll(0);
    }

    /** Walks from every switch to every LID, all {@code 2^lmc} of each CA port. */
    SimRoutes walkAll(int lmc) {
        for (int s = 0; s < t.nodeCount(); s++) {
            if (t.node(s).kind() == NodeKind.SWITCH && !off.contains(s)) {
                for (Map.Entry<Integer, Integer> dest : lidOfNode.entrySet()) {
                    boolean sw = t.node(dest.getKey()).kind() == NodeKind.SWITCH;
                    for (int i = 0; i < (sw ? 1 : 1 << lmc); i++) {
                        walk(s, dest.getKey(), dest.getValue() + i);
                    }
                }
            }
        }
        return this;
    }

    private void walk(int from, int destNode, int lid) {
        walks++;
        if (lid == 0) {
            fail(from, destNode, lid, "destination has no LID");
            return;
        }
        int at = from;
        for (int hop = 0; hop < 64; hop++) {
            int port = fabric.lftPort(at, lid);
            if (port == 0) {
                if (at != destNode) {
                    fail(from, destNode, lid, "delivered to switch " + name(at));
                }
                return;
            }
            if (port == 0xFF || port > t.node(at).numPorts()) {
                fail(from, destNode, lid, "no LFT entry at " + name(at));
                return;
            }
            if (fabric.portInfo(at, port).portState() != PortInfo.STATE_ACTIVE) {
                fail(from, destNode, lid, "port " + port + " of " + name(at) + " is not ACTIVE");
                return;
            }
            int next = t.peerNode(at, port);
            if (t.node(next).kind() != NodeKind.SWITCH) {
                if (next != destNode) {
                    fail(from, destNode, lid, "delivered to " + name(next));
                }
                return;
            }
            at = next;
        }
        fail(from, destNode, lid, "loop");
    }

    private void fail(int from, int dest, int lid, String why) {
        if (failures.size() < 20) {
            failures.add(name(from) + " -> " + name(dest) + " (LID " + lid + "): " + why);
        } else if (failures.size() == 20) {
            failures.add("...");
        }
    }

    private String name(int n) {
        return t.node(n).name();
    }
}
