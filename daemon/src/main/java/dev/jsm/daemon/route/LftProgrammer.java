package dev.jsm.daemon.route;

import dev.jsm.daemon.event.EventReport;
import dev.jsm.daemon.event.FabricEvent;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.SwitchLft;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Programs the switches' unicast tables by block diff: a SwitchInfo Set where LinearFDBTop or LifeTimeValue
 * ({@code packet_life_time}) differ from what the switch holds - which also clears PortStateChange (written as 1)
 * where discovery saw it set - then an LFT Set for each 64-LID block up to the top whose content differs from what
 * the switch is known to hold (every block of a switch new to this SM), through {@link BlockSync}. Behavioural
 * counterpart: OpenSM's {@code osm_ucast_mgr.c} block diff. The SwitchInfo Sets go at once; the blocks one switch
 * at a time as the SMP sender's backlog drains ({@link dev.jsm.daemon.sweep.SmpSender#feed}): at 11664 hosts a
 * first sweep's 190,000 LFT Sets would otherwise wait there as records that outlive young collections. A switch
 * whose LinearFDBCap is below the LIDs routed to it gets what fits, said once by {@link LftCapacity}.
 *
 * <p>Confined to the SM thread.
 */
public final class LftProgrammer implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LftProgrammer.class);

    private final StageServices services;
    private final EventReport events;
    private final String cause;
    private final LftCapacity capacity = new LftCapacity();
    private int switchInfoSets;
    private int blockSets;

    /**
     * @param services the SMP sender and the options ({@code packet_life_time})
     * @param events where each LFT change and the end of the programming are reported (the event plug-ins)
     * @param cause what the end is reported as: {@code HEAVY_SWEEP} (a sweep routed) or {@code REROUTE}
     */
    public LftProgrammer(StageServices services, EventReport events, String cause) {
        this.services = services;
        this.events = events;
        this.cause = cause;
    }

    @Override
    public String name() {
        return "lft-programming";
    }

    @Override
    public StageOutcome run(SweepState state) {
        switchInfoSets = 0;
        blockSets = 0;
        capacity.begin();
        int lifeTime = SwitchInfoSetter.lifeTimeValue(services.options());
        BlockSync lfts = new BlockSync(state, services.smps(), AttributeId.LINEAR_FORWARDING_TABLE,
                BlockSync.Held.AS_SENT);
        List<Blocks> blocks = new ArrayList<>();
        for (Node node : state.subnet().nodes()) {
            if (node.isSwitch()) {
                Blocks b = prepare(state, node, lifeTime);
                if (b != null) {
                    blocks.add(b);
                }
            }
        }
        Iterator<Blocks> next = blocks.iterator();
        services.smps().feed(() -> {
            if (!next.hasNext()) {
                return false;
            }
            blockSets += next.next().sync(lfts, events);
            return true;
        });
        return StageOutcome.CONTINUE;
    }

    /** The LFT blocks of switch {@code sw}, reached along {@code path}, up to LID {@code top}. */
    private record Blocks(Switch sw, DrPath path, int top) {

        /** Sends the blocks that differ, each reported to {@code events}; returns how many. */
        int sync(BlockSync lfts, EventReport events) {
            BlockSync.SetFailure failure = (block, modifier, why) -> LOG.error(
                    "ROUT-0506 LFT block {} Set of switch {} failed: {}", block, Guid.toString(sw.nodeGuid()), why);
            int sets = 0;
            for (int block = 0; block <= top / SwitchLft.BLOCK_SIZE; block++) {
                if (lfts.sync(path, sw.lft(), block, block, failure)) {
                    sets++;
                    events.report(new FabricEvent.LftChange(Instant.now(), sw.nodeGuid(), false, top, block));
                }
            }
            return sets;
        }
    }

    /**
     * Checks what the switch can hold and sends its SwitchInfo Set where needed: at once, so that every switch's
     * SwitchInfo Set goes ahead of the MFT stage's; its LFT blocks follow as the SMP sender's backlog drains.
     *
     * @return its blocks to sync, or {@code null} if its LFT cannot be programmed
     */
    private Blocks prepare(SweepState state, Node node, int lifeTime) {
        Switch sw = node.asSwitch();
        SwitchAttributes a = sw.attributes();
        DrPath path = state.paths().toNode(node);
        if (a == SwitchAttributes.NONE || path == null) {
            LOG.error("ROUT-0508 {}: SwitchInfo unknown, its LFT cannot be programmed", sw);
            state.recordError();
            return null;
        }
        int top = SwitchInfoSetter.linearFdbTop(sw);
        capacity.check(sw);
        if (top != a.linearFdbTop()) {
            events.report(new FabricEvent.LftChange(Instant.now(), sw.nodeGuid(), true, top, -1));
        }
        if (top != a.linearFdbTop() || a.lifeTimeValue() != lifeTime || a.hasPortStateChange()) {
            switchInfoSets++;
            SwitchInfoSetter.set(state, services, sw, path, a.hasPortStateChange(), a.multicastFdbTop(),
                    why -> LOG.error("ROUT-0505 SwitchInfo Set of {} failed: {}", sw, why));
        }
        return new Blocks(sw, path, top);
    }

    /**
     * True: the multicast, QoS and link stages neither read nor change the LFT blocks its answers record;
     * activation still waits for them.
     */
    @Override
    public boolean overlapsNext() {
        return true;
    }

    /**
     * Logs the Sets sent and, every Set answered, lets each switch whose LFT now holds the wanted table keep one
     * array for both ({@link SwitchLft#shareWantedIfHeld()}): 21.5 MB less at 11664 hosts.
     */
    @Override
    public StageOutcome finish(SweepState state) {
        for (Node node : state.subnet().nodes()) {
            if (node.isSwitch()) {
                node.asSwitch().lft().shareWantedIfHeld();
            }
        }
        capacity.end();
        LOG.log(LogLevels.VERBOSE, "SWITCHES CONFIGURED FOR UNICAST: {} SwitchInfo Sets, {} LFT block Sets",
                switchInfoSets, blockSets);
        events.report(new FabricEvent.UcastRoutingDone(Instant.now(), cause));
        return StageOutcome.CONTINUE;
    }
}
