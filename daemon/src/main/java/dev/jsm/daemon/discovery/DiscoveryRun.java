package dev.jsm.daemon.discovery;

import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One discovery pass: the Gets it sends and what it learned so far. NodeInfo answers chain the other Gets
 * (docs/reference/opensm-behaviour.md#discovery): a new node gets NodeDescription, PortInfo of the port reached (CA)
 * or of every port and SwitchInfo
 * (switch); a PortInfo answer for a live switch port whose link is not yet confirmed in this pass sends NodeInfo one
 * hop further. Links a NodeInfo answer proves are confirmed; the drop manager removes the others afterwards.
 *
 * <p>Confined to the SM thread.
 */
final class DiscoveryRun {

    private static final Logger LOG = LogManager.getLogger(DiscoveryRun.class);

    final SweepState state;
    final StageServices services;
    final OtherSms otherSms;
    final MKeyBook mKeys;
    final boolean incremental;
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
    /** In an incremental pass: what did not fit the model, so that only a full discovery can tell; or null. */
    String anomaly;
    /** In an incremental pass: the nodes a SwitchInfo or PortInfo Get about did not reach. */
    final Set<Node> failed = new HashSet<>();
    /** The duplicate GUIDs found in this pass. */
    final DuplicateGuidCheck duplicates;
    /** Told of every switch whose SwitchInfo answer has PortStateChange set, with the route it came by. */
    BiConsumer<Node, DrPath> onPortStateChange = (node, path) -> { };
    int nodeInfoRequests;
    int unanswered;

    DiscoveryRun(SweepState state, StageServices services, OtherSms otherSms, MKeyBook mKeys) {
        this(state, services, otherSms, mKeys, false);
    }

    /**
     * A pass; an {@code incremental} one (the delta discovery) does not explore again a node the model already has
     * when it reaches it: it only records the cable it arrived by.
     */
    DiscoveryRun(SweepState state, StageServices services, OtherSms otherSms, MKeyBook mKeys, boolean incremental) {
        this.state = state;
        this.services = services;
        this.otherSms = otherSms;
        this.mKeys = mKeys;
        this.incremental = incremental;
        this.sweep = state.subnet().beginSweep();
        this.duplicates = new DuplicateGuidCheck(this);
        this.nodeInfo = new NodeInfoReceiver(this);
        this.portInfo = new PortInfoReceiver(this);
        this.switchInfo = new SwitchInfoReceiver(this);
        this.nodeDescription = new NodeDescriptionReceiver(this);
    }

    /** Asks the node at {@code path} for its NodeInfo; {@code from} is the port it was probed from (null at hop 0). */
    void requestNodeInfo(PhysPort from, DrPath path) {
        nodeInfoRequests++;
        services.smps().get(path, AttributeId.NODE_INFO, 0, o -> nodeInfo.handle(from, path, o));
    }

    /**
     * Asks {@code node} for the PortInfo of port {@code portNum} along {@code path}, with SMSupportExtendedSpeeds when
     * the model knows the port to have extended speeds ({@link Attributes#portInfoModifier}).
     */
    void requestPortInfo(Node node, int portNum, DrPath path) {
        requestPortInfo(node, portNum, path, Attributes.portInfoModifier(node, portNum));
    }

    /** Asks {@code node} for the PortInfo of port {@code portNum} along {@code path} with {@code modifier}. */
    void requestPortInfo(Node node, int portNum, DrPath path, long modifier) {
        services.smps().get(path, AttributeId.PORT_INFO, modifier,
                o -> portInfo.handle(node, portNum, path, modifier, o));
    }

    /** Asks switch {@code node} for its SwitchInfo. */
    void requestSwitchInfo(Node node, DrPath path) {
        services.smps().get(path, AttributeId.SWITCH_INFO, 0, o -> switchInfo.handle(node, path, o));
    }

    /** Asks {@code node} for its NodeDescription. */
    void requestNodeDescription(Node node, DrPath path) {
        services.smps().get(path, AttributeId.NODE_DESCRIPTION, 0, o -> nodeDescription.handle(node, path, o));
    }

    /**
     * In an incremental pass, records that a Get about {@code node} failed (the delta discovery may try again by
     * another route) and returns true; in a full pass returns false, and the caller logs and counts the error.
     */
    boolean deferFailure(Node node, String what) {
        if (!incremental) {
            return false;
        }
        failed.add(node);
        LOG.debug("no {} from {}", what, services.describe(node));
        return true;
    }

    /** Whether {@code node} was reached in this pass. */
    boolean seen(Node node) {
        return node.lastSeenSweep() == sweep;
    }
}
