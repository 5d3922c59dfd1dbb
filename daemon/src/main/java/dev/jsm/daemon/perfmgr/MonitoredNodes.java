package dev.jsm.daemon.perfmgr;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.HeldBlocks;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Brings the manager's nodes up to date with a published fabric before a sweep (OpenSM's {@code collect_guids}):
 * new nodes are added (CAs and routers only without {@code perfmgr_ignore_cas}), each node's name, ports, LIDs and
 * cables are taken from the snapshot, and nodes that left are forgotten or marked inactive. A port is read if it was
 * discovered and has a LID to ask at (assigned by this SM, or on a standby the master's, from PortInfo): every port
 * of a switch (port 0 only if it is enhanced) at port 0's LID, a CA or router port at its own.
 *
 * <p>Stateless; called on the performance manager's thread.
 */
final class MonitoredNodes {

    private static final Logger LOG = LogManager.getLogger(MonitoredNodes.class);

    private MonitoredNodes() {
    }

    /**
     * Updates {@code nodes} from {@code snapshot}.
     *
     * @return the active nodes, in node GUID order: what this sweep reads
     */
    static List<MonitoredNode> refresh(Map<Long, MonitoredNode> nodes, SubnetSnapshot snapshot, NodeNameMap names,
                                       boolean ignoreCas, boolean rmNodes, long nowMillis, long nowNanos) {
        Set<Long> seen = new HashSet<>();
        for (NodeView nv : snapshot.nodes()) {
            if (ignoreCas && nv.kind() == NodeKind.CA) {
                continue;
            }
            SwitchView sw = snapshot.switchOf(nv);
            MonitoredNode n = nodes.get(nv.nodeGuid());
            if (n == null || n.numPorts != nv.numPorts()) {
                n = new MonitoredNode(nv.nodeGuid(), sw != null, sw != null && sw.attributes().hasEnhancedPort0(),
                        nv.numPorts(), nv.description(), nowMillis, nowNanos);
                nodes.put(nv.nodeGuid(), n);
            }
            n.name = names.name(nv.nodeGuid(), nv.description());
            n.active = true;
            ports(n, nv, snapshot, names);
            seen.add(nv.nodeGuid());
        }
        List<MonitoredNode> order = new ArrayList<>();
        for (Iterator<MonitoredNode> it = nodes.values().iterator(); it.hasNext(); ) {
            MonitoredNode n = it.next();
            if (seen.contains(n.guid)) {
                order.add(n);
            } else if (n.active) {
                LOG.info("PerfMgr: node \"{}\" ({}) is no longer in the fabric; {}", n.name, Guid.toString(n.guid),
                        rmNodes ? "forgetting its counters" : "keeping its counters as inactive");
                if (rmNodes) {
                    it.remove();
                } else {
                    n.active = false;
                }
            }
        }
        return order;
    }

    /**
     * The index of a P_Key in the SM port's table, for redirection (-1 if it holds no such key, the membership
     * bit ignored); without a table known to the SM, only the default partition at index 0.
     */
    static IntUnaryOperator localPKeys(SubnetSnapshot snapshot, long smPortGuid) {
        EndPortView ep = snapshot.endPort(smPortGuid);
        HeldBlocks held = ep == null ? null : snapshot.portOf(ep).heldPKeys();
        if (held == null) {
            return pKey -> (pKey & 0x7FFF) == 0x7FFF ? 0 : -1;
        }
        int perBlock = held.blockBytes() / 2;
        int[] keys = new int[held.blockCount() * perBlock];
        byte[] block = new byte[held.blockBytes()];
        for (int b = 0; b < held.blockCount(); b++) {
            if (held.isKnown(b)) {
                held.copy(b, block, 0);
                for (int i = 0; i < perBlock; i++) {
                    keys[b * perBlock + i] = ((block[2 * i] & 0xFF) << 8) | (block[2 * i + 1] & 0xFF);
                }
            }
        }
        return pKey -> {
            for (int i = 0; i < keys.length; i++) {
                if ((keys[i] & 0x7FFF) == (pKey & 0x7FFF) && (keys[i] & 0x7FFF) != 0) {
                    return i;
                }
            }
            return -1;
        };
    }

    private static void ports(MonitoredNode n, NodeView nv, SubnetSnapshot s, NodeNameMap names) {
        int switchLid = 0;
        if (n.isSwitch) {
            PortView p0 = s.port(nv.index(), 0);
            switchLid = p0 == null ? 0 : lid(s, p0);
        }
        Arrays.fill(n.monitored, false);
        for (PortView pv : s.portsOf(nv)) {
            int p = pv.portNum();
            if (p > n.numPorts) {
                continue;
            }
            n.lid[p] = n.isSwitch ? switchLid : lid(s, pv);
            n.monitored[p] = p >= n.firstPort() && n.lid[p] != 0;
            PortView peer = s.peer(pv);
            if (peer == null) {
                n.remoteName[p] = null;
                n.remoteGuid[p] = 0;
                n.remotePort[p] = 0;
            } else {
                NodeView pn = s.nodeOf(peer);
                n.remoteGuid[p] = pn.nodeGuid();
                n.remoteName[p] = names.name(pn.nodeGuid(), pn.description());
                n.remotePort[p] = peer.portNum();
            }
        }
    }

    /**
     * The LID to ask {@code pv} at: the base LID this SM assigned it or, on a standby (which assigns none), the one
     * the port's PortInfo carried when discovery read it - the master's, as OpenSM's standby uses; 0 if neither.
     */
    private static int lid(SubnetSnapshot s, PortView pv) {
        if (pv.endPortIndex() < 0) {
            return 0;
        }
        EndPortView ep = s.endPorts().get(pv.endPortIndex());
        if (ep.hasLids()) {
            return ep.lidRange().base();
        }
        int held = pv.attributes() == null ? 0 : pv.attributes().lid();
        return held >= Lid.UNICAST_MIN && held <= Lid.UNICAST_MAX ? held : 0;
    }
}
