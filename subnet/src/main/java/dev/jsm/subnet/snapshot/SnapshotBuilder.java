package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.VPort;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies a {@link Subnet} into a {@link SubnetSnapshot}: one pass per object kind in index order; tables are
 * copied, never shared, except each switch's programmed LFT, which {@link dev.jsm.subnet.SwitchLft} hands over
 * uncopied and copies itself before it next changes.
 *
 * <p>Runs on the sweep thread.
 */
final class SnapshotBuilder {

    private SnapshotBuilder() {
    }

    /**
     * {@code base} with the state the sweep's Sets change taken anew from {@code s}: every port's attributes, health
     * and held P_Key, SL2VL, VLArb and rate limit blocks, every switch's attributes and programmed tables, and the
     * vports. Nodes, end ports, links and their lookups are shared with {@code base}. Falls back to a full copy when
     * the model's structure is no longer the one {@code base} was copied from (it changed or was re-indexed since).
     */
    static SubnetSnapshot refresh(SubnetSnapshot base, Subnet s) {
        if (!sameStructure(base, s)) {
            return build(s);
        }
        List<PortView> ports = new ArrayList<>(s.physPortCount());
        for (int i = 0; i < s.physPortCount(); i++) {
            ports.add(portView(s.physPortAt(i)));
        }
        return new SubnetSnapshot(base, ports, switchViews(s), vportViews(s));
    }

    private static boolean sameStructure(SubnetSnapshot base, Subnet s) {
        if (!s.isIndexed() || s.currentSweep() != base.sweep() || s.nodeCount() != base.nodes().size()
                || s.physPortCount() != base.ports().size() || s.endPortCount() != base.endPorts().size()
                || s.linkCount() != base.links().size() || s.switchCount() != base.switches().size()) {
            return false;
        }
        for (int i = 0; i < s.physPortCount(); i++) {
            PhysPort p = s.physPortAt(i);
            PortView v = base.ports().get(i);
            if (p.node().nodeGuid() != v.nodeGuid() || p.portNum() != v.portNum()
                    || (p.link() == null ? -1 : p.link().index()) != v.linkIndex()) {
                return false;
            }
        }
        return true;
    }

    static SubnetSnapshot build(Subnet s) {
        s.index();
        List<NodeView> nodes = new ArrayList<>(s.nodeCount());
        Map<Long, NodeView> nodesByGuid = new HashMap<>();
        int[] nodeFirstPort = new int[s.nodeCount() + 1];
        for (int i = 0; i < s.nodeCount(); i++) {
            NodeView v = nodeView(s.nodeAt(i));
            nodes.add(v);
            nodesByGuid.put(v.nodeGuid(), v);
        }
        List<PortView> ports = new ArrayList<>(s.physPortCount());
        for (int i = 0; i < s.physPortCount(); i++) {
            PortView v = portView(s.physPortAt(i));
            ports.add(v);
            nodeFirstPort[v.nodeIndex() + 1] = i + 1;
        }
        for (int i = 1; i < nodeFirstPort.length; i++) {
            nodeFirstPort[i] = Math.max(nodeFirstPort[i], nodeFirstPort[i - 1]);
        }
        List<EndPortView> endPorts = new ArrayList<>(s.endPortCount());
        Map<Long, EndPortView> endPortsByGuid = new HashMap<>();
        for (int i = 0; i < s.endPortCount(); i++) {
            EndPort e = s.endPortAt(i);
            EndPortView v = new EndPortView(i, e.physPort().index(), e.node().index(), e.node().kind(),
                    e.portGuid(), e.lidRange(), e.virtualization());
            endPorts.add(v);
            endPortsByGuid.put(v.portGuid(), v);
        }
        List<SwitchView> switches = switchViews(s);
        List<LinkView> links = new ArrayList<>(s.linkCount());
        for (int i = 0; i < s.linkCount(); i++) {
            Link l = s.linkAt(i);
            links.add(new LinkView(i, l.a().index(), l.b().index(), LinkEnds.of(l.a().node().nodeGuid(),
                    l.a().portNum(), l.b().node().nodeGuid(), l.b().portNum())));
        }
        return new SubnetSnapshot(s.currentSweep(), nodes, ports, endPorts, switches, links, vportViews(s),
                nodeFirstPort, nodesByGuid, endPortsByGuid);
    }

    /** The vports of every end port, in end-port index order, then vport index. */
    private static List<VPortView> vportViews(Subnet s) {
        List<VPortView> vports = new ArrayList<>();
        for (int i = 0; i < s.endPortCount(); i++) {
            EndPort e = s.endPortAt(i);
            for (VPort v : e.vports()) {
                vports.add(new VPortView(vports.size(), i, e.physPort().index(), e.node().index(), v.index(), v.guid(),
                        v.lid(), v.attributes(), v.vnode(), v.description(), HeldBlocks.of(v.pKeyTableIfAny()),
                        HeldBlocks.of(v.guidTableIfAny()), HeldBlocks.of(v.rateLimitTableIfAny())));
            }
        }
        return vports;
    }


    private static List<SwitchView> switchViews(Subnet s) {
        List<SwitchView> switches = new ArrayList<>(s.switchCount());
        for (int i = 0; i < s.switchCount(); i++) {
            Switch sw = s.switchAt(i);
            switches.add(new SwitchView(i, sw.node().index(), sw.nodeGuid(), sw.attributes(),
                    sw.lft().programmedForSnapshot(), sw.mft().programmedCopy()));
        }
        return switches;
    }

    private static NodeView nodeView(Node n) {
        List<Integer> path = new ArrayList<>();
        for (int p : n.drPath()) {
            path.add(p);
        }
        return new NodeView(n.index(), n.kind(), n.nodeGuid(), n.systemImageGuid(), n.description(), n.numPorts(),
                n.vendorId(), n.deviceId(), n.revision(), n.partitionCap(), n.isSwitch() ? n.asSwitch().index() : -1,
                path, n.generalCapabilities());
    }

    private static PortView portView(PhysPort p) {
        PhysPort remote = p.remote();
        return new PortView(p.index(), p.node().index(), p.node().nodeGuid(), p.portNum(), p.portGuid(),
                p.attributes(), remote == null ? -1 : remote.index(), p.link() == null ? -1 : p.link().index(),
                p.endPort() == null ? -1 : p.endPort().index(), p.isHealthy(), HeldBlocks.of(p.pKeyTableIfAny()),
                HeldBlocks.of(p.sl2VlTableIfAny()), HeldBlocks.of(p.vlArbTableIfAny()),
                HeldBlocks.of(p.rateLimitTableIfAny()));
    }
}
