package dev.jsm.sim.topo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A fabric as cabled: nodes and the links between their ports, the virtual ports of the CAs that have some
 * ({@link VPortSpec}), and the width, speed and alias GUIDs of the ports that have them ({@link PortOptions}).
 * Topology files are read into it, generators build it, the simulator is instantiated from it and it can be written
 * back out in ibsim's {@code net} format.
 *
 * <p>This is the simulator's own description of the world; it shares nothing with the SM's model, so a modelling
 * bug cannot hide in both.
 *
 * <p>Immutable; safe to share. Build with {@link #builder()}.
 */
public final class Topology {

    /** The most unicast LIDs a switch's LFT can hold: 0x0000-0xBFFF (docs/scale.md). */
    public static final int MAX_LINEAR_FDB_CAP = 49152;
    /** ibsim 0.10's LinearFDBCap, kept for switches of 36 ports or fewer so the two simulators agree. */
    public static final int IBSIM_LINEAR_FDB_CAP = 30720;
    /** Switches with more ports than this are today's HDR/NDR parts, whose LFTs hold the whole unicast LID space. */
    private static final int IBSIM_RADIX = 36;

    private final List<TopoNode> nodes;
    private final List<TopoLink> links;
    /** peer[node][port] = peer node index, or -1; parallel array peerPort. */
    private final int[][] peerNode;
    private final int[][] peerPort;
    /** vports[node]: the CA's virtual ports, or null. */
    private final VPortSpec[] vports;
    /** LinearFDBCap of every switch, or 0: by the switch's radix ({@link #linearFdbCap(int)}). */
    private final int linearFdbCap;
    private final PortOptions portOptions;

    private Topology(List<TopoNode> nodes, List<TopoLink> links, VPortSpec[] vports, PortOptions portOptions,
                     int linearFdbCap) {
        this.nodes = Collections.unmodifiableList(new ArrayList<>(nodes));
        this.links = Collections.unmodifiableList(new ArrayList<>(links));
        this.vports = vports.clone();
        this.portOptions = portOptions;
        if (linearFdbCap < 0 || linearFdbCap > MAX_LINEAR_FDB_CAP || linearFdbCap % 64 != 0) {
            throw new IllegalArgumentException("LinearFDBCap " + linearFdbCap + ": expected a multiple of 64 (an "
                    + "LFT block) from 64 to " + MAX_LINEAR_FDB_CAP);
        }
        this.linearFdbCap = linearFdbCap;
        checkVPorts();
        checkPortOptions();
        peerNode = new int[nodes.size()][];
        peerPort = new int[nodes.size()][];
        for (int i = 0; i < nodes.size(); i++) {
            int n = nodes.get(i).numPorts() + 1;
            peerNode[i] = new int[n];
            peerPort[i] = new int[n];
            Arrays.fill(peerNode[i], -1);
        }
        for (TopoLink l : links) {
            peerNode[l.nodeA()][l.portA()] = l.nodeB();
            peerPort[l.nodeA()][l.portA()] = l.portB();
            peerNode[l.nodeB()][l.portB()] = l.nodeA();
            peerPort[l.nodeB()][l.portB()] = l.portA();
        }
    }

    /** A new, empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Nodes in index order. */
    public List<TopoNode> nodes() {
        return nodes;
    }

    /** Links in canonical form, in the order they were added. */
    public List<TopoLink> links() {
        return links;
    }

    /** The node at {@code index}. */
    public TopoNode node(int index) {
        return nodes.get(index);
    }

    /** Number of nodes. */
    public int nodeCount() {
        return nodes.size();
    }

    /** Index of the node cabled to {@code port} of {@code node}, or -1 if the port is unconnected. */
    public int peerNode(int node, int port) {
        return peerNode[node][port];
    }

    /** Port number at the far end of {@code port} of {@code node} (meaningful only if {@link #peerNode} >= 0). */
    public int peerPort(int node, int port) {
        return peerPort[node][port];
    }

    /** The virtual ports of every port of CA {@code node}, if it supports virtualization. */
    public Optional<VPortSpec> vports(int node) {
        return Optional.ofNullable(vports[node]);
    }

    /** Whether any CA supports virtualization. */
    public boolean hasVPorts() {
        for (VPortSpec v : vports) {
            if (v != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * This fabric with {@code spec} (null: none) on every CA.
     *
     * @throws IllegalArgumentException if a vport or vnode GUID would equal a node or port GUID or another one
     */
    public Topology withVPorts(VPortSpec spec) {
        VPortSpec[] v = new VPortSpec[nodes.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = nodes.get(i).kind() == NodeKind.CA ? spec : null;
        }
        return new Topology(nodes, links, v, portOptions, linearFdbCap);
    }

    /**
     * This fabric with {@code spec} (null: none) on CA {@code node} and the other nodes as they are.
     *
     * @throws IllegalArgumentException if the node is not a CA, or a vport GUID would collide
     */
    public Topology withVPorts(int node, VPortSpec spec) {
        if (spec != null && nodes.get(node).kind() != NodeKind.CA) {
            throw new IllegalArgumentException(nodes.get(node) + ": only CAs have virtual ports");
        }
        VPortSpec[] v = vports.clone();
        v[node] = spec;
        return new Topology(nodes, links, v, portOptions, linearFdbCap);
    }

    /**
     * The LinearFDBCap switch {@code node} reports: the fabric's own when one was given
     * ({@link #withLinearFdbCap}), else by its radix - ibsim's 30720 up to 36 ports, 49152 above.
     */
    public int linearFdbCap(int node) {
        if (linearFdbCap > 0) {
            return linearFdbCap;
        }
        return nodes.get(node).numPorts() > IBSIM_RADIX ? MAX_LINEAR_FDB_CAP : IBSIM_LINEAR_FDB_CAP;
    }

    /**
     * This fabric with every switch reporting LinearFDBCap {@code cap} (0: by radix).
     *
     * @throws IllegalArgumentException if {@code cap} is not a multiple of 64 within 64..49152 (or 0)
     */
    public Topology withLinearFdbCap(int cap) {
        return new Topology(nodes, links, vports, portOptions, cap);
    }

    /** The width, speed and alias GUIDs of the ports that have them. */
    public PortOptions portOptions() {
        return portOptions;
    }

    /**
     * This fabric with {@code options} on its ports (replacing any it had).
     *
     * @throws IllegalArgumentException if an option names a port that does not exist, or an alias GUID equals a GUID
     *     of the fabric or another alias GUID
     */
    public Topology withPortOptions(PortOptions options) {
        return new Topology(nodes, links, vports, options, linearFdbCap);
    }

    /** Number of switches. */
    public int switchCount() {
        int n = 0;
        for (TopoNode t : nodes) {
            if (t.kind() == NodeKind.SWITCH) {
                n++;
            }
        }
        return n;
    }

    /** Index of the node with this name, or -1. */
    public int indexOfName(String name) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the node with this node GUID, or -1. */
    public int indexOfGuid(long nodeGuid) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).nodeGuid() == nodeGuid) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Two topologies are equal when they have equal nodes in the same order and the same cabling, whatever order
     * the links were added in (so a topology written and read back equals the original).
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Topology t) || !nodes.equals(t.nodes) || links.size() != t.links.size()
                || !Arrays.equals(vports, t.vports) || !portOptions.equals(t.portOptions)
                || linearFdbCap != t.linearFdbCap) {
            return false;
        }
        for (int i = 0; i < peerNode.length; i++) {
            if (!Arrays.equals(peerNode[i], t.peerNode[i]) || !Arrays.equals(peerPort[i], t.peerPort[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Refuses vport and vnode GUIDs that equal a node or port GUID of the fabric, or that two different ports would
     * both derive.
     */
    private void checkVPorts() {
        if (vports.length != nodes.size()) {
            throw new IllegalArgumentException("vport specs for " + vports.length + " nodes, fabric has "
                    + nodes.size());
        }
        if (!hasVPorts()) {
            return;
        }
        Set<Long> taken = new HashSet<>();
        for (TopoNode n : nodes) {
            taken.add(n.nodeGuid());
            for (long g : n.portGuids()) {
                taken.add(g);
            }
        }
        Map<Long, Long> derivedFrom = new HashMap<>();
        for (int i = 0; i < vports.length; i++) {
            VPortSpec v = vports[i];
            if (v == null) {
                continue;
            }
            TopoNode n = nodes.get(i);
            for (int p = 1; p <= n.numPorts(); p++) {
                long port = n.portGuid(p);
                for (int x = 1; x <= v.vports(); x++) {
                    for (long g : new long[] {VPortSpec.vportGuid(port, x), VPortSpec.vnodeGuid(port, x)}) {
                        Long from = derivedFrom.putIfAbsent(g, port);
                        if (taken.contains(g) || (from != null && from != port)) {
                            throw new IllegalArgumentException(String.format("%s port %d: virtual GUID 0x%016x of"
                                    + " vport %d is already a GUID of the fabric", n, p, g, x));
                        }
                    }
                }
            }
        }
    }

    /** Refuses options on ports that do not exist and alias GUIDs that are taken. */
    private void checkPortOptions() {
        Set<Long> taken = new HashSet<>();
        if (portOptions.hasAliasGuids()) {
            for (TopoNode n : nodes) {
                taken.add(n.nodeGuid());
                for (long g : n.portGuids()) {
                    taken.add(g);
                }
            }
        }
        for (long key : portOptions.keys()) {
            int node = (int) (key >>> 8);
            int port = (int) (key & 0xFF);
            if (node >= nodes.size() || port < 1 || port > nodes.get(node).numPorts()) {
                throw new IllegalArgumentException("port options for node " + node + " port " + port
                        + ", which the fabric does not have");
            }
            for (long g : portOptions.port(node, port).aliasGuids()) {
                if (g == 0 || !taken.add(g)) {
                    throw new IllegalArgumentException(String.format("%s port %d: alias GUID 0x%016x is zero or"
                            + " already a GUID of the fabric", nodes.get(node), port, g));
                }
            }
        }
    }

    @Override
    public int hashCode() {
        return nodes.hashCode() * 31 + links.size();
    }

    @Override
    public String toString() {
        return "Topology[" + TopologyStats.of(this) + "]";
    }

    /**
     * Accumulates nodes and links; checks that no port is cabled twice and that ports exist.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private final List<TopoNode> nodes = new ArrayList<>();
        private final List<TopoLink> links = new ArrayList<>();
        /** portLink.get(node)[port] = index in links of the cable on that port, or -1 (primitive: no boxing). */
        private final List<int[]> portLink = new ArrayList<>();

        private Builder() {
        }

        /** Adds a node and returns its index. */
        public int addNode(TopoNode node) {
            nodes.add(node);
            int[] cables = new int[node.numPorts() + 1];
            Arrays.fill(cables, -1);
            portLink.add(cables);
            return nodes.size() - 1;
        }

        /** Number of nodes added so far. */
        public int nodeCount() {
            return nodes.size();
        }

        /**
         * Cables {@code portA} of {@code nodeA} to {@code portB} of {@code nodeB}.
         *
         * @throws IllegalArgumentException if a port does not exist or is already cabled to another port
         */
        public Builder link(int nodeA, int portA, int nodeB, int portB) {
            checkPort(nodeA, portA);
            checkPort(nodeB, portB);
            TopoLink l = TopoLink.of(nodeA, portA, nodeB, portB);
            int existing = portLink.get(nodeA)[portA];
            if (existing >= 0) {
                if (links.get(existing).equals(l)) {
                    return this;
                }
                throw new IllegalArgumentException(describe(nodeA, portA) + " is already cabled");
            }
            if (portLink.get(nodeB)[portB] >= 0) {
                throw new IllegalArgumentException(describe(nodeB, portB) + " is already cabled");
            }
            links.add(l);
            portLink.get(nodeA)[portA] = links.size() - 1;
            portLink.get(nodeB)[portB] = links.size() - 1;
            return this;
        }

        /** The immutable topology, without virtual ports. */
        public Topology build() {
            return new Topology(nodes, links, new VPortSpec[nodes.size()], PortOptions.NONE, 0);
        }

        private void checkPort(int node, int port) {
            if (node < 0 || node >= nodes.size()) {
                throw new IllegalArgumentException("no node " + node);
            }
            if (port < 1 || port > nodes.get(node).numPorts()) {
                throw new IllegalArgumentException(describe(node, port) + ": no such port (node has "
                        + nodes.get(node).numPorts() + ")");
            }
        }

        private String describe(int node, int port) {
            return "\"" + nodes.get(node).name() + "\"[" + port + "]";
        }

    }
}
