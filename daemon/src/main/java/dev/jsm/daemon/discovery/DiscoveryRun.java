package dev.jsm.daemon.discovery;

import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import java.util.HashSet;
import java.util.Set;

/**
 * One discovery pass: the Gets it sends and what it learned so far. NodeInfo answers chain the other Gets (FACTS
 * 1.4): a new node gets NodeDescription, PortInfo of the port reached (CA) or of every port and SwitchInfo
 * (switch); a PortInfo answer for a live switch port whose link is not yet confirmed in this pass sends NodeInfo one
 * hop further. Links a NodeInfo answer proves are confirmed; the drop manager removes the others afterwards.
 *
 * <p>Confined to the SM thread.
 */
final class DiscoveryRun {

    final SweepContext ctx;
    final OtherSms otherSms;
    final int sweep;
    /** Links proven by a NodeInfo answer in this pass (identity: the model's link objects). */
    final Set<Link> confirmed = new HashSet<>();
    /** CA and router ports whose PortInfo was requested in this pass (multi-port CAs are reached per port). */
    final Set<Long> probedEndPorts = new HashSet<>();
    private final NodeInfoReceiver nodeInfo;
    private final PortInfoReceiver portInfo;
    private final SwitchInfoReceiver switchInfo;
    private final NodeDescriptionReceiver nodeDescription;
    Node localNode;
    int nodeInfoRequests;
    int unanswered;

    DiscoveryRun(SweepContext ctx, OtherSms otherSms) {
        this.ctx = ctx;
        this.otherSms = otherSms;
        this.sweep = ctx.subnet().beginSweep();
        this.nodeInfo = new NodeInfoReceiver(this);
        this.portInfo = new PortInfoReceiver(this);
        this.switchInfo = new SwitchInfoReceiver(this);
        this.nodeDescription = new NodeDescriptionReceiver(this);
    }

    /** Asks the node at {@code path} for its NodeInfo; {@code from} is the port it was probed from (null at hop 0). */
    void requestNodeInfo(PhysPort from, DrPath path) {
        nodeInfoRequests++;
        ctx.smps().get(path, AttributeId.NODE_INFO, 0, o -> nodeInfo.handle(from, path, o));
    }

    /** Asks {@code node} for the PortInfo of port {@code portNum} along {@code path}. */
    void requestPortInfo(Node node, int portNum, DrPath path) {
        ctx.smps().get(path, AttributeId.PORT_INFO, portNum, o -> portInfo.handle(node, portNum, path, o));
    }

    /** Asks switch {@code node} for its SwitchInfo. */
    void requestSwitchInfo(Node node, DrPath path) {
        ctx.smps().get(path, AttributeId.SWITCH_INFO, 0, o -> switchInfo.handle(node, path, o));
    }

    /** Asks {@code node} for its NodeDescription. */
    void requestNodeDescription(Node node, DrPath path) {
        ctx.smps().get(path, AttributeId.NODE_DESCRIPTION, 0, o -> nodeDescription.handle(node, path, o));
    }

    /** Whether {@code node} was reached in this pass. */
    boolean seen(Node node) {
        return node.lastSeenSweep() == sweep;
    }

    /** "switch 0x... 'leaf-0'" for log lines. */
    static String describe(Node node) {
        String d = node.description();
        return node.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + dev.jsm.subnet.Guid.toString(
                node.nodeGuid()) + (d.isEmpty() ? "" : " '" + d + "'");
    }
}
