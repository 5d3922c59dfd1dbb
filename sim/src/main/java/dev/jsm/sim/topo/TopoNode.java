package dev.jsm.sim.topo;

import java.util.Arrays;

/**
 * One node of a {@link Topology}: what a topology file or a generator says about it.
 *
 * <p>Immutable; safe to share ({@link #portGuids()} returns a copy).
 *
 * @param kind switch, CA or router
 * @param name the node's unique id: the quoted name in a {@code net} or ibnetdiscover file that peers refer to
 * @param nodeGuid node GUID
 * @param systemImageGuid system image GUID (the node GUID when the file gives none)
 * @param numPorts number of physical ports
 * @param portGuids port GUIDs indexed by port number, length {@code numPorts + 1}; switches use entry 0 for every
 *     port (one GUID for the switch), CAs/routers entries 1..numPorts
 * @param vendorId IEEE OUI (24 bits)
 * @param deviceId device ID
 * @param description the NodeDescription the node reports: the {@code # "..."} comment of its header line in the file,
 *     or {@code name} when there is none (as ibsim does)
 */
public record TopoNode(NodeKind kind, String name, long nodeGuid, long systemImageGuid, int numPorts, long[] portGuids,
                       int vendorId, int deviceId, String description) {

    /** Checks the port count and GUID slots; a {@code null} description means "same as the name". */
    public TopoNode {
        if (description == null) {
            description = name;
        }
        if (numPorts < 1 || numPorts > 254) {
            throw new IllegalArgumentException(name + ": port count " + numPorts + " outside 1..254");
        }
        if (portGuids.length != numPorts + 1) {
            throw new IllegalArgumentException(name + ": need " + (numPorts + 1) + " port GUID slots");
        }
        portGuids = portGuids.clone();
    }

    /** A node whose description equals its name. */
    public TopoNode(NodeKind kind, String name, long nodeGuid, long systemImageGuid, int numPorts, long[] portGuids,
                    int vendorId, int deviceId) {
        this(kind, name, nodeGuid, systemImageGuid, numPorts, portGuids, vendorId, deviceId, name);
    }

    /**
     * A node with ibsim's default GUID scheme: a switch's port GUID is its node GUID, a CA port's GUID is the node
     * GUID plus the port number.
     */
    public static TopoNode withDefaultGuids(NodeKind kind, String name, long nodeGuid, int numPorts) {
        long[] guids = new long[numPorts + 1];
        if (kind == NodeKind.SWITCH) {
            guids[0] = nodeGuid;
        } else {
            for (int p = 1; p <= numPorts; p++) {
                guids[p] = nodeGuid + p;
            }
        }
        return new TopoNode(kind, name, nodeGuid, nodeGuid, numPorts, guids, 0, 0);
    }

    /** GUID of port {@code port} (switches: the switch's one port GUID for every port). */
    public long portGuid(int port) {
        return kind == NodeKind.SWITCH ? portGuids[0] : portGuids[port];
    }

    @Override
    public long[] portGuids() {
        return portGuids.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TopoNode n && kind == n.kind && name.equals(n.name) && nodeGuid == n.nodeGuid
                && systemImageGuid == n.systemImageGuid && numPorts == n.numPorts
                && Arrays.equals(portGuids, n.portGuids) && vendorId == n.vendorId && deviceId == n.deviceId
                && description.equals(n.description);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(nodeGuid) * 31 + Arrays.hashCode(portGuids);
    }

    @Override
    public String toString() {
        return String.format("%s \"%s\" 0x%016x (%d ports)", kind, name, nodeGuid, numPorts);
    }
}
