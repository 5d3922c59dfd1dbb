package dev.jsm.routing.repair;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RouteCompletion;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.SwitchDistances;
import java.util.Arrays;

/**
 * The repair of an engine that names its allowed egress ports ({@link RepairRules.Candidates}): every switch starts
 * from its old row, keeps each entry of a column to check ({@link FabricDiff}) whose port is still a candidate toward
 * the destination, and re-chooses the others among the candidates, least loaded first ({@link PortLoads}). Candidates
 * lead strictly closer to the destination, so every repaired route arrives without a loop. Rows are independent and
 * repaired in parallel; the tables do not depend on the thread count.
 *
 * <p>Confined to the calling thread (and its joined workers).
 *
 * <p>In detail: docs/design/routing.md#candidaterepair.
 */
final class CandidateRepair {

    private final FabricDiff diff;
    private final RoutingInput after;
    private final LftTables beforeTables;
    private final LftTables out;
    private final RepairRules.Candidates rules;
    private final boolean[] counted;
    private final boolean[] switchLid;
    private final int[] component;
    private final int[] routeLids;
    private final long[][] completed;
    /** Per LID: entries left empty because no candidate exists, at switches connected to its owner. */
    final int[] emptyByLid;
    private final boolean[] recomplete;
    /**
     * When the engine says toward which destination switches its candidates are unchanged
     * ({@link RepairRules.Candidates#sameToward}): the LIDs whose entries a switch with unchanged cables must look at
     * (routed anew, not delivered at the same place before, or toward a destination whose candidates changed). Its
     * other entries were among the candidates before, and are now; an empty one stays empty, its destination as
     * unreachable as before. {@code null} otherwise: every entry is looked at.
     */
    private final int[] mustLook;

    /**
     * A repair of {@code beforeTables} (routed on {@code diff.before}) into new tables for {@code diff.after}.
     *
     * @param counted per LID of {@code diff.after} whether its routes count in a port's load
     */
    CandidateRepair(FabricDiff diff, LftTables beforeTables, RepairRules.Candidates rules, boolean[] counted) {
        this.diff = diff;
        this.after = diff.after;
        this.beforeTables = beforeTables;
        this.out = LftTables.forInput(after);
        this.rules = rules;
        this.counted = counted;
        int maxLid = after.maxLid();
        switchLid = new boolean[maxLid + 1];
        int routes = 0;
        for (int lid = 1; lid <= maxLid; lid++) {
            int ep = after.lidEndPort()[lid];
            switchLid[lid] = ep >= 0 && after.endPortIsSwitch()[ep];
            routes += diff.column[lid] == FabricDiff.ROUTE ? 1 : 0;
        }
        routeLids = new int[routes];
        for (int lid = 1, k = 0; lid <= maxLid; lid++) {
            if (diff.column[lid] == FabricDiff.ROUTE) {
                routeLids[k++] = lid;
            }
        }
        component = SwitchDistances.components(after);
        completed = rules.completeSwitchLids() ? new long[after.switchCount()][] : null;
        emptyByLid = new int[maxLid + 1];
        recomplete = new boolean[maxLid + 1];
        mustLook = rules.sameToward() == null ? null : mustLook(diff, rules.sameToward());
    }

    private static int[] mustLook(FabricDiff diff, boolean[] sameToward) {
        int[] owner = diff.after.lidOwnerSwitch();
        int[] lids = new int[diff.column.length];
        int n = 0;
        for (int lid = 1; lid < diff.column.length; lid++) {
            byte kind = diff.column[lid];
            if (kind == FabricDiff.ROUTE
                    || kind == FabricDiff.CHECK && (!diff.sameOwner[lid] || !sameToward[owner[lid]])) {
                lids[n++] = lid;
            }
        }
        return Arrays.copyOf(lids, n);
    }

    /** Repairs every row, then recomputes the completed switch LID columns that need it; returns the tables. */
    LftTables run(int threads) {
        ParallelRanges.run(after.switchCount(), threads, 8, (from, to) -> {
            Worker w = new Worker();
            for (int ax = from; ax < to; ax++) {
                w.repair(ax);
            }
            w.merge();
        });
        if (completed != null) {
            recompleteSwitchLids(threads);
        }
        return out;
    }

    /** Clears the completed entries of the columns to recomplete and lets {@link RouteCompletion} fill them. */
    private void recompleteSwitchLids(int threads) {
        int n = 0;
        for (boolean r : recomplete) {
            n += r ? 1 : 0;
        }
        if (n == 0) {
            return;
        }
        int[] lids = new int[n];
        for (int lid = 0, k = 0; lid < recomplete.length; lid++) {
            if (recomplete[lid]) {
                lids[k++] = lid;
            }
        }
        for (int ax = 0; ax < completed.length; ax++) {
            long[] bits = completed[ax];
            for (int k = 0; bits != null && k < lids.length; k++) {
                int lid = lids[k];
                if ((bits[lid >>> 6] >>> lid & 1) != 0) {
                    out.lft(ax)[lid] = (byte) LftTables.NO_PATH;
                }
            }
        }
        boolean[] all = new boolean[after.switchCount()];
        Arrays.fill(all, true);
        RouteCompletion.complete(after, out, lids, all, threads);
    }

    /** The scratch of one worker: candidate tests, loads, the entries to settle. */
    private final class Worker {
        private final EgressCandidates candidates = rules.candidates().get();
        private final PortLoads loads = new PortLoads();
        private final int[] empty = new int[after.maxLid() + 1];
        private final boolean[] broken = new boolean[after.maxLid() + 1];
        private final byte[] toward = new byte[256];
        private final byte[] preferred = new byte[256];
        private int[] pending = new int[64];
        private byte[] oldPort = new byte[64];
        private int pendingCount;

        void repair(int ax) {
            byte[] row = out.lft(ax);
            int bx = diff.beforeOf[ax];
            if (bx >= 0) {
                byte[] old = beforeTables.lft(bx);
                System.arraycopy(old, 0, row, 0, Math.min(old.length, row.length));
                for (int lid : routeLids) {
                    row[lid] = (byte) LftTables.NO_PATH;
                }
            }
            pendingCount = 0;
            settle(ax, row);
            if (pendingCount == 0) {
                return;
            }
            if (completed != null) {
                completed[ax] = new long[(row.length >>> 6) + 1];
            }
            int rechosen = setAsideWithoutCandidate(ax, row);
            if (rechosen > 0) {
                loads.count(row, counted, rules.uncountedPorts(), after.portStart()[ax], after.switchNumPorts()[ax]);
                choose(ax, row, rechosen);
            }
        }

        /**
         * Keeps or delivers each entry, and collects the ones the rules no longer allow (or never set); at a switch
         * whose cables did not change, only the entries of {@link #mustLook}.
         */
        private void settle(int ax, byte[] row) {
            if (mustLook != null && !diff.cablesChanged[ax]) {
                for (int lid : mustLook) {
                    settle(ax, row, lid);
                }
                return;
            }
            byte[] column = diff.column;
            for (int lid = 1; lid < row.length; lid++) {
                if (column[lid] != FabricDiff.LEAVE) {
                    settle(ax, row, lid);
                }
            }
        }

        private void settle(int ax, byte[] row, int lid) {
            int d = after.lidOwnerSwitch()[lid];
            if (d == ax) {
                row[lid] = after.lidOwnerPort()[lid];
                return;
            }
            int p = row[lid] & 0xFF;
            boolean check = diff.column[lid] == FabricDiff.CHECK && p != LftTables.NO_PATH;
            if (check && candidates.allows(ax, d, p)) {
                return;
            }
            if (pendingCount == pending.length) {
                pending = Arrays.copyOf(pending, pendingCount * 2);
                oldPort = Arrays.copyOf(oldPort, pendingCount * 2);
            }
            pending[pendingCount] = lid;
            oldPort[pendingCount++] = (byte) (check ? p : LftTables.NO_PATH);
        }

        /**
         * Settles the pending entries without any candidate and clears the others, which move to the front of the
         * pending list; returns how many those are.
         */
        private int setAsideWithoutCandidate(int ax, byte[] row) {
            int[] owner = after.lidOwnerSwitch();
            int n = 0;
            for (int i = 0; i < pendingCount; i++) {
                int lid = pending[i];
                int d = owner[lid];
                if (!candidates.reaches(ax, d)) {
                    settleWithoutCandidate(ax, row, lid, d, oldPort[i] & 0xFF);
                    continue;
                }
                row[lid] = (byte) LftTables.NO_PATH;
                pending[n] = lid;
                oldPort[n++] = oldPort[i];
            }
            return n;
        }

        private void settleWithoutCandidate(int ax, byte[] row, int lid, int d, int oldPortNumber) {
            if (completed != null && switchLid[lid]) {
                completed[ax][lid >>> 6] |= 1L << lid;
                int e = oldPortNumber == LftTables.NO_PATH ? -1 : after.edgeOfPort(ax, oldPortNumber);
                if (e < 0 || diff.formerNeighbour(ax, oldPortNumber) != after.peerSwitch()[e]) {
                    row[lid] = (byte) LftTables.NO_PATH;
                    broken[lid] = true;
                }
                return;
            }
            row[lid] = (byte) LftTables.NO_PATH;
            if (component[ax] == component[d]) {
                empty[lid]++;
            }
        }

        /**
         * Re-chooses the first {@code count} pending entries in LID order, each seeing the loads of the ones before.
         */
        private void choose(int ax, byte[] row, int count) {
            int[] owner = after.lidOwnerSwitch();
            for (int i = 0; i < count; i++) {
                int lid = pending[i];
                int n = candidates.toward(ax, owner[lid], toward);
                int old = oldPort[i] & 0xFF;
                int neighbour = old == LftTables.NO_PATH ? -1 : diff.formerNeighbour(ax, old);
                int preferredCount = 0;
                for (int k = 0; neighbour >= 0 && k < n; k++) {
                    if (after.peerSwitch()[after.edgeOfPort(ax, toward[k] & 0xFF)] == neighbour) {
                        preferred[preferredCount++] = toward[k];
                    }
                }
                int port = preferredCount > 0 ? loads.leastLoaded(preferred, 0, preferredCount, ax + lid)
                        : loads.leastLoaded(toward, 0, n, ax + lid);
                row[lid] = (byte) port;
                if (counted[lid]) {
                    loads.add(port);
                }
            }
        }

        void merge() {
            synchronized (CandidateRepair.this) {
                for (int lid = 0; lid < empty.length; lid++) {
                    emptyByLid[lid] += empty[lid];
                    recomplete[lid] |= broken[lid];
                }
            }
        }
    }
}
