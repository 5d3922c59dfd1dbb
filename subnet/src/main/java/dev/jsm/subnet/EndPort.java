package dev.jsm.subnet;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * An addressable port: a CA or router port, or a switch's port 0. It is keyed by port GUID and owns the LID range
 * the LID manager assigned it ({@link Subnet#assignLids}); that range, not the LID the port last reported in its
 * PortInfo, is what the LID map and routing use (wanted vs programmed, as for forwarding tables).
 *
 * <p>End ports are indexed {@code 0..E-1} by {@link Subnet#index()} in physical-port order. A CA port that supports
 * port virtualization also keeps its VirtualizationInfo and its {@link VPort}s ({@link Subnet#addVPort}).
 *
 * <p>Confined to the sweep thread. Behavioural counterpart: {@code osm_port_t}.
 */
public final class EndPort {

    private final PhysPort physPort;
    private LidRange lidRange;
    private int index = -1;
    private VirtualizationAttributes virtualization;
    private final TreeMap<Integer, VPort> vports = new TreeMap<>();

    EndPort(PhysPort physPort) {
        this.physPort = physPort;
    }

    /** The physical port behind this end port. */
    public PhysPort physPort() {
        return physPort;
    }

    /** The node this port belongs to. */
    public Node node() {
        return physPort.node();
    }

    /** The port GUID. */
    public long portGuid() {
        return physPort.portGuid();
    }

    /** The assigned LID range, or {@code null} until the LID manager assigns one. */
    public LidRange lidRange() {
        return lidRange;
    }

    /** Whether a LID range is assigned. */
    public boolean hasLids() {
        return lidRange != null;
    }

    /**
     * The dense end-port index.
     *
     * @throws IllegalStateException if the subnet changed since the last {@link Subnet#index()}
     */
    public int index() {
        return Subnet.checkIndexed(index, this);
    }

    void setIndex(int index) {
        this.index = index;
    }

    /** The VirtualizationInfo values the port last returned, or {@code null} if it has none (or none was read). */
    public VirtualizationAttributes virtualization() {
        return virtualization;
    }

    /** Stores the VirtualizationInfo values the port returned ({@code null}: the port has no virtualization). */
    public void setVirtualization(VirtualizationAttributes virtualization) {
        this.virtualization = virtualization;
    }

    /** The vport with index {@code vportIndex}, or {@code null}. */
    public VPort vport(int vportIndex) {
        return vports.get(vportIndex);
    }

    /** The port's vports in index order (a copy). */
    public List<VPort> vports() {
        return new ArrayList<>(vports.values());
    }

    /** Whether the SM knows vports behind this port. */
    public boolean hasVPorts() {
        return !vports.isEmpty();
    }

    void putVPort(VPort vport) {
        vports.put(vport.index(), vport);
    }

    void removeVPort(VPort vport) {
        vports.remove(vport.index(), vport);
    }

    void setLidRange(LidRange lidRange) {
        this.lidRange = lidRange;
    }

    /** {@code port 0x<port guid>}. */
    @Override
    public String toString() {
        return "port " + Guid.toString(portGuid());
    }
}
