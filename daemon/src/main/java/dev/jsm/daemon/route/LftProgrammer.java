package dev.jsm.daemon.route;

import dev.jsm.daemon.discovery.Attributes;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.SwitchLft;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Programs the switches' unicast tables by block diff: a SwitchInfo Set where LinearFDBTop or LifeTimeValue
 * ({@code packet_life_time}) differ from what the switch holds - which also clears PortStateChange (written as 1)
 * where discovery saw it set - then an LFT Set for each 64-LID block up to the top whose content differs from what
 * the switch is known to hold (every block of a switch new to this SM), through {@link BlockSync}. Behavioural
 * counterpart: OpenSM's {@code osm_ucast_mgr.c} block diff.
 *
 * <p>Confined to the SM thread.
 */
public final class LftProgrammer implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LftProgrammer.class);

    private int switchInfoSets;
    private int blockSets;

    @Override
    public String name() {
        return "lft-programming";
    }

    @Override
    public StageOutcome run(SweepContext ctx) {
        switchInfoSets = 0;
        blockSets = 0;
        int lifeTime = ctx.options().getInt("packet_life_time") & 0x1F;
        BlockSync lfts = new BlockSync(ctx, AttributeId.LINEAR_FORWARDING_TABLE, BlockSync.Held.AS_SENT);
        for (Node node : ctx.subnet().nodes()) {
            if (node.isSwitch()) {
                program(ctx, lfts, node, lifeTime);
            }
        }
        return StageOutcome.CONTINUE;
    }

    private void program(SweepContext ctx, BlockSync lfts, Node node, int lifeTime) {
        Switch sw = node.asSwitch();
        SwitchAttributes a = sw.attributes();
        DrPath path = ctx.paths().toNode(node);
        if (a == SwitchAttributes.NONE || path == null) {
            LOG.error("ROUT-0508 {}: SwitchInfo unknown, its LFT cannot be programmed", sw);
            ctx.recordError();
            return;
        }
        SwitchLft lft = sw.lft();
        int top = lft.wantedTop();
        if (top >= a.linearFdbCap()) {
            LOG.error("ROUT-0504 {} holds LIDs up to 0x{} only (LinearFDBCap {}); routes to LIDs up to 0x{} are "
                    + "cut off", sw, Integer.toHexString(a.linearFdbCap() - 1), a.linearFdbCap(),
                    Integer.toHexString(top));
            ctx.recordError();
            top = a.linearFdbCap() - 1;
        }
        if (top != a.linearFdbTop() || a.lifeTimeValue() != lifeTime || a.hasPortStateChange()) {
            setSwitchInfo(ctx, sw, path, a, top, lifeTime);
        }
        BlockSync.SetFailure failure = (block, modifier, why) -> LOG.error(
                "ROUT-0506 LFT block {} Set of switch {} failed: {}", block, Guid.toString(sw.nodeGuid()), why);
        for (int block = 0; block <= top / SwitchLft.BLOCK_SIZE; block++) {
            if (lfts.sync(path, lft, block, block, failure)) {
                blockSets++;
            }
        }
    }

    private void setSwitchInfo(SweepContext ctx, Switch sw, DrPath path, SwitchAttributes a, int top, int life) {
        SwitchInfo payload = new SwitchInfo(a.linearFdbCap(), a.randomFdbCap(), a.multicastFdbCap(), top,
                a.defaultPort(), a.defaultMulticastPrimaryPort(), a.defaultMulticastNotPrimaryPort(), life,
                a.hasPortStateChange() ? 1 : 0, a.optimizedSlToVlMappingProgramming(), a.lidsPerPort(),
                a.partitionEnforcementCap(), a.inboundEnforcementCap(), a.outboundEnforcementCap(),
                a.filterRawInboundCap(), a.filterRawOutboundCap(), a.enhancedPort0(), a.multicastFdbTop());
        switchInfoSets++;
        ctx.smps().set(path, AttributeId.SWITCH_INFO, 0, payload::encodeTo, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad != null) {
                sw.setAttributes(Attributes.of(SwitchInfo.decode(mad, Smp.DATA_OFFSET)));
            } else if (!Replies.isClosed(outcome)) {
                ctx.recordError();
                LOG.error("ROUT-0505 SwitchInfo Set of {} failed: {}", sw, Replies.failure(outcome));
            }
        });
    }

    /**
     * True: the multicast, QoS and link stages neither read nor change the LFT blocks its answers record;
     * activation still waits for them.
     */
    @Override
    public boolean overlapsNext() {
        return true;
    }

    @Override
    public StageOutcome finish(SweepContext ctx) {
        LOG.log(LogLevels.VERBOSE, "SWITCHES CONFIGURED FOR UNICAST: {} SwitchInfo Sets, {} LFT block Sets",
                switchInfoSets, blockSets);
        return StageOutcome.CONTINUE;
    }
}
