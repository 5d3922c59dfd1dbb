package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.Subnet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * An immutable copy of the fabric model, published at the end of each sweep for readers on other threads (SA,
 * console, metrics, dumps): nodes, physical ports (with the P_Key, SL2VL and VLArb blocks they were known to hold),
 * end ports, switches with their programmed tables, links and virtual ports, in dense index order, with lookups by
 * GUID and LID. Nothing in it shares a mutable object or array with the {@link Subnet} it was copied from.
 *
 * <p>Virtual ports (docs/virtualization.md) are listed apart ({@link #vports()}); where a reader needs them as
 * addressable ports (the SA's records and paths) {@link #asEndPort} shows one as an end port: its physical port's
 * indices with its own GUID and LID. {@link #endPortByLid} does so for a vport's own LID.
 *
 * <p>The LID view {@link #lidMap()} and the link set the diffs use are built on first use and then kept.
 *
 * <p>Immutable; safe to share. Counterpart of ONOS's {@code DefaultTopology}; OpenSM instead locks its live
 * subnet for readers.
 */
public final class SubnetSnapshot {

    private static final SubnetSnapshot EMPTY = of(new Subnet());

    private final int sweep;
    private final List<NodeView> nodes;
    private final List<PortView> ports;
    private final List<EndPortView> endPorts;
    private final List<SwitchView> switches;
    private final List<LinkView> links;
    private final List<VPortView> vports;
    private final int[] nodeFirstPort;
    private final int[] endPortFirstVPort;
    private final Map<Long, NodeView> nodesByGuid;
    private final GuidIndex endPortsByGuid;
    private final Map<Long, VPortView> vportsByGuid;
    /** What other modules derive from this snapshot alone and keep with it ({@link #derived}). */
    private final ConcurrentHashMap<Class<?>, Object> derived = new ConcurrentHashMap<>(4);
    private final Memo<LidMap> lidMap = new Memo<>(() -> LidMap.of(this));
    private final Memo<Set<LinkEnds>> linkEnds = new Memo<>(() -> {
        Set<LinkEnds> set = new HashSet<>(2 * links().size() + 1);
        for (LinkView l : links()) {
            set.add(l.ends());
        }
        return Collections.unmodifiableSet(set);
    });

    SubnetSnapshot(int sweep, List<NodeView> nodes, List<PortView> ports, List<EndPortView> endPorts,
                   List<SwitchView> switches, List<LinkView> links, List<VPortView> vports, int[] nodeFirstPort,
                   Map<Long, NodeView> nodesByGuid, Map<Long, EndPortView> endPortsByGuid) {
        this.sweep = sweep;
        this.nodes = List.copyOf(nodes);
        this.ports = List.copyOf(ports);
        this.endPorts = List.copyOf(endPorts);
        this.switches = List.copyOf(switches);
        this.links = List.copyOf(links);
        this.vports = List.copyOf(vports);
        this.nodeFirstPort = nodeFirstPort.clone();
        this.endPortFirstVPort = firstVPorts(this.endPorts.size(), this.vports);
        this.nodesByGuid = Map.copyOf(nodesByGuid);
        long[] guids = new long[endPortsByGuid.size()];
        int[] indices = new int[guids.length];
        int i = 0;
        for (Map.Entry<Long, EndPortView> e : endPortsByGuid.entrySet()) {
            guids[i] = e.getKey();
            indices[i++] = e.getValue().index();
        }
        this.endPortsByGuid = new GuidIndex(guids, indices);
        this.vportsByGuid = byGuid(this.vports);
    }

    /**
     * {@code base} with other ports, switches and vports (same indices for the ports and switches): the rest and the
     * lookups are shared.
     */
    SubnetSnapshot(SubnetSnapshot base, List<PortView> ports, List<SwitchView> switches, List<VPortView> vports) {
        this.sweep = base.sweep;
        this.nodes = base.nodes;
        this.ports = List.copyOf(ports);
        this.endPorts = base.endPorts;
        this.switches = List.copyOf(switches);
        this.links = base.links;
        this.vports = List.copyOf(vports);
        this.nodeFirstPort = base.nodeFirstPort;
        this.endPortFirstVPort = firstVPorts(endPorts.size(), this.vports);
        this.nodesByGuid = base.nodesByGuid;
        this.endPortsByGuid = base.endPortsByGuid;
        this.vportsByGuid = byGuid(this.vports);
    }

    /** Per end port, the index of its first vport in {@code vports} (which is in end-port order); E + 1 entries. */
    private static int[] firstVPorts(int endPorts, List<VPortView> vports) {
        int[] first = new int[endPorts + 1];
        for (VPortView v : vports) {
            first[v.endPortIndex() + 1] = v.index() + 1;
        }
        for (int i = 1; i < first.length; i++) {
            first[i] = Math.max(first[i], first[i - 1]);
        }
        return first;
    }

    private static Map<Long, VPortView> byGuid(List<VPortView> vports) {
        if (vports.isEmpty()) {
            return Map.of();
        }
        Map<Long, VPortView> m = new HashMap<>();
        for (VPortView v : vports) {
            if (v.vportIndex() != 0) {
                m.put(v.guid(), v);
            }
        }
        return Map.copyOf(m);
    }

    /**
     * Copies the model; indexes it first if the indices are stale. Runs on the sweep thread (the model's owner);
     * the result may then be handed to any thread.
     */
    public static SubnetSnapshot of(Subnet subnet) {
        return SnapshotBuilder.build(subnet);
    }

    /**
     * This snapshot with what a sweep's Sets change since it was taken copied anew from {@code subnet}, the model it
     * was taken from: the ports' attributes (states, LIDs, MTUs, ...), health and held P_Key, SL2VL, VLArb and rate
     * limit blocks, the switches' attributes and programmed LFTs and MFTs, and the vports. The nodes, end ports and
     * links are shared, not copied again: a sweep copies its fabric once, when the LIDs are final, and refreshes that
     * copy at SUBNET UP. If the model's structure changed since (nodes, ports or links added or removed), the whole
     * model is copied. Runs on the sweep thread.
     */
    public SubnetSnapshot refreshed(Subnet subnet) {
        return SnapshotBuilder.refresh(this, subnet);
    }

    /** A snapshot of an empty fabric, for readers before the first sweep completes. */
    public static SubnetSnapshot empty() {
        return EMPTY;
    }

    /** The sweep number of the model when copied ({@link Subnet#currentSweep()}). */
    public int sweep() {
        return sweep;
    }

    /** Nodes in index (node-GUID) order. */
    public List<NodeView> nodes() {
        return nodes;
    }

    /** Physical ports in index order. */
    public List<PortView> ports() {
        return ports;
    }

    /** End ports in index order. */
    public List<EndPortView> endPorts() {
        return endPorts;
    }

    /** Switches in index (node-GUID) order. */
    public List<SwitchView> switches() {
        return switches;
    }

    /** Links in index order. */
    public List<LinkView> links() {
        return links;
    }

    /** The node with GUID {@code nodeGuid}, or {@code null}. */
    public NodeView node(long nodeGuid) {
        return nodesByGuid.get(nodeGuid);
    }

    /** The end port with GUID {@code portGuid}, or {@code null}. */
    public EndPortView endPort(long portGuid) {
        int i = endPortsByGuid.indexOf(portGuid);
        return i < 0 ? null : endPorts.get(i);
    }

    /**
     * The end port whose LID range holds {@code lid}, or {@code null}; for a vport's own LID, the vport as an end
     * port ({@link #asEndPort}).
     */
    public EndPortView endPortByLid(int lid) {
        VPortView v = lidMap().vport(lid);
        return v != null ? asEndPort(v) : lidMap().endPort(lid);
    }

    /** The virtual ports, in end-port index order, then vport index. */
    public List<VPortView> vports() {
        return vports;
    }

    /** The vport with GUID {@code guid}, or {@code null} (a vport 0 has its end port's GUID and is not found here). */
    public VPortView vport(long guid) {
        return vportsByGuid.get(guid);
    }

    /** The vports behind {@code endPort}, in vport index order. */
    public List<VPortView> vportsOf(EndPortView endPort) {
        return vports.subList(endPortFirstVPort[endPort.index()], endPortFirstVPort[endPort.index() + 1]);
    }

    /**
     * {@code vport} seen as an end port, for readers that address ports by GUID and LID (the SA): the indices of its
     * physical end port, its own GUID, and its own LID or else its physical port's LID range.
     */
    public EndPortView asEndPort(VPortView vport) {
        EndPortView physical = endPorts.get(vport.endPortIndex());
        return new EndPortView(physical.index(), physical.portIndex(), physical.nodeIndex(), NodeKind.CA, vport.guid(),
                vport.hasLid() ? LidRange.single(vport.lid()) : physical.lidRange(), null);
    }

    /**
     * The end port with GUID {@code guid}, else the vport with that GUID as an end port ({@link #asEndPort}), else
     * {@code null}: what a GID's interface ID names.
     */
    public EndPortView endPortOrVPort(long guid) {
        EndPortView ep = endPort(guid);
        if (ep != null) {
            return ep;
        }
        VPortView v = vportsByGuid.get(guid);
        return v == null ? null : asEndPort(v);
    }

    /** Port {@code portNum} of the node with index {@code nodeIndex}, or {@code null} if it was not discovered. */
    public PortView port(int nodeIndex, int portNum) {
        for (int i = nodeFirstPort[nodeIndex]; i < nodeFirstPort[nodeIndex + 1]; i++) {
            if (ports.get(i).portNum() == portNum) {
                return ports.get(i);
            }
        }
        return null;
    }

    /** The discovered ports of {@code node}, in port-number order. */
    public List<PortView> portsOf(NodeView node) {
        return ports.subList(nodeFirstPort[node.index()], nodeFirstPort[node.index() + 1]);
    }

    /** The node {@code port} belongs to. */
    public NodeView nodeOf(PortView port) {
        return nodes.get(port.nodeIndex());
    }

    /** The physical port behind {@code endPort}. */
    public PortView portOf(EndPortView endPort) {
        return ports.get(endPort.portIndex());
    }

    /** The remote peer of {@code port}, or {@code null} if it is not cabled. */
    public PortView peer(PortView port) {
        return port.peerIndex() < 0 ? null : ports.get(port.peerIndex());
    }

    /** The switch part of {@code node}, or {@code null} for CAs and routers. */
    public SwitchView switchOf(NodeView node) {
        return node.switchIndex() < 0 ? null : switches.get(node.switchIndex());
    }

    /**
     * A value derived from this snapshot alone, built by {@code build} at the first call with {@code key} and kept
     * with the snapshot: another module's index of it (the SA's path graph), which then lives and dies with the
     * snapshot it describes. Thread-safe; {@code build} runs at most once per key and must not call this method.
     */
    public <T> T derived(Class<T> key, Function<SubnetSnapshot, ? extends T> build) {
        Object value = derived.get(key);
        if (value == null) {
            value = derived.computeIfAbsent(key, k -> build.apply(this));
        }
        return key.cast(value);
    }

    /** LID lookups for routing and the SA (built on first use). */
    public LidMap lidMap() {
        return lidMap.get();
    }

    /**
     * The ends of every link, for {@link SubnetDiff} (built on first use: a sweep compares its snapshot with the
     * previous one more than once).
     */
    Set<LinkEnds> linkEnds() {
        return linkEnds.get();
    }

    /** {@code SubnetSnapshot[sweep 3: 8 nodes, 4 switches, 12 links]}. */
    @Override
    public String toString() {
        return "SubnetSnapshot[sweep " + sweep + ": " + nodes.size() + " nodes, " + switches.size() + " switches, "
                + links.size() + " links" + (vports.isEmpty() ? "" : ", " + vports.size() + " vports") + "]";
    }
}
