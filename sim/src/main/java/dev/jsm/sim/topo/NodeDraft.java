package dev.jsm.sim.topo;

import java.util.Arrays;

/**
 * A node as the reader has seen it so far: its header, its GUIDs (port GUIDs may still be set by port lines) and
 * which of its ports have port lines. Becomes a {@link TopoNode} once the file is read.
 *
 * <p>Confined to the reading thread.
 */
final class NodeDraft {

    final NodeKind kind;
    final String name;
    final String description;
    final long nodeGuid;
    final long systemImageGuid;
    final int numPorts;
    final long[] portGuids;
    final int vendorId;
    final int deviceId;
    /** Line of the header. */
    final int line;
    /** entryAt[port] = index of this node's port line for that port, or -1. */
    final int[] entryAt;

    NodeDraft(NodeKind kind, String name, String description, long nodeGuid, long switchPortGuid, long systemImageGuid,
              int numPorts, int vendorId, int deviceId, int line) {
        this.kind = kind;
        this.name = name;
        this.description = description;
        this.nodeGuid = nodeGuid;
        this.systemImageGuid = systemImageGuid;
        this.numPorts = numPorts;
        this.vendorId = vendorId;
        this.deviceId = deviceId;
        this.line = line;
        portGuids = new long[numPorts + 1];
        if (kind == NodeKind.SWITCH) {
            portGuids[0] = switchPortGuid;
        } else {
            for (int p = 1; p <= numPorts; p++) {
                portGuids[p] = nodeGuid + p;
            }
        }
        entryAt = new int[numPorts + 1];
        Arrays.fill(entryAt, -1);
    }

    /** GUID of {@code port} (a switch's one port GUID for every port). */
    long portGuid(int port) {
        return kind == NodeKind.SWITCH ? portGuids[0] : portGuids[port];
    }

    /** {@code "name"[port]}, the way messages name a port. */
    String describe(int port) {
        return "\"" + name + "\"[" + port + "]";
    }

    /** {@code ("name" has N ports)}, for messages about port numbers. */
    String portCount() {
        return "(\"" + name + "\" has " + numPorts + (numPorts == 1 ? " port)" : " ports)");
    }

    TopoNode toNode() {
        return new TopoNode(kind, name, nodeGuid, systemImageGuid, numPorts, portGuids, vendorId, deviceId,
                description);
    }
}
