package dev.jsm.sim.contract;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.NodeType;
import dev.jsm.mad.smp.PortInfo;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * The contract's first phase, a directed-route crawl from the local port as an SM's discovery does it, breadth
 * first: NodeInfo of the local node, then for every node found NodeDescription and GUIDInfo block 0; for a switch
 * SwitchInfo and PortInfo of every port 0..NumPorts, and NodeInfo through every port whose link is up (so every
 * cable is crossed from each switch end, and the nodes seen again are printed too); for a CA PortInfo with modifier
 * 0 and every port number.
 *
 * <p>Confined to the script's thread.
 */
final class FabricCrawl {

    private static final int PHYS_LINK_UP = 5;

    private final ScriptedSmps smps;
    private final Deque<CrawledFabric.Node> queue = new ArrayDeque<>();
    private CrawledFabric fabric;

    FabricCrawl(ScriptedSmps smps) {
        this.smps = smps;
    }

    /**
     * Crawls the fabric.
     *
     * @throws IllegalStateException if the local node does not answer NodeInfo (nothing else can run)
     */
    CrawledFabric run() throws IOException, InterruptedException {
        byte[] local = payload(smps.get(DrPath.local(), AttributeId.NODE_INFO, 0));
        if (local == null) {
            throw new IllegalStateException("the local port does not answer NodeInfo");
        }
        NodeInfo ni = NodeInfo.decode(local, 0);
        fabric = new CrawledFabric(ni.localPortNum());
        queue.add(fabric.add(ni.nodeGuid(), ni.nodeType() == NodeType.SWITCH.value(), ni.numPorts(),
                DrPath.local(), ni.localPortNum()));
        while (!queue.isEmpty()) {
            visit(queue.poll());
        }
        return fabric;
    }

    private void visit(CrawledFabric.Node n) throws IOException, InterruptedException {
        DrPath path = n.path();
        smps.get(path, AttributeId.NODE_DESCRIPTION, 0);
        smps.get(path, AttributeId.GUID_INFO, 0);
        if (n.isSwitch) {
            n.switchInfo = payload(smps.get(path, AttributeId.SWITCH_INFO, 0));
        }
        for (int p = 0; p <= n.numPorts; p++) {
            byte[] pi = payload(smps.get(path, AttributeId.PORT_INFO, p));
            if (p > 0 || n.isSwitch) {
                n.portInfo[p] = pi;
            }
        }
        if (n.isSwitch) {
            for (int p = 1; p <= n.numPorts; p++) {
                if (linkUp(n.portInfo[p])) {
                    probe(n, p, path.extend(p));
                }
            }
        } else if (n.index == 0 && linkUp(n.portInfo[fabric.localPort])) {
            probe(n, fabric.localPort, DrPath.of(fabric.localPort));
        }
    }

    /** NodeInfo through port {@code p} of {@code n}: records the cable and queues a node seen for the first time. */
    private void probe(CrawledFabric.Node n, int p, DrPath path) throws IOException, InterruptedException {
        byte[] b = payload(smps.get(path, AttributeId.NODE_INFO, 0));
        if (b == null) {
            return;
        }
        NodeInfo ni = NodeInfo.decode(b, 0);
        int arrival = ni.localPortNum();
        CrawledFabric.Node peer = fabric.byGuid(ni.nodeGuid());
        if (peer == null) {
            peer = fabric.add(ni.nodeGuid(), ni.nodeType() == NodeType.SWITCH.value(), ni.numPorts(), path, arrival);
            queue.add(peer);
        } else if (!peer.isSwitch && peer.portPath[arrival] == null) {
            peer.portPath[arrival] = path;
        }
        fabric.link(n, p, peer, arrival);
    }

    private static boolean linkUp(byte[] portInfo) {
        return portInfo != null && PortInfo.PORT_PHYSICAL_STATE.getInt(portInfo, 0) == PHYS_LINK_UP;
    }

    /** The 64-byte payload of a successful answer, or null. */
    static byte[] payload(SmpExchange.Outcome o) {
        if (o.kind() != SmpExchange.Kind.ANSWERED || Smp.status(o.mad()) != 0) {
            return null;
        }
        return Arrays.copyOfRange(o.mad(), Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
    }
}
