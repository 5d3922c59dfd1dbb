package dev.jsm.sim;

import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;

/** Small hand-built fabrics for the simulator tests. */
final class TestFabrics {

    static final int HOST0 = 0;
    static final int LEAF0 = 1;
    static final int LEAF1 = 2;
    static final int SPINE0 = 3;
    static final int SPINE1 = 4;
    static final int HOST1 = 5;
    static final int HOST2 = 6;
    static final int HOST3 = 7;

    private TestFabrics() {
    }

    /**
     * A 2-level fat tree of 4-port switches: leaves {@code leaf-0}, {@code leaf-1} (ports 1-2 hosts, 3 to spine-0,
     * 4 to spine-1), spines {@code spine-0}, {@code spine-1} (port 1 leaf-0, port 2 leaf-1, ports 3-4 uncabled),
     * hosts {@code host-0} (2 ports, port 2 uncabled; the SM's host) and {@code host-1..3}. Node indices are the
     * constants of this class. GUIDs: hosts 0x1000 + 0x100 * i, leaves 0x2000 + 0x100 * i, spines 0x3000 + 0x100 * i.
     */
    static Topology twoLevel() {
        Topology.Builder b = Topology.builder();
        b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "host-0", 0x1000, 2));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "leaf-0", 0x2000, 4));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "leaf-1", 0x2100, 4));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "spine-0", 0x3000, 4));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "spine-1", 0x3100, 4));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "host-1", 0x1100, 1));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "host-2", 0x1200, 1));
        b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "host-3", 0x1300, 1));
        b.link(HOST0, 1, LEAF0, 1);
        b.link(HOST1, 1, LEAF0, 2);
        b.link(HOST2, 1, LEAF1, 1);
        b.link(HOST3, 1, LEAF1, 2);
        b.link(LEAF0, 3, SPINE0, 1);
        b.link(LEAF0, 4, SPINE1, 1);
        b.link(LEAF1, 3, SPINE0, 2);
        b.link(LEAF1, 4, SPINE1, 2);
        return b.build();
    }
}
