package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/**
 * The repair of an engine that allows only parallel-link moves ({@link RepairRules.ParallelLinksOnly}, ftree): a
 * switch whose cable to a neighbour failed while another cable to the same neighbour remains moves the routes of the
 * failed port to the remaining ones, least loaded first; the path through the tree is otherwise unchanged, so the
 * engine's up-then-down structure and its freedom from credit loops stay. End ports that are gone leave their
 * entries as they were. Any other change ({@link #refusal}) needs a full pass.
 *
 * <p>Scratch of one repair; confined to the calling thread.
 */
final class ParallelLinkRepair {

    private static final Set<RepairCase> REPAIRED = EnumSet.of(RepairCase.CA_LINK_DOWN,
            RepairCase.PARALLEL_LINK_DOWN);

    private final FabricDiff diff;
    private final int[] moveTo = new int[256];
    private final int[] altFrom = new int[257];
    private byte[] alternatives = new byte[256];

    private ParallelLinkRepair(FabricDiff diff) {
        this.diff = diff;
    }

    /** Why {@code diff} needs a full pass of {@code engine}, or {@code null} if only parallel moves are needed. */
    static String refusal(FabricDiff diff, String engine) {
        for (RepairCase c : diff.cases().keySet()) {
            if (!REPAIRED.contains(c)) {
                return engine + " repairs only failed parallel links and lost CAs; found: " + c.text();
            }
        }
        return null;
    }

    /**
     * The repaired tables for {@code diff.after} (every switch of which was in {@code diff.before}).
     *
     * @param counted per LID of {@code diff.after} whether its routes count in a port's load
     */
    static LftTables repair(FabricDiff diff, LftTables beforeTables, boolean[] counted) {
        return new ParallelLinkRepair(diff).run(beforeTables, counted);
    }

    private LftTables run(LftTables beforeTables, boolean[] counted) {
        RoutingInput after = diff.after;
        LftTables out = LftTables.forInput(after);
        PortLoads loads = new PortLoads();
        for (int ax = 0; ax < after.switchCount(); ax++) {
            byte[] row = out.lft(ax);
            byte[] old = beforeTables.lft(diff.beforeOf[ax]);
            System.arraycopy(old, 0, row, 0, Math.min(old.length, row.length));
            if (!failedPorts(ax)) {
                continue;
            }
            loads.count(row, counted, null, after.portStart()[ax], after.switchNumPorts()[ax]);
            for (int lid = 1; lid < row.length; lid++) {
                int p = row[lid] & 0xFF;
                if (diff.column[lid] == FabricDiff.LEAVE || p == LftTables.NO_PATH || moveTo[p] < 0) {
                    continue;
                }
                int port = loads.leastLoaded(alternatives, altFrom[p], altFrom[p + 1], ax + lid);
                row[lid] = (byte) port;
                if (counted[lid]) {
                    loads.add(port);
                }
            }
        }
        return out;
    }

    /**
     * For switch {@code ax}: per port whose cable failed, {@code moveTo[p] >= 0} and its remaining parallel ports in
     * {@code alternatives[altFrom[p] .. altFrom[p+1]-1]}; whether there is any.
     */
    private boolean failedPorts(int ax) {
        RoutingInput after = diff.after;
        int degree = after.linkStart()[ax + 1] - after.linkStart()[ax];
        boolean any = false;
        int n = 0;
        for (int p = 0; p < moveTo.length; p++) {
            altFrom[p] = n;
            moveTo[p] = -1;
            int q = p <= after.switchNumPorts()[ax] ? diff.formerNeighbour(ax, p) : -1;
            int e = q < 0 ? -1 : after.edgeOfPort(ax, p);
            if (q < 0 || e >= 0 && after.peerSwitch()[e] == q) {
                continue;
            }
            moveTo[p] = q;
            any = true;
            if (n + degree > alternatives.length) {
                alternatives = Arrays.copyOf(alternatives, 2 * (n + degree));
            }
            for (int f = after.linkStart()[ax]; f < after.linkStart()[ax + 1]; f++) {
                if (after.peerSwitch()[f] == q) {
                    alternatives[n++] = after.localPort()[f];
                }
            }
        }
        altFrom[moveTo.length] = n;
        return any;
    }
}
