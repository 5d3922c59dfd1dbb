package dev.jsm.daemon.plan;

import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.LinkView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * The fabric a snapshot describes, as a topology for the in-JVM simulator: every node with its kind, GUIDs, port
 * count, IDs and description, and every link the snapshot holds. The live plan ({@code plan} on the management port)
 * runs on it so that the real fabric is never touched. Node {@code i} of the topology is node {@code i} of the
 * snapshot. Ports the snapshot does not know (not cabled, never read) get ibsim's default GUIDs.
 *
 * <p>Stateless; thread-safe.
 */
public final class FabricCopy {

    private FabricCopy() {
    }

    /** The topology of {@code snapshot}. */
    public static Topology of(SubnetSnapshot snapshot) {
        Topology.Builder b = Topology.builder();
        for (NodeView n : snapshot.nodes()) {
            NodeKind kind = NodeKind.valueOf(n.kind().name());
            long[] guids = new long[n.numPorts() + 1];
            if (kind == NodeKind.SWITCH) {
                guids[0] = n.nodeGuid();
            } else {
                for (int p = 1; p <= n.numPorts(); p++) {
                    guids[p] = n.nodeGuid() + p;
                }
            }
            for (PortView p : snapshot.portsOf(n)) {
                if (p.portGuid() != 0 && (kind == NodeKind.SWITCH ? p.portNum() == 0 : p.portNum() > 0)) {
                    guids[p.portNum()] = p.portGuid();
                }
            }
            b.addNode(new TopoNode(kind, "n" + Guid.toString(n.nodeGuid()), n.nodeGuid(), n.systemImageGuid(),
                    n.numPorts(), guids, n.vendorId(), n.deviceId(), n.description()));
        }
        for (LinkView l : snapshot.links()) {
            PortView a = snapshot.ports().get(l.portIndexA());
            PortView z = snapshot.ports().get(l.portIndexB());
            b.link(a.nodeIndex(), a.portNum(), z.nodeIndex(), z.portNum());
        }
        return b.build();
    }
}
