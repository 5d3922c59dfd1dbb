package dev.jsm.daemon.plan;

import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.PortLink;
import dev.jsm.sim.topo.PortOptions;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.LinkView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * The fabric a snapshot describes, as a topology for the in-JVM simulator: every node with its kind, GUIDs, port
 * count, IDs and description, every link the snapshot holds, and each port's link widths and speeds as its PortInfo
 * gave them (Supported, Enabled and Active of LinkWidth, LinkSpeed, LinkSpeedExt and LinkSpeedExt2: the copy's links
 * train at the widths and speeds the real ones run at, a link below its ends' capability included, so the plan's
 * sweeps see the rates and throttled links the real fabric has). The live plan ({@code plan} on the management port)
 * runs on it so that the real fabric is never touched. Node {@code i} of the topology is node {@code i} of the
 * snapshot. Ports the snapshot does not know (not cabled, never read) get ibsim's default GUIDs, widths and speeds;
 * FDR10 (Mellanox's ExtendedPortInfo) is not copied.
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
        PortOptions.Builder links = PortOptions.builder();
        for (PortView p : snapshot.ports()) {
            PortAttributes x = p.attributes();
            if (p.portNum() > 0 && x.linkWidthSupported() != 0) {
                links.link(p.nodeIndex(), p.portNum(), new PortLink(x.linkWidthSupported(), x.linkWidthEnabled(),
                        x.linkWidthActive(), x.linkSpeedSupported(), x.linkSpeedEnabled(), x.linkSpeedActive(),
                        x.linkSpeedExtSupported(), x.linkSpeedExtEnabled(), x.linkSpeedExtActive(),
                        x.linkSpeedExtSupported2(), x.linkSpeedExtEnabled2(), x.linkSpeedExtActive2()));
            }
        }
        return b.build().withPortOptions(links.build());
    }
}
