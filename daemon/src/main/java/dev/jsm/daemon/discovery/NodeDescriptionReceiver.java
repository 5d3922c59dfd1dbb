package dev.jsm.daemon.discovery;

import dev.jsm.daemon.sweep.Replies;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeDescription;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Node;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Handles NodeDescription answers: stores the node's text. A node without one keeps its old text (or none); that is
 * not an error for the sweep.
 *
 * <p>Confined to the SM thread.
 */
final class NodeDescriptionReceiver {

    private static final Logger LOG = LogManager.getLogger(NodeDescriptionReceiver.class);

    private final DiscoveryRun run;

    NodeDescriptionReceiver(DiscoveryRun run) {
        this.run = run;
    }

    void handle(Node node, DrPath path, TransactionOutcome outcome) {
        byte[] mad = Replies.okMad(outcome);
        if (mad == null) {
            if (!Replies.isClosed(outcome)) {
                LOG.warn("DISC-0109 no NodeDescription from {} (path {}): {}", run.services.describe(node), path,
                        Replies.failure(outcome));
            }
            return;
        }
        if (run.state.subnet().node(node.nodeGuid()) == node) {
            node.setDescription(NodeDescription.decode(mad, Smp.DATA_OFFSET).description());
        }
    }
}
