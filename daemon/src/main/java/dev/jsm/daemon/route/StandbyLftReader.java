package dev.jsm.daemon.route;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.SwitchLft;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The warm standby's knowledge of what the master programmed (docs/operations.md, "A warm standby"), read with Gets
 * only and recorded as held ({@link SwitchLft#setHeld}):
 * <ul>
 *   <li>{@link #fullRead()}, after each heavy sweep of a STANDBY SM: every LinearForwardingTable block of every
 *       switch up to its LinearFDBTop;</li>
 *   <li>{@link #refresh()}, on the sweep timer while STANDBY: SwitchInfo and one LFT block, chosen at random, of
 *       every switch; a switch whose LinearFDBTop moved, whose block differs from the one held, or that was never
 *       read whole has every block read again.</li>
 * </ul>
 * A takeover keeps the LFTs of the switches read whole ({@link #keepAtTakeover}) instead of forgetting them, so its
 * LFT programmer sends only the blocks its routing wants otherwise: none when both SMs route alike. The takeover's
 * discovery reads SwitchInfo again, and a switch whose LinearFDBTop moved since is forgotten there
 * ({@code discovery.SwitchInfoReceiver}). When the model is {@linkplain #current() current} (the last read or
 * refresh found every switch as held and no Get failed), the takeover may trust it without a discovery: it checks
 * the SwitchInfo of every switch first ({@link #takeoverCheck}).
 *
 * <p>Confined to the SM thread (the Gets are answered there).
 */
public final class StandbyLftReader {

    private static final Logger LOG = LogManager.getLogger(StandbyLftReader.class);

    private final StageServices services;
    private final SplittableRandom random = new SplittableRandom();
    /** The switches whose every block up to the top was read, by node GUID: the top read. */
    private final Map<Long, Integer> read = new HashMap<>();
    /** Blocks still unanswered per switch being read whole, by node GUID. */
    private final Map<Long, int[]> pending = new HashMap<>();
    private int switchesRead;
    private long gets;
    private int failed;
    /** Whether the last read or refresh left every switch known whole with nothing found changed. */
    private boolean current;
    /** When the last read or refresh ended ({@link System#nanoTime}). */
    private long readAt;
    /** Switches whose SwitchInfo at the takeover check did not match (or was not answered). */
    private int mismatched;

    /** @param services the SMP sender (the Gets; a standby's sender refuses Sets) */
    public StandbyLftReader(StageServices services) {
        this.services = services;
    }

    /** The stage that reads every switch's LFT whole. */
    public SweepStage fullRead() {
        return new ReadStage("standby-lft-read", false);
    }

    /** The stage that checks every switch cheaply and reads whole those found changed. */
    public SweepStage refresh() {
        return new ReadStage("standby-lft-refresh", true);
    }

    /**
     * The check a takeover that trusts the model runs instead of a discovery: SwitchInfo of every switch, all in
     * the wire window at once; the model is trusted only if each answers with the LinearFDBTop read and without
     * PortStateChange (no port of it changed state since the master last cleared the bit). Its finish says ABORT when
     * anything differs or the model is not {@linkplain #current() current}: the caller then runs the full heavy
     * sweep.
     *
     * @param noSmMet run before the Gets: no SM is met in this sweep (the old master is gone; the other SMs are met
     *     again by the full sweep that follows SUBNET UP), so the SMs a discovery met are forgotten as at its start
     */
    public SweepStage takeoverCheck(Runnable noSmMet) {
        return new TakeoverCheck(noSmMet);
    }

    /**
     * Whether the model this standby holds can be trusted at a takeover: its last read or refresh, no longer ago than
     * twice {@code sweep_interval} (never with 0: nothing refreshes the model), found every switch of the model known
     * whole, as held, with no Get failed and no error in the sweep before. A refresh that found a switch changed
     * leaves it not current: the caller then has the standby discover and read again.
     */
    public boolean current() {
        long interval = services.options().sweepIntervalSeconds();
        return current && !read.isEmpty() && interval > 0
                && System.nanoTime() - readAt <= TimeUnit.SECONDS.toNanos(2 * interval);
    }

    /**
     * At a takeover: forgets every table the fabric's nodes are known to hold but the LFTs this standby read whole
     * at the top their switches still report; then nothing is kept for a later takeover (this SM's own Sets keep
     * its model from then on).
     */
    public void keepAtTakeover(Subnet subnet) {
        int[] kept = {0};
        subnet.forgetProgrammedTables(node -> {
            Integer top = read.get(node.nodeGuid());
            boolean keep = top != null && top == node.asSwitch().attributes().linearFdbTop();
            kept[0] += keep ? 1 : 0;
            return keep;
        });
        if (!read.isEmpty()) {
            LOG.info("taking over: the LFTs of {} switches read as standby are kept", kept[0]);
        }
        read.clear();
        current = false;
    }

    /** Reads every block of {@code node}'s LFT up to {@code top}; the switch counts as read once all are answered. */
    private void readWhole(SweepState state, Node node, DrPath path, int top) {
        long guid = node.nodeGuid();
        read.remove(guid);
        int count = top / SwitchLft.BLOCK_SIZE + 1;
        int[] left = {count};
        pending.put(guid, left);
        switchesRead++;
        SwitchLft lft = node.asSwitch().lft();
        for (int b = 0; b < count; b++) {
            int block = b;
            gets++;
            services.smps().get(path, AttributeId.LINEAR_FORWARDING_TABLE, block, outcome -> {
                byte[] mad = Replies.okMad(outcome);
                if (mad == null || state.subnet().node(guid) != node) {
                    failed++;
                    pending.remove(guid);
                    return;
                }
                lft.setHeld(block, mad, Smp.DATA_OFFSET);
                if (--left[0] == 0 && pending.remove(guid) != null) {
                    read.put(guid, top);
                }
            });
        }
    }

    /**
     * The refresh of one switch: SwitchInfo, then one LFT block against the held one; the whole LFT when the top
     * moved, the block differs or the switch was never read whole.
     */
    private void check(SweepState state, Node node, DrPath path) {
        long guid = node.nodeGuid();
        Switch sw = node.asSwitch();
        gets++;
        services.smps().get(path, AttributeId.SWITCH_INFO, 0, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad == null || state.subnet().node(guid) != node) {
                failed++;
                return;
            }
            SwitchAttributes now = Attributes.of(SwitchInfo.decode(mad, Smp.DATA_OFFSET));
            sw.setAttributes(now);
            int top = now.linearFdbTop();
            Integer before = read.get(guid);
            if (before == null || before != top) {
                readWhole(state, node, path, top);
                return;
            }
            int block = random.nextInt(top / SwitchLft.BLOCK_SIZE + 1);
            gets++;
            services.smps().get(path, AttributeId.LINEAR_FORWARDING_TABLE, block, answer -> {
                byte[] lft = Replies.okMad(answer);
                if (lft == null || state.subnet().node(guid) != node) {
                    failed++;
                    return;
                }
                if (!sameAsHeld(sw.lft(), block, lft)) {
                    readWhole(state, node, path, top);
                }
            });
        });
    }

    private static boolean sameAsHeld(SwitchLft lft, int block, byte[] mad) {
        byte[] held = new byte[SwitchLft.BLOCK_SIZE];
        int from = block * SwitchLft.BLOCK_SIZE;
        for (int i = 0; i < held.length; i++) {
            held[i] = (byte) lft.programmedPort(from + i);
        }
        return Arrays.equals(held, 0, held.length, mad, Smp.DATA_OFFSET, Smp.DATA_OFFSET + held.length);
    }

    /** One of the two reads as a stage of the {@code standby} or {@code standby-refresh} list. */
    private final class ReadStage implements SweepStage {

        private final String name;
        private final boolean refresh;

        ReadStage(String name, boolean refresh) {
            this.name = name;
            this.refresh = refresh;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public StageOutcome run(SweepState state) {
            pending.clear();
            switchesRead = 0;
            gets = 0;
            failed = 0;
            if (!refresh) {
                read.clear();
            }
            for (Node node : state.subnet().nodes()) {
                DrPath path = node.isSwitch() ? state.paths().toNode(node) : null;
                SwitchAttributes a = path == null ? SwitchAttributes.NONE : node.asSwitch().attributes();
                if (a == SwitchAttributes.NONE) {
                    continue;
                }
                if (refresh) {
                    check(state, node, path);
                } else {
                    readWhole(state, node, path, a.linearFdbTop());
                }
            }
            return StageOutcome.CONTINUE;
        }

        @Override
        public StageOutcome finish(SweepState state) {
            LOG.log(refresh && switchesRead == 0 ? Level.DEBUG : LogLevels.VERBOSE,
                    "standby: {} Gets, {} switches' LFTs read whole, {} Gets failed; {} switches known whole", gets,
                    switchesRead, failed, read.size());
            int switches = 0;
            for (Node node : state.subnet().nodes()) {
                switches += node.isSwitch() && node.asSwitch().attributes() != SwitchAttributes.NONE ? 1 : 0;
            }
            readAt = System.nanoTime();
            current = failed == 0 && pending.isEmpty() && state.errors() == 0 && read.size() == switches
                    && (!refresh || switchesRead == 0);
            pending.clear();
            return StageOutcome.CONTINUE;
        }
    }

    /** The {@code takeover-check} stage of a trusted takeover. */
    private final class TakeoverCheck implements SweepStage {

        private final Runnable noSmMet;

        TakeoverCheck(Runnable noSmMet) {
            this.noSmMet = noSmMet;
        }

        @Override
        public String name() {
            return "takeover-check";
        }

        @Override
        public StageOutcome run(SweepState state) {
            mismatched = 0;
            if (!current()) {
                return StageOutcome.ABORT;
            }
            noSmMet.run();
            for (Node node : state.subnet().nodes()) {
                if (!node.isSwitch() || node.asSwitch().attributes() == SwitchAttributes.NONE) {
                    continue;
                }
                DrPath path = state.paths().toNode(node);
                Integer top = read.get(node.nodeGuid());
                if (path == null || top == null) {
                    mismatched++;
                    continue;
                }
                services.smps().get(path, AttributeId.SWITCH_INFO, 0, outcome -> {
                    byte[] mad = Replies.okMad(outcome);
                    SwitchAttributes now = mad == null ? null : Attributes.of(SwitchInfo.decode(mad, Smp.DATA_OFFSET));
                    if (now == null || now.linearFdbTop() != top || now.hasPortStateChange()) {
                        mismatched++;
                    }
                });
            }
            return StageOutcome.CONTINUE;
        }

        @Override
        public StageOutcome finish(SweepState state) {
            if (!current()) {
                LOG.info("taking over: the model held as standby is not known current: a full heavy sweep");
                return StageOutcome.ABORT;
            }
            if (mismatched > 0) {
                LOG.info("taking over: {} switches differ from the model held as standby (SwitchInfo): a full heavy "
                        + "sweep", mismatched);
                current = false;
                return StageOutcome.ABORT;
            }
            LOG.log(LogLevels.SYS, "taking over: the SwitchInfo of all {} switches is as held: the model read as "
                    + "standby is trusted", read.size());
            return StageOutcome.CONTINUE;
        }
    }
}
