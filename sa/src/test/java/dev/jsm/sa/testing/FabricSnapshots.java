package dev.jsm.sa.testing;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.TopoLink;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * The SM's model of a fabric as discovery would build it, from its topology and what its ports and switches say
 * (read from the in-JVM simulator, or over SMPs from ibsim): nodes (switches, CAs, routers), cabled ports with their
 * current PortInfo,
 * links, the LIDs the ports hold and the switches' LFTs as programmed.
 *
 * <p>Stateless.
 */
public final class FabricSnapshots {

    /** The PortInfo of port {@code port} of node {@code node}. */
    @FunctionalInterface
    public interface PortInfoSource {
        /** Reads it. */
        PortInfo portInfo(int node, int port) throws Exception;
    }

    /** The LFT entry of switch {@code node} for {@code lid}. */
    @FunctionalInterface
    public interface LftSource {
        /** Reads it. */
        int lftPort(int node, int lid);
    }

    private FabricSnapshots() {
    }

    /** A snapshot of topology {@code t} with the given port states and LFTs (read for LIDs 0..{@code maxLid}). */
    public static SubnetSnapshot of(Topology t, PortInfoSource ports, LftSource lfts, int maxLid) throws Exception {
        Subnet s = new Subnet();
        Node[] nodes = new Node[t.nodeCount()];
        for (int i = 0; i < t.nodeCount(); i++) {
            TopoNode n = t.node(i);
            boolean sw = n.kind() == dev.jsm.sim.topo.NodeKind.SWITCH;
            NodeKind kind = sw ? NodeKind.SWITCH : n.kind() == dev.jsm.sim.topo.NodeKind.ROUTER ? NodeKind.ROUTER
                    : NodeKind.CA;
            nodes[i] = s.addNode(kind, n.nodeGuid(), n.numPorts());
            nodes[i].setSystemImageGuid(n.systemImageGuid());
            nodes[i].setDescription(n.name());
            for (int p = sw ? 0 : 1; p <= n.numPorts(); p++) {
                if (sw || t.peerNode(i, p) >= 0) {
                    PhysPort port = s.addPort(nodes[i], p, n.portGuid(p));
                    port.setAttributes(attributes(ports.portInfo(i, p)));
                }
            }
        }
        for (TopoLink l : t.links()) {
            s.connect(nodes[l.nodeA()].port(l.portA()), nodes[l.nodeB()].port(l.portB()));
        }
        for (int i = 0; i < t.nodeCount(); i++) {
            Node n = nodes[i];
            for (PhysPort port : n.ports()) {
                int lid = port.attributes().lid();
                if (port.endPort() != null && lid != 0) {
                    s.assignLids(port.endPort(), LidRange.of(lid, port.attributes().lmc()));
                }
            }
            if (n.isSwitch()) {
                byte[] lft = new byte[maxLid + 1];
                for (int lid = 0; lid <= maxLid; lid++) {
                    lft[lid] = (byte) lfts.lftPort(i, lid);
                }
                n.asSwitch().lft().setWanted(lft);
                for (int block = 0; block <= maxLid / 64; block++) {
                    n.asSwitch().lft().markProgrammed(block);
                }
            }
        }
        s.index();
        return SubnetSnapshot.of(s);
    }

    private static PortAttributes attributes(PortInfo p) {
        return new PortAttributes(p.mKey(), p.gidPrefix(), p.lid(), p.masterSmLid(), p.capabilityMask(),
                p.mKeyLeasePeriod(), p.linkWidthEnabled(), p.linkWidthSupported(), p.linkWidthActive(),
                p.linkSpeedSupported(), p.portState(), p.portPhysicalState(), p.mKeyProtectBits(), p.lmc(),
                p.linkSpeedActive(), p.linkSpeedEnabled(), p.neighborMtu(), p.masterSmSl(), p.vlCap(),
                p.vlHighLimit(), p.vlArbitrationHighCap(), p.vlArbitrationLowCap(), p.mtuCap(), p.vlStallCount(),
                p.hoqLife(), p.operationalVls(), p.partitionEnforcementInbound(), p.partitionEnforcementOutbound(),
                p.filterRawInbound(), p.filterRawOutbound(), p.guidCap(), p.subnetTimeout(), p.localPhyErrors(),
                p.overrunErrors(), p.capabilityMask2(), p.linkSpeedExtActive(), p.linkSpeedExtSupported(),
                p.linkSpeedExtEnabled(), p.localPortNum(), p.linkDownDefaultState(), p.respTimeValue(),
                p.linkSpeedExtActive2(), p.linkSpeedExtSupported2(), p.linkSpeedExtEnabled2());
    }
}
