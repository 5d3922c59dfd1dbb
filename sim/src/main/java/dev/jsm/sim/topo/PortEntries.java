package dev.jsm.sim.topo;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The port lines of a topology file ({@code [1] "peer"[2]}), kept until the whole file is read because a peer may be
 * defined after the line that names it; then turned into links.
 *
 * <p>A link may be given on one side only or on both; given twice it must agree, and a port may end up in at most one
 * link. Confined to the reading thread.
 */
final class PortEntries {

    private int size;
    private int[] node = new int[1024];
    private int[] port = new int[1024];
    private int[] peerPort = new int[1024];
    private int[] line = new int[1024];
    private long[] peerGuid = new long[1024];
    private boolean[] hasPeerGuid = new boolean[1024];
    private String[] peerName = new String[1024];

    /** Records one port line and returns its index. */
    int add(int nodeIdx, int localPort, String peer, int remotePort, boolean guidGiven, long remoteGuid, int lineNo) {
        if (size == node.length) {
            int n = size * 2;
            node = Arrays.copyOf(node, n);
            port = Arrays.copyOf(port, n);
            peerPort = Arrays.copyOf(peerPort, n);
            line = Arrays.copyOf(line, n);
            peerGuid = Arrays.copyOf(peerGuid, n);
            hasPeerGuid = Arrays.copyOf(hasPeerGuid, n);
            peerName = Arrays.copyOf(peerName, n);
        }
        node[size] = nodeIdx;
        port[size] = localPort;
        peerName[size] = peer;
        peerPort[size] = remotePort;
        hasPeerGuid[size] = guidGiven;
        peerGuid[size] = remoteGuid;
        line[size] = lineNo;
        return size++;
    }

    /** Line number of entry {@code e}. */
    int line(int e) {
        return line[e];
    }

    /**
     * Resolves every peer and builds the topology: nodes in {@code drafts} order, links in the order they are first
     * mentioned.
     */
    Topology build(String source, List<NodeDraft> drafts, Map<String, Integer> byName)
            throws TopologyParseException {
        int[] peer = resolvePeers(source, drafts, byName);
        Topology.Builder builder = Topology.builder();
        for (NodeDraft d : drafts) {
            builder.addNode(d.toNode());
        }
        int[][] oneSidedClaim = new int[drafts.size()][];
        boolean[] done = new boolean[size];
        for (int e = 0; e < size; e++) {
            if (done[e]) {
                continue;
            }
            NodeDraft me = drafts.get(node[e]);
            NodeDraft other = drafts.get(peer[e]);
            int back = other.entryAt[peerPort[e]];
            if (back >= 0) {
                if (peer[back] != node[e] || peerPort[back] != port[e]) {
                    throw new TopologyParseException(source, line[e], "expected " + other.describe(peerPort[e])
                            + " to be cabled back to " + me.describe(port[e]) + ", found it cabled to "
                            + drafts.get(peer[back]).describe(peerPort[back]) + " at line " + line[back]);
                }
                done[back] = true;
            } else {
                if (oneSidedClaim[peer[e]] == null) {
                    oneSidedClaim[peer[e]] = new int[other.numPorts + 1];
                    Arrays.fill(oneSidedClaim[peer[e]], -1);
                }
                int first = oneSidedClaim[peer[e]][peerPort[e]];
                if (first >= 0) {
                    throw new TopologyParseException(source, line[e], "expected " + other.describe(peerPort[e])
                            + " to be cabled once, found it also cabled to "
                            + drafts.get(node[first]).describe(port[first]) + " at line " + line[first]);
                }
                oneSidedClaim[peer[e]][peerPort[e]] = e;
            }
            done[e] = true;
            builder.link(node[e], port[e], peer[e], peerPort[e]);
        }
        return builder.build();
    }

    /** peer[e] = index of entry e's peer node; checks the peer exists, has the port and its port GUID matches. */
    private int[] resolvePeers(String source, List<NodeDraft> drafts, Map<String, Integer> byName)
            throws TopologyParseException {
        int[] peer = new int[size];
        for (int e = 0; e < size; e++) {
            Integer p = byName.get(peerName[e]);
            if (p == null) {
                throw new TopologyParseException(source, line[e], "expected a peer node defined in the file, found \""
                        + peerName[e] + "\" (no node has that name)");
            }
            NodeDraft other = drafts.get(p);
            if (peerPort[e] > other.numPorts) {
                throw new TopologyParseException(source, line[e], "expected a peer port 1.." + other.numPorts
                        + " " + other.portCount() + ", found " + peerPort[e]);
            }
            if (p == node[e] && peerPort[e] == port[e]) {
                throw new TopologyParseException(source, line[e], "expected a cable between two ports, found "
                        + other.describe(port[e]) + " cabled to itself");
            }
            if (hasPeerGuid[e] && peerGuid[e] != other.portGuid(peerPort[e])) {
                throw new TopologyParseException(source, line[e], String.format(
                        "expected port GUID 0x%016x (that of %s), found 0x%016x", other.portGuid(peerPort[e]),
                        other.describe(peerPort[e]), peerGuid[e]));
            }
            peer[e] = p;
        }
        return peer;
    }
}
