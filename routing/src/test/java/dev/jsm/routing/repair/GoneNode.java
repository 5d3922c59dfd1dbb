package dev.jsm.routing.repair;

import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.util.function.IntSupplier;

/**
 * A node taken out of a test's model with what it takes to put it back: its identity, its ports' GUIDs and LIDs, and
 * where each port was cabled.
 */
record GoneNode(NodeKind kind, long guid, int numPorts, long systemImageGuid, String description, long[] portGuid,
                LidRange[] lids, long[] peerGuid, int[] peerPort) {

    /** Removes {@code n} from {@code subnet} and remembers it. */
    static GoneNode remove(Subnet subnet, Node n) {
        int ports = n.numPorts() + 1;
        long[] portGuid = new long[ports];
        LidRange[] lids = new LidRange[ports];
        long[] peerGuid = new long[ports];
        int[] peerPort = new int[ports];
        for (int p = 0; p < ports; p++) {
            PhysPort port = n.port(p);
            if (port == null) {
                continue;
            }
            portGuid[p] = port.portGuid();
            EndPort e = port.endPort();
            lids[p] = e != null && e.hasLids() ? e.lidRange() : null;
            if (port.remote() != null) {
                peerGuid[p] = port.remote().node().nodeGuid();
                peerPort[p] = port.remote().portNum();
            }
        }
        GoneNode gone = new GoneNode(n.kind(), n.nodeGuid(), n.numPorts(), n.systemImageGuid(), n.description(),
                portGuid, lids, peerGuid, peerPort);
        subnet.removeNode(n);
        return gone;
    }

    /** Puts the node back: its ports, the cables whose other end is free, its LIDs (else {@code freshLid}'s). */
    Node restore(Subnet subnet, IntSupplier freshLid) {
        Node n = subnet.addNode(kind, guid, numPorts);
        n.setSystemImageGuid(systemImageGuid);
        n.setDescription(description);
        for (int p = 0; p <= numPorts; p++) {
            if (p == 0 && kind != NodeKind.SWITCH || portGuid[p] == 0 && (p == 0 || kind != NodeKind.SWITCH)) {
                continue;
            }
            PhysPort port = subnet.addPort(n, p, portGuid[p]);
            Node peer = peerGuid[p] == 0 ? null : subnet.node(peerGuid[p]);
            PhysPort remote = peer == null ? null : peer.port(peerPort[p]);
            if (remote != null && remote.link() == null) {
                subnet.connect(port, remote);
            }
            if (lids[p] != null) {
                subnet.assignLids(port.endPort(), free(subnet, lids[p]) ? lids[p]
                        : LidRange.of(freshLid.getAsInt(), lids[p].lmc()));
            }
        }
        return n;
    }

    /** Puts the node back where it was; its LIDs must be free. */
    Node restore(Subnet subnet) {
        return restore(subnet, () -> {
            throw new IllegalStateException("the LIDs of " + description + " were taken");
        });
    }

    private static boolean free(Subnet subnet, LidRange r) {
        for (int lid = r.base(); lid < r.base() + r.count(); lid++) {
            if (subnet.endPortByLid(lid) != null) {
                return false;
            }
        }
        return true;
    }
}
