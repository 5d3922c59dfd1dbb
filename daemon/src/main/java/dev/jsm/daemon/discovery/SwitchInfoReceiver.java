package dev.jsm.daemon.discovery;

import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.SwitchAttributes;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Handles SwitchInfo answers: stores the switch's values. A LinearFDBTop other than the one this SM last wrote or
 * read means the switch's table changed behind the SM's back (it rebooted): its programmed LFT is forgotten, so
 * the LFT programmer sends every block again. A SwitchInfo that does not come leaves the switch unprogrammed: a
 * sweep error.
 *
 * <p>Confined to the SM thread.
 */
final class SwitchInfoReceiver {

    private static final Logger LOG = LogManager.getLogger(SwitchInfoReceiver.class);

    private final DiscoveryRun run;

    SwitchInfoReceiver(DiscoveryRun run) {
        this.run = run;
    }

    void handle(Node node, DrPath path, TransactionOutcome outcome) {
        byte[] mad = Replies.okMad(outcome);
        if (mad == null) {
            if (!Replies.isClosed(outcome) && !run.deferFailure(node, "SwitchInfo")) {
                run.unanswered++;
                run.state.recordError();
                LOG.error("DISC-0105 no SwitchInfo from {} (path {}): {}", run.services.describe(node), path,
                        Replies.failure(outcome));
            }
            return;
        }
        if (run.state.subnet().node(node.nodeGuid()) != node) {
            return;
        }
        Switch sw = node.asSwitch();
        SwitchAttributes now = Attributes.of(SwitchInfo.decode(mad, Smp.DATA_OFFSET));
        if (sw.attributes() != SwitchAttributes.NONE
                && sw.attributes().linearFdbTop() != now.linearFdbTop()) {
            LOG.info("{} reports LinearFDBTop {} instead of {}; its LFT will be sent again",
                    run.services.describe(node), now.linearFdbTop(), sw.attributes().linearFdbTop());
            sw.lft().forgetProgrammed();
        }
        sw.setAttributes(now);
        if (now.hasPortStateChange()) {
            run.onPortStateChange.accept(node, path);
        }
    }
}
