package dev.jsm.routing.testing;

import dev.jsm.routing.RoutingInput;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoLink;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * Turns a generated or hand-written {@link Topology} into the SM's {@link Subnet} with LIDs assigned, so engines can
 * be tested on any fabric without discovery: what discovery and the LID manager would produce.
 *
 * <p>Every node and its system image GUID are copied; switches get ports 0..N, CAs and routers only their cabled
 * ports; every cable becomes a link. LIDs are given in node order: a switch's port 0 gets one LID, each CA or router
 * port the next {@code 2^lmc}-aligned range of {@code 2^lmc} LIDs.
 *
 * <p>Stateless; thread-safe.
 */
public final class TopologySubnets {

    private TopologySubnets() {
    }

    /** The model of {@code t} with LIDs assigned and indexed. */
    public static Subnet subnet(Topology t, int lmc) {
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
        int next = 1;
        int size = 1 << lmc;
        for (Node n : nodes) {
            if (n.isSwitch()) {
                s.assignLids(n.port(0).endPort(), LidRange.single(next++));
                continue;
            }
            for (int p = 1; p <= n.numPorts(); p++) {
                if (n.port(p) != null) {
                    next = (next + size - 1) / size * size;
                    s.assignLids(n.port(p).endPort(), LidRange.of(next, lmc));
                    next += size;
                }
            }
        }
        s.index();
        return s;
    }

    /** A snapshot of {@link #subnet}. */
    public static SubnetSnapshot snapshot(Topology t, int lmc) {
        return SubnetSnapshot.of(subnet(t, lmc));
    }

    /** The routing input of {@code t} with LMC {@code lmc}. */
    public static RoutingInput input(Topology t, int lmc) {
        return RoutingInput.from(snapshot(t, lmc), lmc);
    }

    /** The routing input of the fabric a {@link TopologyShapes} shape string generates. */
    public static RoutingInput input(String shape, int lmc) {
        return input(TopologyShapes.parse(shape), lmc);
    }

    private static dev.jsm.subnet.NodeKind kind(NodeKind k) {
        return switch (k) {
            case CA -> dev.jsm.subnet.NodeKind.CA;
            case SWITCH -> dev.jsm.subnet.NodeKind.SWITCH;
            case ROUTER -> dev.jsm.subnet.NodeKind.ROUTER;
        };
    }
}
