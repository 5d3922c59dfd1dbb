package dev.jsm.daemon.mcast;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.DeviceOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.route.SwitchInfoSetter;
import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.smp.MulticastForwardingTable;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.SwitchTree;
import dev.jsm.routing.mcast.McastTree;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.ProgrammableTable;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.SwitchMft;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Programs the switches' multicast tables by block diff: every heavy sweep recomputes each group of
 * {@link McastGroups} as a {@link McastTree} over the switches the unicast routing just saw (inside the routing
 * engine's own spanning tree when it has one: torus-2QoS; a group with fewer than two member ports gets none), sets
 * the wanted MFT entries, and sends a MulticastForwardingTable Set for each (position, block) whose content differs
 * from what the switch is known to hold (every block of a switch new to this SM; {@link BlockSync}), after setting
 * SwitchInfo's MulticastFDBTop where the switch supports it ({@code use_mfttop}). Groups whose members are all gone
 * leave empty entries, which the diff clears on the switches. Each tree computed is reported to the activity report
 * ({@code mcg_tree_calc}). Behavioural counterpart: OpenSM's
 * {@code osm_mcast_mgr.c}.
 *
 * <p>Confined to the SM thread.
 *
 * <p>In detail: docs/design/daemon.md#mftprogrammer.
 */
public final class MftProgrammer implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(MftProgrammer.class);
    /**
     * Fewest member ports a group needs for a tree: a lone member has nobody to send to, so its MLID stays out of
     * the MFTs (OpenSM's spanning tree builder: "MLID has 1 members - nothing to do", checked with dump_mfts under
     * ibsim). An engine's own tree (torus-2QoS) is built whatever the count, as OpenSM's torus does.
     */
    private static final int MIN_TREE_MEMBERS = 2;

    /** Which groups a run recomputes. */
    public enum Scope {
        /** Every group (the heavy sweep). */
        ALL,
        /** The groups changed since the last run (a multicast update). */
        CHANGED
    }

    private final StageServices services;
    private final McastGroups mcastGroups;
    private final RoutingState routes;
    private final Scope scope;
    private boolean changedAny;
    private int blockSets;
    private int topSets;
    private int groups;

    /**
     * @param services the SMP sender, the options and the activity report
     * @param mcastGroups the groups to program (the SA's joins and leaves, the partitions' broadcast groups)
     * @param routes the routing in force, whose input (switches, links, LIDs) the trees are built on
     * @param scope which groups a run recomputes
     */
    public MftProgrammer(StageServices services, McastGroups mcastGroups, RoutingState routes, Scope scope) {
        this.services = services;
        this.mcastGroups = mcastGroups;
        this.routes = routes;
        this.scope = scope;
    }

    @Override
    public String name() {
        return scope == Scope.ALL ? "mft-programming" : "mft-update";
    }

    @Override
    public StageOutcome run(SweepState state) {
        blockSets = 0;
        topSets = 0;
        groups = 0;
        BitSet changed = mcastGroups.takeChanged();
        if (services.options().get(DebugOptions.DISABLE_MULTICAST)) {
            changedAny = false;
            return StageOutcome.CONTINUE;
        }
        changedAny = !changed.isEmpty();
        RoutingInput in = routes.input();
        if (in == null || scope == Scope.CHANGED && !changedAny) {
            return StageOutcome.CONTINUE;
        }
        for (int i = 0; i < state.subnet().switchCount(); i++) {
            SwitchMft mft = state.subnet().switchAt(i).mft();
            if (scope == Scope.ALL) {
                mft.clearWanted();
            } else {
                changed.stream().forEach(mft::clearWanted);
            }
        }
        Map<Long, Integer> endPortByGuid = new HashMap<>(2 * in.endPortCount());
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            endPortByGuid.put(in.endPortGuid()[ep], ep);
        }
        SwitchTree imposed = routes.isRouted() ? routes.result().routed().mcastTree() : null;
        for (Map.Entry<Integer, Set<Long>> g : mcastGroups.groups().entrySet()) {
            if (scope == Scope.CHANGED && !changed.get(g.getKey())) {
                continue;
            }
            int[] members = g.getValue().stream().map(endPortByGuid::get).filter(ep -> ep != null)
                    .mapToInt(Integer::intValue).toArray();
            groups++;
            if (imposed == null && members.length < MIN_TREE_MEMBERS) {
                continue;
            }
            addTree(state, in, g.getKey(), McastTree.build(in, members, imposed));
            services.activity().mcgTreeCalc(g.getKey());
        }
        BitSet blocks = scope == Scope.ALL ? null : changedBlocks(changed);
        boolean useMftTop = services.options().get(DeviceOptions.USE_MFTTOP);
        BlockSync mfts = new BlockSync(state, services.smps(), AttributeId.MULTICAST_FORWARDING_TABLE,
                BlockSync.Held.AS_SENT);
        for (Node node : state.subnet().nodes()) {
            if (node.isSwitch()) {
                if (useMftTop) {
                    setMftTop(state, node.asSwitch());
                }
                program(state, mfts, node.asSwitch(), blocks);
            }
        }
        return StageOutcome.CONTINUE;
    }

    /**
     * Whether the last run had groups to recompute: every heavy sweep's; a multicast update's only when a group
     * changed since the run before.
     */
    public boolean changedAny() {
        return scope == Scope.ALL || changedAny;
    }

    /** The MFT blocks the MLIDs {@code changed} are in. */
    private static BitSet changedBlocks(BitSet changed) {
        BitSet blocks = new BitSet();
        changed.stream().forEach(mlid -> blocks.set((mlid - Lid.MULTICAST_MIN) / SwitchMft.BLOCK_SIZE));
        return blocks;
    }

    /**
     * {@code use_mfttop}: on a switch whose port 0 CapabilityMask says IsMulticastFDBTopSupported, sets
     * SwitchInfo.MulticastFDBTop to the last MLID of the last MFT block in use (0xBFFF when none is), so the switch
     * looks no further; nothing is sent when it already holds that value. As OpenSM's {@code mcast_mgr_set_mfttop}
     * (without its first-sweep value from the SA database file, which jsm does not keep).
     */
    private void setMftTop(SweepState state, Switch sw) {
        PhysPort port0 = sw.node().port(0);
        SwitchAttributes a = sw.attributes();
        DrPath path = state.paths().toNode(sw.node());
        if (a == null || a == SwitchAttributes.NONE || path == null || port0 == null || port0.attributes() == null
                || (port0.attributes().capabilityMask() & PortInfo.CAP_IS_MULTICAST_FDB_TOP_SUPPORTED) == 0) {
            return;
        }
        int wantedTop = sw.mft().wantedTop();
        int top = wantedTop == 0 ? Lid.MULTICAST_MIN - 1
                : Lid.MULTICAST_MIN + ((wantedTop - Lid.MULTICAST_MIN) / SwitchMft.BLOCK_SIZE + 1)
                        * SwitchMft.BLOCK_SIZE - 1;
        if (top == a.multicastFdbTop()) {
            return;
        }
        topSets++;
        SwitchInfoSetter.set(state, services, sw, path, false, top, why -> LOG.error(
                "MCST-0903 SwitchInfo Set (MulticastFDBTop 0x{}) of {} failed: {}", Integer.toHexString(top), sw, why));
    }

    private static void addTree(SweepState state, RoutingInput in, int mlid, McastTree tree) {
        for (int sw : tree.switches()) {
            Node node = state.subnet().node(in.switchGuid()[sw]);
            if (node == null || !node.isSwitch()) {
                continue;
            }
            SwitchMft mft = node.asSwitch().mft();
            for (int port = 0; port <= in.switchNumPorts()[sw]; port++) {
                if (tree.forwards(sw, port)) {
                    mft.setWantedPort(mlid, port, true);
                }
            }
        }
    }

    /** Sends the blocks of {@code sw} that differ, among {@code only} ({@code null}: every block). */
    private void program(SweepState state, BlockSync mfts, Switch sw, BitSet only) {
        SwitchMft mft = sw.mft();
        int blocks = mft.blockCount();
        if (blocks == 0) {
            return;
        }
        DrPath path = state.paths().toNode(sw.node());
        if (path == null) {
            return;
        }
        int cap = sw.attributes().multicastFdbCap();
        if (blocks * SwitchMft.BLOCK_SIZE > cap) {
            LOG.error("MCST-0901 {} holds {} MLIDs only (MulticastFDBCap); groups up to MLID 0x{} are not forwarded",
                    sw, cap, Integer.toHexString(mft.wantedTop()));
            state.recordError();
            blocks = cap / SwitchMft.BLOCK_SIZE;
        }
        for (int position = 0; position < mft.positions(); position++) {
            ProgrammableTable table = mft.position(position);
            int pos = position;
            BlockSync.SetFailure failure = (block, modifier, why) -> LOG.error(
                    "MCST-0902 MFT position {} block {} Set of switch {} failed: {}", pos, block,
                    Guid.toString(sw.nodeGuid()), why);
            for (int block = 0; block < blocks; block++) {
                if (only != null && !only.get(block)) {
                    continue;
                }
                if (mfts.sync(path, table, block, MulticastForwardingTable.modifier(position, block), failure)) {
                    blockSets++;
                }
            }
        }
    }

    /**
     * In a heavy sweep: the QoS and link stages neither read nor change the MFT blocks its answers record;
     * activation still waits for them. Not in a multicast update, whose next stage publishes what they recorded.
     */
    @Override
    public boolean overlapsNext() {
        return scope == Scope.ALL;
    }

    @Override
    public StageOutcome finish(SweepState state) {
        if (changedAny()) {
            LOG.log(LogLevels.VERBOSE, "SWITCHES CONFIGURED FOR MULTICAST: {} groups{}, {} MFT block Sets, {} "
                    + "MulticastFDBTop Sets", groups, scope == Scope.ALL ? "" : " changed", blockSets, topSets);
        }
        return StageOutcome.CONTINUE;
    }
}
