package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * What a repair changed, entry by entry: old and new rows of each switch present in both snapshots are compared
 * (vectorised, {@link Arrays#mismatch}), a LID past the old table's end counting as changed where it has a route;
 * a new switch's row counts as routed anew, and touches every column it has a route in. Columns routed anew count as
 * changed even where they came out as before. The changed entries of switches present before are listed
 * ({@link #entrySwitch}, {@link #entryLid}).
 *
 * <p>Not changed after construction.
 */
final class ChangeCount {

    /** Per LID of the new snapshot: whether an entry of its column changed (or the column was routed anew). */
    final boolean[] changedLid;
    /** The switch of each entry that changed or was routed anew in a switch present before, first {@link
     * #changedEntries} used. */
    int[] entrySwitch = new int[64];
    /** The LID of each such entry. */
    int[] entryLid = new int[64];
    int changedEntries;
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
                markRouted(-1, row, 1);
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
                addEntry(ax, lid);
                here++;
                lid++;
            }
            here += markRouted(ax, row, common);
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

    /**
     * Marks the LIDs from {@code from} on that {@code row} routes, recording them as changed entries of switch
     * {@code ax} unless it is -1 (a new switch); returns how many.
     */
    private int markRouted(int ax, byte[] row, int from) {
        int n = 0;
        for (int lid = Math.max(1, from); lid < row.length; lid++) {
            if ((row[lid] & 0xFF) != LftTables.NO_PATH) {
                changedLid[lid] = true;
                if (ax >= 0) {
                    addEntry(ax, lid);
                }
                n++;
            }
        }
        return n;
    }

    private void addEntry(int ax, int lid) {
        if (changedEntries == entrySwitch.length) {
            entrySwitch = Arrays.copyOf(entrySwitch, changedEntries * 2);
            entryLid = Arrays.copyOf(entryLid, changedEntries * 2);
        }
        entrySwitch[changedEntries] = ax;
        entryLid[changedEntries++] = lid;
    }
}
