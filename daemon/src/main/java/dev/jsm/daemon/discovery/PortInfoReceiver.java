package dev.jsm.daemon.discovery;

import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Handles PortInfo answers: stores the port's values in the model, reports a live port that says IsSM (another SM)
 * to {@link OtherSms} and, for a live port of a switch (or the SM's own port at hop 0) whose cable is not yet
 * confirmed in this pass, probes one hop further with NodeInfo. The port an
 * SMP arrived on is never probed back: its cable was confirmed by the NodeInfo answer that reached the node. A
 * PortInfo that does not come leaves the port unconfigured, so it counts as a sweep error (another sweep follows).
 * An answer to a Get without SMSupportExtendedSpeeds from a port that says IsExtendedSpeedsSupported (or a switch's
 * external port whose port 0 says so) is asked for again with the bit and only that answer is used, as OpenSM
 * does since its NDR fix: a port of NDR or XDR hides its extended speeds from an SM that does not set it
 * (docs/link-speeds.md#the-attribute-modifier-bit).
 *
 * <p>Confined to the SM thread.
 */
final class PortInfoReceiver {

    private static final Logger LOG = LogManager.getLogger(PortInfoReceiver.class);

    private final DiscoveryRun run;

    PortInfoReceiver(DiscoveryRun run) {
        this.run = run;
    }

    void handle(Node node, int portNum, DrPath path, long modifier, TransactionOutcome outcome) {
        byte[] mad = Replies.okMad(outcome);
        if (mad == null) {
            if (!Replies.isClosed(outcome) && !run.deferFailure(node, "PortInfo of port " + portNum)) {
                run.unanswered++;
                run.state.recordError();
                LOG.error("DISC-0103 no PortInfo of port {} of {}: {}", portNum, run.services.describe(node),
                        Replies.failure(outcome));
            }
            return;
        }
        if (run.state.subnet().node(node.nodeGuid()) != node) {
            return;
        }
        PortInfo pi = PortInfo.decode(mad, Smp.DATA_OFFSET);
        if ((modifier & PortInfo.AM_SM_SUPPORTS_EXTENDED_SPEEDS) == 0 && extendedSpeeds(node, pi)) {
            run.requestPortInfo(node, portNum, path, portNum | PortInfo.AM_SM_SUPPORTS_EXTENDED_SPEEDS);
            return;
        }
        PhysPort port = node.port(portNum);
        if (port == null) {
            port = NodeInfoReceiver.ensurePort(run.state.subnet(), node, portNum, node.port(0).portGuid());
        }
        port.setAttributes(Attributes.of(pi));
        run.mKeys.observed(port, pi.mKey(), pi.mKeyProtectBits());
        if (pi.portState() > PortInfo.STATE_DOWN && (pi.capabilityMask() & PortInfo.CAP_IS_SM) != 0
                && (portNum == 0 || !node.isSwitch()) && port.portGuid() != run.state.smPortGuid()) {
            run.otherSms.smPortFound(port, path);
        }
        if (portNum == 0 || pi.portState() <= PortInfo.STATE_DOWN) {
            return;
        }
        if (!node.isSwitch() && path.hopCount() > 0) {
            return;
        }
        Link link = port.link();
        if (link != null && run.confirmed.contains(link)) {
            return;
        }
        if (path.hopCount() >= DrPath.MAX_HOPS) {
            LOG.error("DISC-0104 port {} of {} is {} hops away; a directed route cannot go further", portNum,
                    run.services.describe(node), path.hopCount());
            return;
        }
        run.requestNodeInfo(port, path.extend(portNum));
    }

    /** Whether the answering port, or the port 0 of its switch as the model has it, says IsExtendedSpeedsSupported. */
    private static boolean extendedSpeeds(Node node, PortInfo pi) {
        PhysPort port0 = node.isSwitch() ? node.port(0) : null;
        return pi.hasCapability(PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) || port0 != null
                && port0.attributes().hasCapability(PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED);
    }
}
