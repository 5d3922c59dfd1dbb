package dev.jsm.sim.topo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two topologies as fabrics: nodes are matched by node GUID, and node order, names and descriptions do not
 * matter. Two files describe the same fabric when every node has the same kind, port count, port GUIDs, system image
 * GUID, vendor and device id, and every port is cabled to the same (node GUID, port) in both, e.g. an
 * {@code ibnetdiscover} dump and the {@code net} file ibsim ran it from.
 *
 * <p>Stateless; thread-safe.
 */
public final class TopologyComparison {

    private TopologyComparison() {
    }

    /** Whether {@code a} and {@code b} describe the same fabric. */
    public static boolean sameFabric(Topology a, Topology b) {
        return differences(a, b, 1).isEmpty();
    }

    /**
     * The ways {@code b} differs from {@code a}, one readable line each, at most {@code max} of them (in node order
     * of {@code a}, then nodes only in {@code b}); empty when they describe the same fabric.
     */
    public static List<String> differences(Topology a, Topology b, int max) {
        List<String> out = new ArrayList<>();
        Map<Long, Integer> inB = indexByGuid(b);
        Map<Long, Integer> inA = indexByGuid(a);
        for (int i = 0; i < a.nodeCount() && out.size() < max; i++) {
            TopoNode na = a.node(i);
            Integer j = inB.get(na.nodeGuid());
            if (j == null) {
                out.add(label(a, i) + " is only in the first");
                continue;
            }
            TopoNode nb = b.node(j);
            String nodeDiff = nodeDifference(na, nb);
            if (nodeDiff != null) {
                out.add(label(a, i) + ": " + nodeDiff);
                continue;
            }
            for (int p = 1; p <= na.numPorts() && out.size() < max; p++) {
                if (peerGuid(a, i, p) != peerGuid(b, j, p) || a.peerPort(i, p) != b.peerPort(j, p)) {
                    out.add(label(a, i) + "[" + p + "]: cabled to " + peer(a, i, p) + " in the first, to "
                            + peer(b, j, p) + " in the second");
                }
            }
        }
        for (int j = 0; j < b.nodeCount() && out.size() < max; j++) {
            if (!inA.containsKey(b.node(j).nodeGuid())) {
                out.add(label(b, j) + " is only in the second");
            }
        }
        return out;
    }

    private static String nodeDifference(TopoNode a, TopoNode b) {
        if (a.kind() != b.kind() || a.numPorts() != b.numPorts()) {
            return a.kind() + " with " + a.numPorts() + " ports in the first, " + b.kind() + " with " + b.numPorts()
                    + " ports in the second";
        }
        for (int p = 1; p <= a.numPorts(); p++) {
            if (a.portGuid(p) != b.portGuid(p)) {
                return String.format("port %d GUID 0x%016x in the first, 0x%016x in the second", p, a.portGuid(p),
                        b.portGuid(p));
            }
        }
        if (a.systemImageGuid() != b.systemImageGuid() || a.vendorId() != b.vendorId()
                || a.deviceId() != b.deviceId()) {
            return String.format("sysimgguid/vendid/devid 0x%x/0x%x/0x%x in the first, 0x%x/0x%x/0x%x in the second",
                    a.systemImageGuid(), a.vendorId(), a.deviceId(), b.systemImageGuid(), b.vendorId(),
                    b.deviceId());
        }
        return null;
    }

    /** Node GUID of the peer of (node, port), or 0 when unconnected (peerPort is then 0 too). */
    private static long peerGuid(Topology t, int node, int port) {
        int p = t.peerNode(node, port);
        return p < 0 ? 0 : t.node(p).nodeGuid();
    }

    private static String peer(Topology t, int node, int port) {
        int p = t.peerNode(node, port);
        return p < 0 ? "nothing" : label(t, p) + "[" + t.peerPort(node, port) + "]";
    }

    private static String label(Topology t, int node) {
        TopoNode n = t.node(node);
        return String.format("0x%016x (\"%s\")", n.nodeGuid(), n.name());
    }

    private static Map<Long, Integer> indexByGuid(Topology t) {
        Map<Long, Integer> m = new HashMap<>(t.nodeCount() * 2);
        for (int i = 0; i < t.nodeCount(); i++) {
            m.put(t.node(i).nodeGuid(), i);
        }
        return m;
    }
}
