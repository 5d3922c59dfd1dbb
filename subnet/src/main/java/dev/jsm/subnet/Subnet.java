package dev.jsm.subnet;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The SM's mutable model of the fabric: nodes keyed by node GUID, end ports keyed by port GUID, the links between
 * physical ports, and the assigned LID ranges. Discovery builds it; the LID, link, routing and programming stages
 * update it; {@link dev.jsm.subnet.snapshot.SubnetSnapshot#of(Subnet)} copies it for readers.
 *
 * <p>Confined to the sweep thread: MAD response handlers run on that thread, so no locking is needed; readers on
 * other threads use the published snapshot. Behavioural counterpart: {@code osm_subn_t}.
 *
 * <p>In detail: docs/design/subnet.md#subnet.
 */
public final class Subnet {

    private final Map<Long, Node> nodes = new HashMap<>();
    private final Map<Long, EndPort> endPorts = new HashMap<>();
    private final Map<Long, VPort> vportsByGuid = new HashMap<>();
    private final Set<Link> links = new LinkedHashSet<>();
    private final LidOwners lidOwners = new LidOwners();
    private SubnetIndex index;
    private int sweep;

    /** An empty subnet, before the first sweep. */
    public Subnet() {
    }

    /**
     * Adds a node found by discovery.
     *
     * @throws IllegalArgumentException if the GUID is 0 or already taken, or {@code numPorts} is outside 1..254
     */
    public Node addNode(NodeKind kind, long nodeGuid, int numPorts) {
        if (nodeGuid == 0) {
            throw new IllegalArgumentException("node GUID 0 is invalid");
        }
        Node existing = nodes.get(nodeGuid);
        if (existing != null) {
            throw new IllegalArgumentException("duplicate node GUID: " + existing + " is already in the subnet");
        }
        Node node = new Node(kind, nodeGuid, numPorts);
        invalidateIndex();
        nodes.put(nodeGuid, node);
        return node;
    }

    /** The node with this GUID, or {@code null}. */
    public Node node(long nodeGuid) {
        return nodes.get(nodeGuid);
    }

    /** All nodes, in no particular order (use {@link #nodeAt} for index order). Unmodifiable live view. */
    public Collection<Node> nodes() {
        return Collections.unmodifiableCollection(nodes.values());
    }

    /** Removes a node with its ports, their links and LIDs. */
    public void removeNode(Node node) {
        checkMember(node);
        for (PhysPort p : node.ports()) {
            removePort(p);
        }
        invalidateIndex();
        nodes.remove(node.nodeGuid());
    }

    /**
     * Adds physical port {@code portNum} to {@code node}. CA and router ports and switch port 0 become end ports
     * keyed by {@code portGuid}.
     *
     * @throws IllegalArgumentException if the port number is out of range or taken, or the end port's GUID is 0 or
     *     already used by another end port
     */
    public PhysPort addPort(Node node, int portNum, long portGuid) {
        checkMember(node);
        int min = node.isSwitch() ? 0 : 1;
        if (portNum < min || portNum > node.numPorts()) {
            throw new IllegalArgumentException(node + ": port " + portNum + " out of range (expected " + min + "-"
                    + node.numPorts() + ")");
        }
        if (node.port(portNum) != null) {
            throw new IllegalArgumentException(node + ": port " + portNum + " already added");
        }
        PhysPort port = new PhysPort(node, portNum, portGuid);
        if (!node.isSwitch() || portNum == 0) {
            if (portGuid == 0) {
                throw new IllegalArgumentException(port + ": port GUID 0 is invalid");
            }
            EndPort other = endPorts.get(portGuid);
            if (other != null) {
                throw new IllegalArgumentException("duplicate port GUID " + Guid.toString(portGuid) + ": "
                        + other.physPort() + " and " + port);
            }
            EndPort endPort = new EndPort(port);
            port.setEndPort(endPort);
            endPorts.put(portGuid, endPort);
        }
        invalidateIndex();
        node.putPort(portNum, port);
        return port;
    }

    /** Removes a physical port with its link and, for an end port, its LIDs. */
    public void removePort(PhysPort port) {
        checkMember(port.node());
        if (port.node().port(port.portNum()) != port) {
            throw new IllegalArgumentException(port + " is not in this subnet");
        }
        disconnect(port);
        EndPort endPort = port.endPort();
        if (endPort != null) {
            for (VPort v : endPort.vports()) {
                removeVPort(v);
            }
            releaseLids(endPort);
            endPorts.remove(endPort.portGuid());
        }
        invalidateIndex();
        port.node().putPort(port.portNum(), null);
    }

    /** The end port with this port GUID, or {@code null}. */
    public EndPort endPort(long portGuid) {
        return endPorts.get(portGuid);
    }

    /** All end ports, in no particular order. Unmodifiable live view. */
    public Collection<EndPort> endPorts() {
        return Collections.unmodifiableCollection(endPorts.values());
    }

    /**
     * Cables two physical ports; returns the existing link if they are already cabled to each other (discovery sees
     * each link from both sides).
     *
     * @throws IllegalArgumentException if a port is a switch port 0, not in this subnet, or cabled elsewhere
     */
    public Link connect(PhysPort x, PhysPort y) {
        checkCableable(x);
        checkCableable(y);
        if (x == y) {
            throw new IllegalArgumentException("cannot cable " + x + " to itself");
        }
        if (x.link() != null && x.remote() == y) {
            return x.link();
        }
        for (PhysPort p : new PhysPort[] {x, y}) {
            if (p.link() != null) {
                throw new IllegalArgumentException("cannot cable " + x + " to " + y + ": " + p + " is cabled to "
                        + p.remote() + " (disconnect it first)");
            }
        }
        Link link = new Link(x, y);
        invalidateIndex();
        x.setLink(link);
        y.setLink(link);
        links.add(link);
        return link;
    }

    /** Removes the link of {@code port}, if any, and returns it (or {@code null}). */
    public Link disconnect(PhysPort port) {
        Link link = port.link();
        if (link == null) {
            return null;
        }
        invalidateIndex();
        link.a().setLink(null);
        link.b().setLink(null);
        links.remove(link);
        return link;
    }

    /** All links, in no particular order. Unmodifiable live view. */
    public Collection<Link> links() {
        return Collections.unmodifiableCollection(links);
    }

    /**
     * Assigns {@code range} to {@code endPort}, replacing its previous range.
     *
     * @throws IllegalArgumentException if another end port holds a LID of the range
     */
    public void assignLids(EndPort endPort, LidRange range) {
        checkMember(endPort.node());
        lidOwners.assign(endPort, range);
    }

    /** Releases the LIDs of {@code endPort}, if any. */
    public void releaseLids(EndPort endPort) {
        lidOwners.release(endPort);
    }

    /** The end port whose assigned range holds {@code lid}, or {@code null}. */
    public EndPort endPortByLid(int lid) {
        return lidOwners.owner(lid);
    }

    /**
     * Adds vport {@code index} behind the CA end port {@code endPort}, as discovery found it.
     *
     * @throws IllegalArgumentException if the end port is not a CA port of this subnet, the index is outside 0..65535
     *     or taken, or the GUID is 0, differs from the port's for vport 0, or (for another vport) is the GUID of an
     *     end port or another vport
     */
    public VPort addVPort(EndPort endPort, int index, long guid, VPortAttributes attributes) {
        checkMember(endPort.node());
        if (endPorts.get(endPort.portGuid()) != endPort || endPort.node().kind() != NodeKind.CA) {
            throw new IllegalArgumentException(endPort + " is not a CA port of this subnet");
        }
        if (index < 0 || index > 0xFFFF || endPort.vport(index) != null) {
            throw new IllegalArgumentException(endPort + ": vport index " + index + (index < 0 || index > 0xFFFF
                    ? " out of range (expected 0-65535)" : " already added"));
        }
        if (index == 0 ? guid != endPort.portGuid() : guid == 0 || endPorts.containsKey(guid)
                || vportsByGuid.containsKey(guid)) {
            Object other = endPorts.containsKey(guid) ? endPorts.get(guid) : vportsByGuid.get(guid);
            throw new IllegalArgumentException(endPort + ": vport " + index + " GUID " + Guid.toString(guid)
                    + (index == 0 ? " is not the port's own" : guid == 0 ? " is invalid" : " is taken by " + other));
        }
        VPort v = new VPort(endPort, index, guid, attributes);
        endPort.putVPort(v);
        if (index != 0) {
            vportsByGuid.put(guid, v);
        }
        return v;
    }

    /** Removes a vport with its LID. */
    public void removeVPort(VPort vport) {
        if (vport.endPort().vport(vport.index()) != vport) {
            throw new IllegalArgumentException(vport + " is not in this subnet");
        }
        lidOwners.release(vport);
        vport.endPort().removeVPort(vport);
        if (vport.index() != 0) {
            vportsByGuid.remove(vport.guid());
        }
    }

    /** The vport with this GUID, or {@code null} (vport 0 is found through its end port, whose GUID it has). */
    public VPort vport(long guid) {
        return vportsByGuid.get(guid);
    }

    /** Every vport other than the vports 0, in no particular order. Unmodifiable live view. */
    public Collection<VPort> vports() {
        return Collections.unmodifiableCollection(vportsByGuid.values());
    }

    /**
     * Gives {@code vport} the LID {@code lid} of its own, replacing the one it had.
     *
     * @throws IllegalArgumentException if the LID is not unicast or another end port or vport holds it
     */
    public void assignLid(VPort vport, int lid) {
        lidOwners.assign(vport, lid);
    }

    /** Releases the LID of {@code vport}, if any. */
    public void releaseLid(VPort vport) {
        lidOwners.release(vport);
    }

    /** The vport whose own LID is {@code lid}, or {@code null}. */
    public VPort vportByLid(int lid) {
        return lidOwners.vport(lid);
    }

    /** Starts a new sweep and returns its number (1, 2, ...); discovery marks reached nodes with it. */
    public int beginSweep() {
        return ++sweep;
    }

    /** The number of the current sweep, 0 before the first. */
    public int currentSweep() {
        return sweep;
    }

    /**
     * Forgets what every switch, port and vport is known to hold - LFT and MFT blocks, P_Key, SL2VL, VLArb, GUID and
     * rate limit blocks - so that the next programming sends every block: for a new master taking over from another
     * SM, whose tables it cannot trust.
     */
    public void forgetProgrammedTables() {
        for (Node n : nodes.values()) {
            if (n.isSwitch()) {
                n.asSwitch().lft().forgetProgrammed();
                n.asSwitch().mft().forgetProgrammed();
            }
            for (PhysPort p : n.ports()) {
                for (BlockTable t : new BlockTable[] {p.pKeyTableIfAny(), p.sl2VlTableIfAny(), p.vlArbTableIfAny(),
                        p.rateLimitTableIfAny()}) {
                    if (t != null) {
                        t.forgetHeld();
                    }
                }
                if (p.endPort() != null) {
                    p.endPort().vports().forEach(VPort::forgetHeld);
                }
            }
        }
    }

    /**
     * Assigns the dense indices of nodes, switches, physical ports, end ports and links, in unsigned node-GUID then
     * port-number order. A no-op if nothing structural changed since the last call.
     */
    public void index() {
        if (index == null) {
            index = new SubnetIndex(nodes.values(), links);
        }
    }

    /** Whether the indices are current. */
    public boolean isIndexed() {
        return index != null;
    }

    /** Number of nodes. */
    public int nodeCount() {
        return nodes.size();
    }

    /** Number of end ports. */
    public int endPortCount() {
        return endPorts.size();
    }

    /** Number of links. */
    public int linkCount() {
        return links.size();
    }

    /** Number of switches ({@code S}). Requires {@link #index()}. */
    public int switchCount() {
        return indexed().switches.length;
    }

    /** Number of physical ports ({@code P}). Requires {@link #index()}. */
    public int physPortCount() {
        return indexed().ports.length;
    }

    /** The node with index {@code i}. Requires {@link #index()}. */
    public Node nodeAt(int i) {
        return indexed().nodes[i];
    }

    /** The switch with index {@code i}. Requires {@link #index()}. */
    public Switch switchAt(int i) {
        return indexed().switches[i];
    }

    /** The physical port with index {@code i}. Requires {@link #index()}. */
    public PhysPort physPortAt(int i) {
        return indexed().ports[i];
    }

    /** The end port with index {@code i}. Requires {@link #index()}. */
    public EndPort endPortAt(int i) {
        return indexed().endPorts[i];
    }

    /** The link with index {@code i}. Requires {@link #index()}. */
    public Link linkAt(int i) {
        return indexed().links[i];
    }

    static int comparePorts(PhysPort x, PhysPort y) {
        int c = Guid.compare(x.node().nodeGuid(), y.node().nodeGuid());
        return c != 0 ? c : Integer.compare(x.portNum(), y.portNum());
    }

    static int checkIndexed(int index, Object owner) {
        if (index < 0) {
            throw new IllegalStateException(owner + " has no index: call Subnet.index() after the last structural "
                    + "change");
        }
        return index;
    }

    private SubnetIndex indexed() {
        if (index == null) {
            throw new IllegalStateException("the subnet changed since it was indexed: call Subnet.index() first");
        }
        return index;
    }

    private void invalidateIndex() {
        if (index != null) {
            index.clear();
            index = null;
        }
    }

    private void checkMember(Node node) {
        if (nodes.get(node.nodeGuid()) != node) {
            throw new IllegalArgumentException(node + " is not in this subnet");
        }
    }

    private void checkCableable(PhysPort p) {
        checkMember(p.node());
        if (p.node().port(p.portNum()) != p) {
            throw new IllegalArgumentException(p + " is not in this subnet");
        }
        if (p.isSwitchPort0()) {
            throw new IllegalArgumentException(p + " is switch port 0, which has no cable");
        }
    }
}
