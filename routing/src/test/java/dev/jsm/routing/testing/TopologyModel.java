package dev.jsm.routing.testing;

import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoLink;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.subnet.Lid;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;

/**
 * Turns a generated or hand-written {@link Topology} into the SM's {@link Subnet} with LIDs assigned: what discovery
 * and the LID manager would produce on a fabric cabled that way, without any MAD: a test fixture for the routing
 * engines' tests (and, through this module's test-jar, the daemon's). {@code opensm --route-only} does not use it:
 * it runs the daemon's own heavy sweep over the simulator, so its LIDs are the LID manager's.
 *
 * <p>Every node and its system image GUID and description are copied; switches get ports 0..N, CAs and routers
 * only their cabled ports; every cable becomes a link with both ends up. LIDs are given in node order: a switch's
 * port 0 gets one LID, each CA or router port the next {@code 2^lmc}-aligned range of {@code 2^lmc} LIDs.
 *
 * <p>Stateless; thread-safe.
 */
public final class TopologyModel {

    private TopologyModel() {
    }

    /**
     * The model of {@code t} with LIDs assigned and indexed.
     *
     * @throws IllegalArgumentException if {@code lmc} is outside 0..7 or the fabric needs more unicast LIDs than exist
     */
    public static Subnet subnet(Topology t, int lmc) {
        if (lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("LMC must be 0..7, not " + lmc);
        }
        Subnet s = new Subnet();
        Node[] nodes = new Node[t.nodeCount()];
        for (int i = 0; i < t.nodeCount(); i++) {
            TopoNode n = t.node(i);
            nodes[i] = s.addNode(kind(n.kind()), n.nodeGuid(), n.numPorts());
            nodes[i].setSystemImageGuid(n.systemImageGuid());
            nodes[i].setDescription(n.description());
            for (int p = n.kind() == NodeKind.SWITCH ? 0 : 1; p <= n.numPorts(); p++) {
                if (n.kind() == NodeKind.SWITCH || t.peerNode(i, p) >= 0) {
                    s.addPort(nodes[i], p, n.portGuid(p));
                }
            }
        }
        for (TopoLink l : t.links()) {
            s.connect(nodes[l.nodeA()].port(l.portA()), nodes[l.nodeB()].port(l.portB()));
        }
        assignLids(nodes, s, lmc);
        s.index();
        return s;
    }

    private static void assignLids(Node[] nodes, Subnet s, int lmc) {
        int next = 1;
        int size = 1 << lmc;
        for (Node n : nodes) {
            if (n.isSwitch()) {
                s.assignLids(n.port(0).endPort(), LidRange.single(checked(next, 1)));
                next++;
                continue;
            }
            for (int p = 1; p <= n.numPorts(); p++) {
                if (n.port(p) != null) {
                    next = (next + size - 1) / size * size;
                    s.assignLids(n.port(p).endPort(), LidRange.of(checked(next, size), lmc));
                    next += size;
                }
            }
        }
    }

    private static int checked(int base, int count) {
        if (base + count - 1 > Lid.UNICAST_MAX) {
            throw new IllegalArgumentException("the fabric needs more than " + Lid.UNICAST_MAX
                    + " unicast LIDs");
        }
        return base;
    }

    private static dev.jsm.subnet.NodeKind kind(NodeKind k) {
        return switch (k) {
            case CA -> dev.jsm.subnet.NodeKind.CA;
            case SWITCH -> dev.jsm.subnet.NodeKind.SWITCH;
            case ROUTER -> dev.jsm.subnet.NodeKind.ROUTER;
        };
    }
}
