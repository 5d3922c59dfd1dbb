package dev.jsm.subnet;

import java.util.ArrayList;
import java.util.List;

/**
 * A CA, switch or router found by discovery, keyed by node GUID, with its NodeInfo and NodeDescription values
 * (IBA 14.2.5.2-3), the directed route it was reached by, and its physical ports.
 *
 * <p>The identity (kind, node GUID, number of ports) is fixed; a node whose NodeInfo changes these is a different
 * node (remove and add). Switches have ports 0..NumPorts and a {@link Switch}; CAs and routers have ports
 * 1..NumPorts, of which only the ones discovery reached exist.
 *
 * <p>Confined to the sweep thread. Behavioural counterpart: {@code osm_node_t}.
 */
public final class Node {

    /** Most ports a node can have (IBA: port numbers are 8 bits, 255 is reserved). */
    public static final int MAX_PORTS = 254;

    private final NodeKind kind;
    private final long nodeGuid;
    private final int numPorts;
    private final PhysPort[] ports;
    private final Switch sw;
    private long systemImageGuid;
    private String description = "";
    private int vendorId;
    private int deviceId;
    private long revision;
    private int partitionCap;
    private long generalCapabilities;
    private int[] drPath = new int[0];
    private int lastSeenSweep;
    private int index = -1;

    Node(NodeKind kind, long nodeGuid, int numPorts) {
        if (numPorts < 1 || numPorts > MAX_PORTS) {
            throw new IllegalArgumentException("node " + Guid.toString(nodeGuid) + ": NumPorts " + numPorts
                    + " out of range (expected 1-" + MAX_PORTS + ")");
        }
        this.kind = kind;
        this.nodeGuid = nodeGuid;
        this.numPorts = numPorts;
        this.ports = new PhysPort[numPorts + 1];
        this.sw = kind == NodeKind.SWITCH ? new Switch(this) : null;
    }

    /** CA, switch or router. */
    public NodeKind kind() {
        return kind;
    }

    /** Whether this node is a switch. */
    public boolean isSwitch() {
        return sw != null;
    }

    /** The node GUID. */
    public long nodeGuid() {
        return nodeGuid;
    }

    /** NodeInfo.NumPorts: physical ports, switch port 0 not counted. */
    public int numPorts() {
        return numPorts;
    }

    /**
     * The switch part of this node.
     *
     * @throws IllegalStateException if this node is not a switch
     */
    public Switch asSwitch() {
        if (sw == null) {
            throw new IllegalStateException(this + " is a " + kind + ", not a switch");
        }
        return sw;
    }

    /** The physical port {@code portNum}, or {@code null} if discovery has not added it (or it is out of range). */
    public PhysPort port(int portNum) {
        return portNum >= 0 && portNum <= numPorts ? ports[portNum] : null;
    }

    /** The ports discovery has added, in port-number order. */
    public List<PhysPort> ports() {
        List<PhysPort> list = new ArrayList<>();
        for (PhysPort p : ports) {
            if (p != null) {
                list.add(p);
            }
        }
        return list;
    }

    /** NodeInfo.SystemImageGUID. */
    public long systemImageGuid() {
        return systemImageGuid;
    }

    /** Sets NodeInfo.SystemImageGUID. */
    public void setSystemImageGuid(long systemImageGuid) {
        this.systemImageGuid = systemImageGuid;
    }

    /** NodeDescription text ("" until read). */
    public String description() {
        return description;
    }

    /** Sets the NodeDescription text. */
    public void setDescription(String description) {
        this.description = description;
    }

    /** NodeInfo.VendorID (24-bit OUI). */
    public int vendorId() {
        return vendorId;
    }

    /** Sets NodeInfo.VendorID. */
    public void setVendorId(int vendorId) {
        this.vendorId = vendorId;
    }

    /** NodeInfo.DeviceID. */
    public int deviceId() {
        return deviceId;
    }

    /** Sets NodeInfo.DeviceID. */
    public void setDeviceId(int deviceId) {
        this.deviceId = deviceId;
    }

    /** NodeInfo.Revision (unsigned 32 bits). */
    public long revision() {
        return revision;
    }

    /** Sets NodeInfo.Revision. */
    public void setRevision(long revision) {
        this.revision = revision;
    }

    /** NodeInfo.PartitionCap: P_Key table entries of a CA or router port. */
    public int partitionCap() {
        return partitionCap;
    }

    /** Sets NodeInfo.PartitionCap. */
    public void setPartitionCap(int partitionCap) {
        this.partitionCap = partitionCap;
    }

    /**
     * The first 64 bits of the node's GeneralInfo CapabilityMask (vendor SMP attribute 0xFF17, docs/virtualization.md):
     * capability {@code n} is bit {@code n}; 0 until read, or if the node does not answer GeneralInfo.
     */
    public long generalCapabilities() {
        return generalCapabilities;
    }

    /** Whether GeneralInfo capability {@code bit} (0-63) is set. */
    public boolean hasGeneralCapability(int bit) {
        return (generalCapabilities >>> bit & 1) != 0;
    }

    /** Sets the first 64 bits of the GeneralInfo CapabilityMask ({@link #generalCapabilities()}). */
    public void setGeneralCapabilities(long generalCapabilities) {
        this.generalCapabilities = generalCapabilities;
    }

    /** The directed route (egress port per hop from the SM's port) this node was reached by; a copy. */
    public int[] drPath() {
        return drPath.clone();
    }

    /**
     * Sets the directed route this node was reached by; empty for the SM's own node.
     *
     * @throws IllegalArgumentException if longer than 63 hops or a port is outside 0..255
     */
    public void setDrPath(int... egressPorts) {
        if (egressPorts.length > 63) {
            throw new IllegalArgumentException("directed route to " + this + " longer than 63 hops");
        }
        for (int p : egressPorts) {
            if (p < 0 || p > 255) {
                throw new IllegalArgumentException("directed route to " + this + ": port " + p + " out of range");
            }
        }
        drPath = egressPorts.clone();
    }

    /** The sweep number last passed to {@link #markSeen}, 0 if never. */
    public int lastSeenSweep() {
        return lastSeenSweep;
    }

    /** Records that discovery reached this node in sweep {@code sweep} (see {@link Subnet#beginSweep()}). */
    public void markSeen(int sweep) {
        this.lastSeenSweep = sweep;
    }

    /**
     * The dense node index, {@code 0..N-1} in node-GUID order.
     *
     * @throws IllegalStateException if the subnet changed since the last {@link Subnet#index()}
     */
    public int index() {
        return Subnet.checkIndexed(index, this);
    }

    void setIndex(int index) {
        this.index = index;
    }

    void putPort(int portNum, PhysPort port) {
        ports[portNum] = port;
    }

    /** {@code CA 0x...} / {@code SWITCH 0x...} / {@code ROUTER 0x...}. */
    @Override
    public String toString() {
        return kind + " " + Guid.toString(nodeGuid);
    }
}
