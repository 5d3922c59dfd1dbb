package dev.jsm.sim.contract;

import dev.jsm.mad.codec.DrPath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the contract's crawl learned about the fabric: the nodes in discovery order, the directed route to each of
 * their ports, the cabling and the latest attribute images, which the later Sets start from (as an SM builds a Set
 * from the last Get). Everything here comes from answers of the fabric under test, so a difference between the two
 * simulators changes what follows, and the line comparison shows it.
 *
 * <p>Confined to the script's thread.
 */
final class CrawledFabric {

    /** One node as discovered. */
    static final class Node {
        final int index;
        final long guid;
        final boolean isSwitch;
        final int numPorts;
        /** Route that reaches each port: every entry of a switch; the ports a CA was reached through. */
        final DrPath[] portPath;
        final int[] peerNode;
        final int[] peerPort;
        /** Latest PortInfo payload of each port, switch port 0 included (null until read; unused for CA port 0). */
        final byte[][] portInfo;
        /** Base LID given to each end port (switch: index 0), 0 if none. */
        final int[] lid;
        /** LMC given to each end port. */
        final int[] lmc;
        byte[] switchInfo;

        Node(int index, long guid, boolean isSwitch, int numPorts) {
            this.index = index;
            this.guid = guid;
            this.isSwitch = isSwitch;
            this.numPorts = numPorts;
            portPath = new DrPath[numPorts + 1];
            peerNode = new int[numPorts + 1];
            peerPort = new int[numPorts + 1];
            portInfo = new byte[numPorts + 1][];
            lid = new int[numPorts + 1];
            lmc = new int[numPorts + 1];
            Arrays.fill(peerNode, -1);
        }

        /** The route to this node (the first one found). */
        DrPath path() {
            for (DrPath p : portPath) {
                if (p != null) {
                    return p;
                }
            }
            throw new IllegalStateException("node " + index + " has no route");
        }

        /** Whether port {@code p} has a known cable to a known node. */
        boolean cabled(int p) {
            return peerNode[p] >= 0;
        }
    }

    final int localPort;
    final List<Node> nodes = new ArrayList<>();
    private final Map<Long, Node> byGuid = new HashMap<>();

    CrawledFabric(int localPort) {
        this.localPort = localPort;
    }

    /** The node whose NodeGUID is {@code guid}, or null. */
    Node byGuid(long guid) {
        return byGuid.get(guid);
    }

    /** Adds a node reached at {@code arrivalPort} by {@code path}. */
    Node add(long guid, boolean isSwitch, int numPorts, DrPath path, int arrivalPort) {
        Node n = new Node(nodes.size(), guid, isSwitch, numPorts);
        if (isSwitch) {
            Arrays.fill(n.portPath, path);
        } else {
            n.portPath[arrivalPort] = path;
        }
        nodes.add(n);
        byGuid.put(guid, n);
        return n;
    }

    /** Records the cable between port {@code pa} of {@code a} and port {@code pb} of {@code b}. */
    void link(Node a, int pa, Node b, int pb) {
        a.peerNode[pa] = b.index;
        a.peerPort[pa] = pb;
        b.peerNode[pb] = a.index;
        b.peerPort[pb] = pa;
    }

    /** The local node (the SM's CA). */
    Node local() {
        return nodes.get(0);
    }

    /** The switches in discovery order. */
    List<Node> switches() {
        return nodes.stream().filter(n -> n.isSwitch).toList();
    }

    /** The CAs in discovery order, the local one first. */
    List<Node> cas() {
        return nodes.stream().filter(n -> !n.isSwitch).toList();
    }
}
