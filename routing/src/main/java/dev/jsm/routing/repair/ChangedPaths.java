package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.SwitchDistances;

/**
 * The repair gate's check where verifying every changed LID column from every switch costs too much (an 11664-host
 * tree: 1620 switches times thousands of columns) and the engine promises nothing about credit loops: the path of
 * every entry the repair changed, and of every entry of each switch whose cables changed, is followed through the
 * repaired tables until it is delivered. It reads only the tables and the new snapshot's cables, none of the repair's
 * rules.
 *
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/routing.md#changedpaths.
 */
final class ChangedPaths {

    private ChangedPaths() {
    }

    /** What the check found: the first failed path ({@code null} if none) and how many paths it followed. */
    record Result(String failure, long paths) {
    }

    /**
     * Follows, in {@code tables} for the new snapshot of {@code diff}, the paths of the changed entries of
     * {@code changes}, of every entry of the switches whose cables changed, and of every entry of the columns of LIDs
     * not delivered at the same place before (new LIDs, moved hosts, CAs cabled again: their unchanged entries may
     * lead to where the LID was, or be left from an earlier time).
     */
    static Result check(FabricDiff diff, LftTables tables, ChangeCount changes) {
        RoutingInput in = diff.after;
        int[] component = SwitchDistances.components(in);
        long paths = 0;
        for (int i = 0; i < changes.changedEntries; i++) {
            String failure = follow(in, tables, component, changes.entrySwitch[i], changes.entryLid[i]);
            paths++;
            if (failure != null) {
                return new Result(failure, paths);
            }
        }
        int[] allSwitches = new int[in.switchCount()];
        int[] cableChanged = new int[in.switchCount()];
        int changedCount = 0;
        for (int sw = 0; sw < allSwitches.length; sw++) {
            allSwitches[sw] = sw;
            if (diff.cablesChanged[sw]) {
                cableChanged[changedCount++] = sw;
            }
        }
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            if (in.lidOwnerSwitch()[lid] < 0) {
                continue;
            }
            int[] starts = diff.sameOwner[lid] ? cableChanged : allSwitches;
            int n = diff.sameOwner[lid] ? changedCount : allSwitches.length;
            for (int i = 0; i < n; i++) {
                String failure = follow(in, tables, component, starts[i], lid);
                paths++;
                if (failure != null) {
                    return new Result(failure, paths);
                }
            }
        }
        return new Result(null, paths);
    }

    /** Why the path from switch {@code start} to {@code lid} is not delivered, or {@code null}. */
    private static String follow(RoutingInput in, LftTables tables, int[] component, int start, int lid) {
        int owner = in.lidOwnerSwitch()[lid];
        if (owner < 0) {
            return null;
        }
        int cur = start;
        for (int hops = 0; hops <= in.switchCount(); hops++) {
            int port = tables.port(cur, lid);
            if (cur == owner) {
                int want = in.lidOwnerPort()[lid] & 0xFF;
                return port == want ? null : describe(in, start, lid, cur, "port " + port + " instead of " + want);
            }
            if (port == LftTables.NO_PATH) {
                return component[cur] != component[owner] ? null : describe(in, start, lid, cur, "no entry");
            }
            int e = in.edgeOfPort(cur, port);
            if (e < 0) {
                return describe(in, start, lid, cur, "port " + port + " leads to no switch");
            }
            cur = in.peerSwitch()[e];
        }
        return describe(in, start, lid, cur, "a loop");
    }

    private static String describe(RoutingInput in, int start, int lid, int at, String what) {
        return String.format("the path from switch 0x%016x to LID %d meets %s at switch 0x%016x",
                in.switchGuid()[start], lid, what, in.switchGuid()[at]);
    }
}
