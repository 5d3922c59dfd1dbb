package dev.jsm.routing.repair;

import dev.jsm.routing.RoutingInput;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * Matches two snapshots of one fabric, whose dense indices may differ: switches by node GUID, ports by number, end
 * ports by port GUID, LIDs by the end port holding them. Says, per switch of the new snapshot, which switch of the
 * old one it is; per LID of the new snapshot, what its LFT column needs ({@link #LEAVE}, {@link #CHECK},
 * {@link #ROUTE}); and which {@link RepairCase}s the fabric shows, each counted once per cable or end port.
 *
 * <p>Immutable after construction; safe to share.
 *
 * <p>In detail: docs/design/routing.md#fabricdiff.
 */
final class FabricDiff {

    /** Column kind: leave the entries as they were (the LID has no reachable owner). */
    static final byte LEAVE = 0;
    /** Column kind: keep each entry the engine still allows, re-choose the others. */
    static final byte CHECK = 1;
    /** Column kind: route every entry anew. */
    static final byte ROUTE = 2;

    final RoutingInput before;
    final RoutingInput after;
    /** Per switch of {@link #after}: its index in {@link #before}, or -1 if it is new. */
    final int[] beforeOf;
    /** Per switch of {@link #before}: its index in {@link #after}, or -1 if it is gone. */
    final int[] afterOf;
    /** Per LID {@code 0..after.maxLid()}: {@link #LEAVE}, {@link #CHECK} or {@link #ROUTE}. */
    final byte[] column;
    /**
     * Per LID of {@link #after}: whether the same end port held it before, delivered by the same switch port: its
     * column in the old tables led to where it still is (a {@link #CHECK} column whose CA was not cabled before
     * holds whatever entries were left from an earlier time).
     */
    final boolean[] sameOwner;
    /** Per switch of {@link #after}: whether it is new or one of its switch-to-switch cables went or came. */
    final boolean[] cablesChanged;
    private final Map<RepairCase, Integer> cases = new EnumMap<>(RepairCase.class);

    FabricDiff(RoutingInput before, RoutingInput after) {
        this.before = before;
        this.after = after;
        beforeOf = new int[after.switchCount()];
        afterOf = new int[before.switchCount()];
        column = new byte[after.maxLid() + 1];
        cablesChanged = new boolean[after.switchCount()];
        sameOwner = new boolean[after.maxLid() + 1];
        matchSwitches();
        compareLinks();
        compareEndPorts();
    }

    /** Every change found, with its count. */
    Map<RepairCase, Integer> cases() {
        return cases;
    }

    /**
     * The switch (index in {@link #after}) that port {@code port} of {@code ax} led to in {@link #before}, or -1
     * (the switch is new, the port led to no switch, or that switch is gone).
     */
    int formerNeighbour(int ax, int port) {
        int bx = beforeOf[ax];
        int e = bx < 0 ? -1 : before.edgeOfPort(bx, port);
        return e < 0 ? -1 : afterOf[before.peerSwitch()[e]];
    }

    private void count(RepairCase c) {
        cases.merge(c, 1, Integer::sum);
    }

    private void matchSwitches() {
        for (int bx = 0; bx < afterOf.length; bx++) {
            afterOf[bx] = after.switchIndexOf(before.switchGuid()[bx]);
            if (afterOf[bx] < 0) {
                count(RepairCase.SWITCH_GONE);
            }
        }
        for (int ax = 0; ax < beforeOf.length; ax++) {
            beforeOf[ax] = before.switchIndexOf(after.switchGuid()[ax]);
            if (beforeOf[ax] < 0) {
                count(RepairCase.NEW_SWITCH);
                cablesChanged[ax] = true;
            }
        }
    }

    /**
     * Cables of switches present in both snapshots: one lost is a link down (parallel or last), one found a link up.
     * Each cable is counted from its end with the lower (switch, port).
     */
    private void compareLinks() {
        for (int bx = 0; bx < afterOf.length; bx++) {
            int ax = afterOf[bx];
            for (int e = before.linkStart()[bx]; ax >= 0 && e < before.linkStart()[bx + 1]; e++) {
                int pa = afterOf[before.peerSwitch()[e]];
                int port = before.localPort()[e] & 0xFF;
                int peerPort = before.peerPort()[e] & 0xFF;
                boolean gone = pa < 0 || !sameCable(after, ax, port, pa, peerPort);
                cablesChanged[ax] |= gone;
                if (!gone || pa < 0 || !firstEnd(bx, port, before.peerSwitch()[e], peerPort)) {
                    continue;
                }
                count(linked(after, ax, pa) ? RepairCase.PARALLEL_LINK_DOWN : RepairCase.LAST_LINK_DOWN);
            }
        }
        for (int ax = 0; ax < beforeOf.length; ax++) {
            int bx = beforeOf[ax];
            for (int e = after.linkStart()[ax]; bx >= 0 && e < after.linkStart()[ax + 1]; e++) {
                int pb = beforeOf[after.peerSwitch()[e]];
                int port = after.localPort()[e] & 0xFF;
                int peerPort = after.peerPort()[e] & 0xFF;
                boolean found = pb < 0 || !sameCable(before, bx, port, pb, peerPort);
                cablesChanged[ax] |= found;
                if (found && pb >= 0 && firstEnd(ax, port, after.peerSwitch()[e], peerPort)) {
                    count(RepairCase.LINK_UP);
                }
            }
        }
    }

    private static boolean firstEnd(int sw, int port, int peer, int peerPort) {
        return sw < peer || sw == peer && port < peerPort;
    }

    /** Whether {@code in} has the cable from {@code sw} port {@code port} to {@code peer} port {@code peerPort}. */
    private static boolean sameCable(RoutingInput in, int sw, int port, int peer, int peerPort) {
        int e = in.edgeOfPort(sw, port);
        return e >= 0 && in.peerSwitch()[e] == peer && (in.peerPort()[e] & 0xFF) == peerPort;
    }

    /** Whether {@code in} still has a cable between {@code sw} and {@code peer}. */
    private static boolean linked(RoutingInput in, int sw, int peer) {
        for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
            if (in.peerSwitch()[e] == peer) {
                return true;
            }
        }
        return false;
    }

    private void compareEndPorts() {
        Map<Long, Integer> beforeByGuid = new HashMap<>(2 * before.endPortCount() + 1);
        for (int eb = 0; eb < before.endPortCount(); eb++) {
            beforeByGuid.put(before.endPortGuid()[eb], eb);
        }
        for (int ea = 0; ea < after.endPortCount(); ea++) {
            Integer eb = beforeByGuid.remove(after.endPortGuid()[ea]);
            byte kind = classify(ea, eb == null ? -1 : eb);
            int base = after.endPortBaseLid()[ea];
            boolean same = kind == CHECK && before.endPortSwitch()[eb] >= 0;
            for (int lid = base; lid < base + after.endPortLidCount()[ea]; lid++) {
                column[lid] = kind;
                sameOwner[lid] = same;
            }
        }
        for (int eb : beforeByGuid.values()) {
            if (!before.endPortIsSwitch()[eb] && before.endPortSwitch()[eb] >= 0) {
                count(RepairCase.CA_LINK_DOWN);
            }
        }
    }

    /** The column kind of end port {@code ea}'s LIDs ({@code eb} the same port in {@link #before}, or -1). */
    private byte classify(int ea, int eb) {
        int owner = after.endPortSwitch()[ea];
        boolean isSwitch = after.endPortIsSwitch()[ea];
        if (owner < 0) {
            if (eb >= 0 && before.endPortSwitch()[eb] >= 0 && !isSwitch) {
                count(RepairCase.CA_LINK_DOWN);
            }
            return LEAVE;
        }
        if (eb < 0) {
            if (!isSwitch) {
                count(RepairCase.NEW_END_PORT);
            }
            return ROUTE;
        }
        int base = after.endPortBaseLid()[ea];
        if (before.endPortBaseLid()[eb] != base || before.endPortLidCount()[eb] != after.endPortLidCount()[ea]) {
            count(RepairCase.LID_CHANGED);
            return ROUTE;
        }
        int formerOwner = before.endPortSwitch()[eb];
        if (formerOwner < 0) {
            count(RepairCase.CA_LINK_UP);
            return CHECK;
        }
        if (before.switchGuid()[formerOwner] != after.switchGuid()[owner]
                || before.lidOwnerPort()[base] != after.lidOwnerPort()[base]) {
            count(RepairCase.HOST_MOVED);
            return ROUTE;
        }
        return CHECK;
    }
}
