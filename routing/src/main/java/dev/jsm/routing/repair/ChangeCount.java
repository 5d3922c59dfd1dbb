package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * What a repair changed, entry by entry: old and new rows of each switch present in both snapshots are compared
 * (vectorised, {@link Arrays#mismatch}), a LID past the old table's end counting as changed where it has a route;
 * a new switch's row counts as routed anew, and touches every column it has a route in. Columns routed anew count as
 * changed even where they came out as before.
 *
 * <p>Immutable after construction.
 */
final class ChangeCount {

    /** Per LID of the new snapshot: whether an entry of its column changed (or the column was routed anew). */
    final boolean[] changedLid;
    final long entries;
    final int switchesTouched;
    final int newSwitches;
    final int lidsChanged;

    ChangeCount(FabricDiff diff, LftTables beforeTables, LftTables out) {
        RoutingInput after = diff.after;
        changedLid = new boolean[after.maxLid() + 1];
        long changed = 0;
        int touched = 0;
        int fresh = 0;
        for (int ax = 0; ax < after.switchCount(); ax++) {
            byte[] row = out.lft(ax);
            int bx = diff.beforeOf[ax];
            if (bx < 0) {
                fresh++;
                markRouted(row, 1);
                continue;
            }
            byte[] old = beforeTables.lft(bx);
            int common = Math.min(old.length, row.length);
            long here = 0;
            int lid = 0;
            while (lid < common) {
                int m = Arrays.mismatch(row, lid, common, old, lid, common);
                if (m < 0) {
                    break;
                }
                lid += m;
                changedLid[lid] = true;
                here++;
                lid++;
            }
            here += markRouted(row, common);
            changed += here;
            touched += here > 0 ? 1 : 0;
        }
        for (int lid = 1; lid < changedLid.length; lid++) {
            changedLid[lid] |= diff.column[lid] == FabricDiff.ROUTE;
        }
        int lids = 0;
        for (boolean c : changedLid) {
            lids += c ? 1 : 0;
        }
        entries = changed;
        switchesTouched = touched;
        newSwitches = fresh;
        lidsChanged = lids;
    }

    /** Marks the LIDs from {@code from} on that {@code row} routes; returns how many. */
    private int markRouted(byte[] row, int from) {
        int n = 0;
        for (int lid = Math.max(1, from); lid < row.length; lid++) {
            if ((row[lid] & 0xFF) != LftTables.NO_PATH) {
                changedLid[lid] = true;
                n++;
            }
        }
        return n;
    }
}
