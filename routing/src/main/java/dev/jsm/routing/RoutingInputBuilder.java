package dev.jsm.routing;

import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fills the arrays of a {@link RoutingInput} from a snapshot: one pass over the switches and their ports for the
 * port table and the CSR links, one pass over the end ports for the LID tables, and one over the vports, whose own
 * LIDs become extra LIDs of the end port they are behind ({@link RoutingInput#extraLids()}; a vport of an end port
 * without LIDs is left out, as its end port is).
 *
 * <p>Confined to the calling thread.
 *
 * <p>In detail: docs/design/routing.md#routinginputbuilder.
 */
final class RoutingInputBuilder {

    private final SubnetSnapshot snapshot;
    final int lmc;
    long[] switchGuid;
    long[] switchSystemImageGuid;
    int[] switchNumPorts;
    int[] switchLid;
    int[] portStart;
    int[] portEdge;
    byte[] portOperationalVls;
    int[] linkStart;
    int[] peerSwitch;
    byte[] localPort;
    byte[] peerPort;
    int maxLid;
    int[] lidOwnerSwitch;
    byte[] lidOwnerPort;
    int[] lidEndPort;
    int[] endPortBaseLid;
    int[] endPortLidCount;
    long[] endPortGuid;
    long[] endPortNodeGuid;
    String[] endPortNodeDescription;
    long[] endPortSystemImageGuid;
    boolean[] endPortIsSwitch;
    int[] endPortSwitch;
    int dataVls;
    boolean[] edgeThrottled;

    RoutingInputBuilder(SubnetSnapshot snapshot, int lmc) {
        this.snapshot = snapshot;
        this.lmc = lmc;
    }

    /** A builder whose arrays the caller fills itself ({@link RoutingPart} cuts them from a whole input). */
    RoutingInputBuilder(int lmc) {
        this(null, lmc);
    }

    RoutingInput build() {
        buildSwitches();
        buildLids();
        return new RoutingInput(this);
    }

    private void buildSwitches() {
        List<SwitchView> switches = snapshot.switches();
        int s = switches.size();
        switchGuid = new long[s];
        switchSystemImageGuid = new long[s];
        switchNumPorts = new int[s];
        switchLid = new int[s];
        portStart = new int[s + 1];
        for (int i = 0; i < s; i++) {
            NodeView node = snapshot.nodes().get(switches.get(i).nodeIndex());
            switchGuid[i] = node.nodeGuid();
            switchSystemImageGuid[i] = node.systemImageGuid() != 0 ? node.systemImageGuid() : node.nodeGuid();
            switchNumPorts[i] = node.numPorts();
            portStart[i + 1] = portStart[i] + node.numPorts() + 1;
        }
        portEdge = new int[portStart[s]];
        Arrays.fill(portEdge, RoutingInput.PORT_UNCONNECTED);
        portOperationalVls = new byte[portStart[s]];
        linkStart = new int[s + 1];
        int[] peers = new int[16];
        byte[] locals = new byte[16];
        byte[] remotes = new byte[16];
        boolean[] throttled = new boolean[16];
        int e = 0;
        for (int i = 0; i < s; i++) {
            NodeView node = snapshot.nodes().get(switches.get(i).nodeIndex());
            for (PortView p : snapshot.portsOf(node)) {
                portOperationalVls[portStart[i] + p.portNum()] = (byte) p.attributes().operationalVls();
                PortView peer = usablePeer(p);
                if (peer == null) {
                    continue;
                }
                NodeView peerNode = snapshot.nodeOf(peer);
                if (peerNode.isSwitch() && !(p.healthy() && peer.healthy())) {
                    continue;
                }
                countVls(p);
                countVls(peer);
                if (!peerNode.isSwitch()) {
                    portEdge[portStart[i] + p.portNum()] = RoutingInput.PORT_TO_END_NODE;
                    continue;
                }
                if (e == peers.length) {
                    peers = Arrays.copyOf(peers, e * 2);
                    locals = Arrays.copyOf(locals, e * 2);
                    remotes = Arrays.copyOf(remotes, e * 2);
                    throttled = Arrays.copyOf(throttled, e * 2);
                }
                throttled[e] = LinkThrottle.isThrottled(p.attributes(), extendedSpeeds(node),
                        peer.attributes(), extendedSpeeds(peerNode));
                peers[e] = peerNode.switchIndex();
                locals[e] = (byte) p.portNum();
                remotes[e] = (byte) peer.portNum();
                portEdge[portStart[i] + p.portNum()] = e;
                e++;
            }
            linkStart[i + 1] = e;
        }
        peerSwitch = Arrays.copyOf(peers, e);
        localPort = Arrays.copyOf(locals, e);
        peerPort = Arrays.copyOf(remotes, e);
        edgeThrottled = Arrays.copyOf(throttled, e);
    }

    /** Whether switch {@code node} supports extended link speeds (CapabilityMask of its port 0). */
    private boolean extendedSpeeds(NodeView node) {
        PortView p0 = snapshot.port(node.index(), 0);
        return p0 != null && p0.attributes().hasCapability(LinkThrottle.CAP_EXTENDED_SPEEDS);
    }

    /** Lowers {@link #dataVls} to the data VLs {@code p}'s VLCap allows (1, 2, 4, 8 or 15), if it reports one. */
    private void countVls(PortView p) {
        int cap = p.attributes().vlCap();
        if (cap < 1 || cap > 5) {
            return;
        }
        int vls = Math.min(1 << (cap - 1), 15);
        dataVls = dataVls == 0 ? vls : Math.min(dataVls, vls);
    }

    /** The peer of {@code p} if the cable is usable (both ends not Down), else {@code null}. */
    private PortView usablePeer(PortView p) {
        if (p.portNum() == 0 || isDown(p)) {
            return null;
        }
        PortView peer = snapshot.peer(p);
        return peer == null || isDown(peer) ? null : peer;
    }

    private static boolean isDown(PortView p) {
        return p.attributes().portState() == PortAttributes.STATE_DOWN;
    }

    private void buildLids() {
        List<EndPortView> withLids = new ArrayList<>();
        for (EndPortView e : snapshot.endPorts()) {
            if (e.hasLids()) {
                withLids.add(e);
                maxLid = Math.max(maxLid, e.lidRange().last());
            }
        }
        for (VPortView v : snapshot.vports()) {
            maxLid = Math.max(maxLid, v.lid());
        }
        withLids.sort((x, y) -> Integer.compare(x.lidRange().base(), y.lidRange().base()));
        int n = withLids.size();
        lidOwnerSwitch = new int[maxLid + 1];
        lidOwnerPort = new byte[maxLid + 1];
        lidEndPort = new int[maxLid + 1];
        Arrays.fill(lidOwnerSwitch, -1);
        Arrays.fill(lidOwnerPort, (byte) SwitchLft.NO_PATH);
        Arrays.fill(lidEndPort, -1);
        endPortBaseLid = new int[n];
        endPortLidCount = new int[n];
        endPortGuid = new long[n];
        endPortNodeGuid = new long[n];
        endPortNodeDescription = new String[n];
        endPortSystemImageGuid = new long[n];
        endPortIsSwitch = new boolean[n];
        endPortSwitch = new int[n];
        int[] inputIndex = new int[snapshot.endPorts().size()];
        Arrays.fill(inputIndex, -1);
        for (int i = 0; i < n; i++) {
            addEndPort(i, withLids.get(i));
            inputIndex[withLids.get(i).index()] = i;
        }
        for (VPortView v : snapshot.vports()) {
            int i = inputIndex[v.endPortIndex()];
            if (v.hasLid() && i >= 0) {
                lidOwnerSwitch[v.lid()] = endPortSwitch[i];
                lidOwnerPort[v.lid()] = lidOwnerPort[endPortBaseLid[i]];
                lidEndPort[v.lid()] = i;
            }
        }
    }

    private void addEndPort(int i, EndPortView e) {
        PortView port = snapshot.portOf(e);
        NodeView node = snapshot.nodeOf(port);
        LidRange r = e.lidRange();
        endPortBaseLid[i] = r.base();
        endPortLidCount[i] = r.count();
        endPortGuid[i] = e.portGuid();
        endPortNodeGuid[i] = node.nodeGuid();
        endPortNodeDescription[i] = node.description();
        endPortSystemImageGuid[i] = node.systemImageGuid() != 0 ? node.systemImageGuid() : node.nodeGuid();
        endPortIsSwitch[i] = node.isSwitch();
        int sw = -1;
        int swPort = SwitchLft.NO_PATH;
        if (node.isSwitch()) {
            sw = node.switchIndex();
            swPort = 0;
            switchLid[sw] = r.base();
        } else {
            PortView peer = usablePeer(port);
            if (peer != null && snapshot.nodeOf(peer).isSwitch()) {
                sw = snapshot.nodeOf(peer).switchIndex();
                swPort = peer.portNum();
            }
        }
        endPortSwitch[i] = sw;
        for (int lid = r.first(); lid <= r.last(); lid++) {
            lidOwnerSwitch[lid] = sw;
            lidOwnerPort[lid] = (byte) swPort;
            lidEndPort[lid] = i;
        }
    }
}
