package dev.jsm.daemon.discovery;

import dev.jsm.daemon.sweep.Replies;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Handles NodeInfo answers: adds or refreshes the node (keyed by node GUID, so a node reached again by another path
 * or through a loop is the same node), records the cable it was reached through, and for a node new in this pass
 * asks for the rest of what discovery needs (in an incremental pass, only for a node new to the model, and for the
 * PortInfo of the port a known switch was reached on: the far end of a probed port). A node that does not answer is
 * logged and left out; the drop manager then removes it if it was known.
 *
 * <p>Confined to the SM thread.
 *
 * <p>In detail: docs/design/daemon.md#nodeinforeceiver.
 */
final class NodeInfoReceiver {

    private static final Logger LOG = LogManager.getLogger(NodeInfoReceiver.class);

    private final DiscoveryRun run;

    NodeInfoReceiver(DiscoveryRun run) {
        this.run = run;
    }

    void handle(PhysPort from, DrPath path, TransactionOutcome outcome) {
        byte[] mad = Replies.okMad(outcome);
        if (mad == null) {
            unanswered(from, path, outcome);
            return;
        }
        NodeInfo ni = NodeInfo.decode(mad, Smp.DATA_OFFSET);
        run.mKeys.reached(path, ni.portGuid());
        try {
            add(from, path, ni);
        } catch (IllegalArgumentException e) {
            run.state.recordError();
            LOG.error("DISC-0108 node 0x{} via path {} does not fit the subnet: {}",
                    Long.toHexString(ni.nodeGuid()), path, e.getMessage());
        }
    }

    private void add(PhysPort from, DrPath path, NodeInfo ni) {
        NodeKind kind;
        try {
            kind = NodeKind.fromWire(ni.nodeType());
        } catch (IllegalArgumentException e) {
            LOG.error("DISC-0106 node 0x{} via path {}: {}; ignored", Long.toHexString(ni.nodeGuid()), path,
                    e.getMessage());
            return;
        }
        Subnet subnet = run.state.subnet();
        if (run.duplicates.portGuidTaken(ni, path)) {
            return;
        }
        Node node = subnet.node(ni.nodeGuid());
        boolean first = node == null || !run.incremental && !run.seen(node);
        if (run.incremental && node != null && (node.kind() != kind || node.numPorts() != ni.numPorts())) {
            run.anomaly = "node " + run.services.describe(node) + " changed its type or port count";
            return;
        }
        if (node != null && first && (node.kind() != kind || node.numPorts() != ni.numPorts())) {
            LOG.info("node {} changed its type or port count; re-adding it", run.services.describe(node));
            run.state.paths().forget(node);
            subnet.removeNode(node);
            node = null;
        }
        if (node == null) {
            node = subnet.addNode(kind, ni.nodeGuid(), ni.numPorts());
        }
        int arrival = ni.localPortNum();
        if (arrival > node.numPorts() || !node.isSwitch() && arrival == 0) {
            LOG.error("DISC-0107 {} answered NodeInfo with LocalPortNum {} (NumPorts {}); ignored",
                    run.services.describe(node), arrival, node.numPorts());
            return;
        }
        PhysPort port = ensurePort(subnet, node, arrival, ni.portGuid());
        if (from != null && run.duplicates.cabledElsewhere(from, port, path, () -> add(from, path, ni))) {
            return;
        }
        if (first) {
            firstVisit(node, ni, path);
        }
        if (!node.isSwitch() && run.probedEndPorts.add(port.portGuid())) {
            run.state.paths().putPort(port.portGuid(), path);
            run.requestPortInfo(node, arrival, path);
        }
        if (from == null) {
            run.localNode = node;
        } else {
            if (run.incremental && !first && node.isSwitch()) {
                // the far end of a probed port: after a flap (out and in between two sweeps) its state changed too
                run.requestPortInfo(node, arrival, path);
            }
            cable(subnet, from, port);
            run.mKeys.linked(from, port);
        }
    }

    private void firstVisit(Node node, NodeInfo ni, DrPath path) {
        node.markSeen(run.sweep);
        node.setSystemImageGuid(ni.systemImageGuid());
        node.setVendorId(ni.vendorId());
        node.setDeviceId(ni.deviceId());
        node.setRevision(ni.revision());
        node.setPartitionCap(ni.partitionCap());
        int[] hops = new int[path.hopCount()];
        for (int i = 0; i < hops.length; i++) {
            hops[i] = path.port(i + 1);
        }
        node.setDrPath(hops);
        run.state.paths().putNode(node.nodeGuid(), path);
        run.requestNodeDescription(node, path);
        if (node.isSwitch()) {
            ensurePort(run.state.subnet(), node, 0, ni.portGuid());
            run.requestSwitchInfo(node, path);
            for (int p = 0; p <= node.numPorts(); p++) {
                run.requestPortInfo(node, p, path);
            }
        }
    }

    /** Port {@code num} of {@code node}, added if missing (a switch's ports carry the switch's port GUID). */
    static PhysPort ensurePort(Subnet subnet, Node node, int num, long portGuid) {
        PhysPort p = node.port(num);
        if (p == null) {
            p = subnet.addPort(node, num, portGuid);
        }
        return p;
    }

    /** Records that {@code a} and {@code b} are cabled to each other, replacing older cabling of either. */
    private void cable(Subnet subnet, PhysPort a, PhysPort b) {
        if (a.remote() != b) {
            subnet.disconnect(a);
            subnet.disconnect(b);
        }
        Link link = subnet.connect(a, b);
        run.confirmed.add(link);
    }

    private void unanswered(PhysPort from, DrPath path, TransactionOutcome outcome) {
        if (Replies.isClosed(outcome)) {
            return;
        }
        run.unanswered++;
        if (from == null) {
            LOG.error("DISC-0101 the local port does not answer NodeInfo: {}", Replies.failure(outcome));
        } else {
            LOG.error("DISC-0102 no NodeInfo from the node behind port {} of {} (path {}): {}; not added",
                    from.portNum(), run.services.describe(from.node()), path, Replies.failure(outcome));
        }
    }
}
