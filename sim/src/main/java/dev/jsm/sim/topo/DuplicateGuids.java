package dev.jsm.sim.topo;

/**
 * Makes the fault of two devices that carry the same GUIDs (a board flashed with another's image): a copy of a fabric
 * in which one node answers NodeInfo with another node's node GUID, system image GUID and port GUIDs (or only the port
 * GUIDs), and back-to-back pairs of such twins. Topology files cannot say this ({@link TopologyReader} rejects a GUID
 * given twice), so the tests of the SM's duplicate detection ({@code exit_on_fatal}) build their fabrics here. Names,
 * cables and everything else stay as they were.
 *
 * <p>Stateless; thread-safe.
 */
public final class DuplicateGuids {

    private DuplicateGuids() {
    }

    /**
     * A copy of {@code topology} in which node {@code twin} has node {@code original}'s GUIDs.
     *
     * @throws IllegalArgumentException if the two are the same node, or differ in kind or port count
     */
    public static Topology cloneGuids(Topology topology, int original, int twin) {
        return withGuidsOf(topology, original, twin, true);
    }

    /**
     * A copy of {@code topology} in which node {@code twin} keeps its node GUID but has node {@code original}'s port
     * GUIDs (and system image GUID).
     *
     * @throws IllegalArgumentException if the two are the same node, or differ in kind or port count
     */
    public static Topology clonePortGuids(Topology topology, int original, int twin) {
        return withGuidsOf(topology, original, twin, false);
    }

    private static Topology withGuidsOf(Topology topology, int original, int twin, boolean nodeGuid) {
        TopoNode o = topology.node(original);
        TopoNode t = topology.node(twin);
        if (original == twin || o.kind() != t.kind() || o.numPorts() != t.numPorts()) {
            throw new IllegalArgumentException("cannot give " + t + " the GUIDs of " + o
                    + ": it must be another node of the same kind and port count");
        }
        Topology.Builder b = Topology.builder();
        for (int i = 0; i < topology.nodeCount(); i++) {
            TopoNode n = topology.node(i);
            b.addNode(i != twin ? n : new TopoNode(t.kind(), t.name(), nodeGuid ? o.nodeGuid() : t.nodeGuid(),
                    o.systemImageGuid(), t.numPorts(), o.portGuids(), t.vendorId(), t.deviceId(), t.description()));
        }
        for (TopoLink l : topology.links()) {
            b.link(l.nodeA(), l.portA(), l.nodeB(), l.portB());
        }
        return b.build();
    }

    /**
     * Two CAs of {@code numPorts} ports with the same GUIDs, port 1 of one cabled to port 1 of the other: what an SM
     * on either sees as a port linked to itself.
     */
    public static Topology backToBackTwins(int numPorts) {
        TopoNode a = TopoNode.withDefaultGuids(NodeKind.CA, "twin-a", 0x0002c90300000100L, numPorts);
        TopoNode b = new TopoNode(NodeKind.CA, "twin-b", a.nodeGuid(), a.systemImageGuid(), numPorts, a.portGuids(),
                a.vendorId(), a.deviceId());
        Topology.Builder builder = Topology.builder();
        builder.addNode(a);
        builder.addNode(b);
        builder.link(0, 1, 1, 1);
        return builder.build();
    }
}
