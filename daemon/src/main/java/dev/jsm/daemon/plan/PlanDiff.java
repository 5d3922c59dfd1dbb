package dev.jsm.daemon.plan;

import dev.jsm.daemon.plan.FabricTables.PortKey;
import dev.jsm.routing.RoutingInput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a HUP would change, as the plan reports it: per switch the LFT entries and 64-entry blocks that change, the
 * (source switch, destination LID) pairs whose path moves, the route verifier's figures before and after, the ports
 * whose P_Key, SL2VL or VL arbitration tables change, the LIDs that change (a HUP must change none), the option
 * changes a HUP does not apply and the errors the new files gave. {@link #ok} is the plan's verdict.
 *
 * <p>Immutable; safe to share.
 *
 * @param switchCount switches compared
 * @param switches the switches whose LFT changes, in GUID order of the before tables
 * @param pairs pairs compared (every switch to every LID an end port holds)
 * @param pairsMoved pairs whose path leaves some switch on another port
 * @param before the verifier's figures on the tables before
 * @param after the verifier's figures on the tables after
 * @param pKeyTables ports whose P_Key table changes
 * @param sl2VlTables SL2VL tables (a switch's per input and output port) that change
 * @param vlArbTables ports whose VL arbitration table changes
 * @param lids the LIDs that change
 * @param restartOnly option changes a HUP leaves for a restart ({@code name: old -> new})
 * @param errors what the daemon logged as errors while it read the new files (file:line and what was wrong)
 */
public record PlanDiff(int switchCount, List<SwitchChange> switches, long pairs, long pairsMoved,
                       RouteSummary before, RouteSummary after, List<PortKey> pKeyTables, List<PortKey> sl2VlTables,
                       List<PortKey> vlArbTables, List<LidChange> lids, List<String> restartOnly,
                       List<String> errors) {

    /** LIDs per LFT block (LinearForwardingTable attribute). */
    public static final int LFT_BLOCK = 64;

    /**
     * One switch's LFT change.
     *
     * @param guid the switch's node GUID
     * @param name its node description
     * @param entries LFT entries that change
     * @param blocks 64-entry blocks that change (the LinearForwardingTable Sets a HUP sends)
     */
    public record SwitchChange(long guid, String name, int entries, int blocks) {
    }

    /**
     * One port whose LID changes.
     *
     * @param portGuid the port GUID
     * @param before its base LID before (0: none)
     * @param after its base LID after (0: none)
     */
    public record LidChange(long portGuid, int before, int after) {
    }

    /** Copies the lists. */
    public PlanDiff {
        switches = List.copyOf(switches);
        pKeyTables = List.copyOf(pKeyTables);
        sl2VlTables = List.copyOf(sl2VlTables);
        vlArbTables = List.copyOf(vlArbTables);
        lids = List.copyOf(lids);
        restartOnly = List.copyOf(restartOnly);
        errors = List.copyOf(errors);
    }

    /**
     * Compares two read-backs of one fabric.
     *
     * @param in the fabric's routing input after (its links and which switch delivers each LID)
     * @param a the tables before
     * @param b the tables after
     * @param before the verifier's figures on {@code a}
     * @param after the verifier's figures on {@code b}
     * @param restartOnly option changes a HUP leaves for a restart
     * @param errors errors the new files gave
     */
    public static PlanDiff of(RoutingInput in, FabricTables a, FabricTables b, RouteSummary before,
                              RouteSummary after, List<String> restartOnly, List<String> errors) {
        List<SwitchChange> switches = new ArrayList<>();
        for (Map.Entry<Long, int[]> e : a.lfts().entrySet()) {
            int[] x = e.getValue();
            int[] y = b.lfts().getOrDefault(e.getKey(), new int[0]);
            int entries = 0;
            TreeSet<Integer> blocks = new TreeSet<>();
            for (int lid = 1; lid < Math.max(x.length, y.length); lid++) {
                if (entry(x, lid) != entry(y, lid)) {
                    entries++;
                    blocks.add(lid / LFT_BLOCK);
                }
            }
            if (entries > 0) {
                switches.add(new SwitchChange(e.getKey(), a.names().getOrDefault(e.getKey(), ""), entries,
                        blocks.size()));
            }
        }
        long[] moved = movedPairs(in, a, b);
        return new PlanDiff(a.lfts().size(), switches, moved[0], moved[1], before, after,
                changed(a.pKeys(), b.pKeys()), changed(a.sl2Vl(), b.sl2Vl()), changed(a.vlArb(), b.vlArb()),
                lidChanges(a.lids(), b.lids()), restartOnly, errors);
    }

    /** LFT entries that change, over all switches. */
    public long lftEntries() {
        return switches.stream().mapToLong(SwitchChange::entries).sum();
    }

    /** LFT blocks that change, over all switches. */
    public long lftBlocks() {
        return switches.stream().mapToLong(SwitchChange::blocks).sum();
    }

    /** Share of the pairs that move, 0..1. */
    public double movedShare() {
        return pairs == 0 ? 0 : (double) pairsMoved / pairs;
    }

    /**
     * Why a HUP with the new files should not be given: errors in the files, pairs left unreachable, a credit loop,
     * LIDs changed. Empty when nothing is wrong.
     */
    public List<String> problems() {
        List<String> p = new ArrayList<>();
        if (!errors.isEmpty()) {
            p.add(errors.size() + " error(s) in the new files");
        }
        if (after.unreachable() > 0) {
            p.add(after.unreachable() + " pair(s) unreachable");
        }
        if (after.creditLoop()) {
            p.add("a credit loop closes");
        }
        if (!lids.isEmpty()) {
            p.add(lids.size() + " LID(s) change");
        }
        return p;
    }

    /** Whether nothing is wrong with the change. */
    public boolean ok() {
        return problems().isEmpty();
    }

    private static int entry(int[] lft, int lid) {
        return lid < lft.length ? lft[lid] : FabricTables.NO_PORT;
    }

    /** The keys whose table differs (or exists on one side only). */
    private static List<PortKey> changed(Map<PortKey, int[]> a, Map<PortKey, int[]> b) {
        TreeSet<PortKey> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys.stream().filter(k -> !Arrays.equals(a.get(k), b.get(k))).toList();
    }

    private static List<LidChange> lidChanges(Map<Long, Integer> a, Map<Long, Integer> b) {
        TreeSet<Long> guids = new TreeSet<>(Long::compareUnsigned);
        guids.addAll(a.keySet());
        guids.addAll(b.keySet());
        List<LidChange> out = new ArrayList<>();
        for (long g : guids) {
            int x = a.getOrDefault(g, 0);
            int y = b.getOrDefault(g, 0);
            if (x != y) {
                out.add(new LidChange(g, x, y));
            }
        }
        return out;
    }

    /**
     * {pairs, moved}: walks every (switch, end-port LID) pair through both LFTs in step from the source switch; the
     * pair moves at the first switch whose two entries differ (until then both walks are at the same switch).
     */
    private static long[] movedPairs(RoutingInput in, FabricTables a, FabricTables b) {
        int switches = in.switchCount();
        int[][] x = new int[switches][];
        int[][] y = new int[switches][];
        for (int s = 0; s < switches; s++) {
            x[s] = a.lfts().getOrDefault(in.switchGuid()[s], new int[0]);
            y[s] = b.lfts().getOrDefault(in.switchGuid()[s], new int[0]);
        }
        long pairs = 0;
        long moved = 0;
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            if (in.lidEndPort()[lid] < 0) {
                continue;
            }
            for (int s = 0; s < switches; s++) {
                pairs++;
                if (moves(in, x, y, s, lid)) {
                    moved++;
                }
            }
        }
        return new long[] {pairs, moved};
    }

    private static boolean moves(RoutingInput in, int[][] x, int[][] y, int source, int lid) {
        int sw = source;
        for (int hop = 0; hop <= in.switchCount(); hop++) {
            int port = entry(x[sw], lid);
            if (port != entry(y[sw], lid)) {
                return true;
            }
            boolean delivered = in.lidOwnerSwitch()[lid] == sw && (in.lidOwnerPort()[lid] & 0xFF) == port;
            int edge = in.edgeOfPort(sw, port);
            if (delivered || edge < 0) {
                return false;
            }
            sw = in.peerSwitch()[edge];
        }
        return false;
    }
}
