package dev.jsm.daemon.sweep;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.subnet.Node;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The light sweep (FACTS 1.2): a SwitchInfo Get to every switch. PortStateChange set on any switch, a switch that
 * does not answer or answers with an error, means the fabric changed: a heavy sweep is requested. Otherwise nothing
 * is sent and nothing logged above VERBOSE.
 *
 * <p>Confined to the SM thread.
 */
public final class LightSweepProbe implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LightSweepProbe.class);

    private final List<String> changes = new ArrayList<>();
    private int probed;

    @Override
    public String name() {
        return "light-sweep";
    }

    @Override
    public StageOutcome run(SweepContext ctx) {
        changes.clear();
        probed = 0;
        for (Node node : ctx.subnet().nodes()) {
            DrPath path = node.isSwitch() ? ctx.paths().toNode(node) : null;
            if (path == null) {
                continue;
            }
            probed++;
            ctx.smps().get(path, AttributeId.SWITCH_INFO, 0, outcome -> {
                byte[] mad = Replies.okMad(outcome);
                if (mad == null) {
                    if (!Replies.isClosed(outcome)) {
                        changes.add("switch " + node + " did not answer SwitchInfo (" + Replies.failure(outcome)
                                + ")");
                    }
                } else if (SwitchInfo.PORT_STATE_CHANGE.getInt(mad, Smp.DATA_OFFSET) != 0) {
                    changes.add("PortStateChange on " + node + " '" + node.description() + "'");
                }
            });
        }
        return StageOutcome.CONTINUE;
    }

    @Override
    public StageOutcome finish(SweepContext ctx) {
        if (changes.isEmpty()) {
            LOG.log(LogLevels.VERBOSE, "LIGHT SWEEP COMPLETE: {} switches, no change", probed);
            return StageOutcome.CONTINUE;
        }
        String first = changes.get(0) + (changes.size() > 1 ? " and " + (changes.size() - 1) + " more" : "");
        LOG.info("light sweep: {}; heavy sweep requested", first);
        ctx.events().request(SmEvent.HEAVY_SWEEP, "light sweep: " + first);
        return StageOutcome.CONTINUE;
    }
}
