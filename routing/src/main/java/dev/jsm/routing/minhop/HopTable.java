package dev.jsm.routing.minhop;

import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * Switch-to-switch hop distances on the dense switch index, one byte per ordered pair in one {@code byte[S*S]}
 * (row {@code from}, column {@code to}): 2.6 MB for 1620 switches. Filled by one breadth-first search per switch
 * over the CSR links, {@code O(S * (S + E))}, rows in parallel. End ports are not in the table: a CA is as far as the
 * switch it hangs off (docs/reference/incremental-routing.md#min-hop-tables), so per-port hop counts come from the
 * neighbour's row.
 *
 * <p>Distances above 254 hops are treated as unreachable (IBA paths are at most 64 hops). Immutable after
 * {@link #compute}; safe to share.
 */
public final class HopTable {

    /** Distance value of an unreachable pair. */
    public static final int UNREACHABLE = 0xFF;

    private final int switchCount;
    private final byte[] hops;

    private HopTable(int switchCount, byte[] hops) {
        this.switchCount = switchCount;
        this.hops = hops;
    }

    /** Most switches a table can hold (one Java array of {@code S*S} bytes). */
    public static final int MAX_SWITCHES = 46_000;

    /**
     * Computes the table for {@code in} with up to {@code threads} threads.
     *
     * @throws IllegalArgumentException if the fabric has more than {@link #MAX_SWITCHES} switches
     */
    public static HopTable compute(RoutingInput in, int threads) {
        int s = in.switchCount();
        if (s > MAX_SWITCHES) {
            throw new IllegalArgumentException(s + " switches exceed the hop table's limit of " + MAX_SWITCHES);
        }
        byte[] hops = new byte[s * s];
        Arrays.fill(hops, (byte) UNREACHABLE);
        ParallelRanges.run(s, threads, 32, (from, to) -> {
            int[] queue = new int[s];
            for (int src = from; src < to; src++) {
                bfs(in, src, hops, queue);
            }
        });
        return new HopTable(s, hops);
    }

    /**
     * The table of {@code in} from {@code older}, the table of an earlier snapshot {@code was} over the same switches
     * (same GUIDs in the same dense order): each row is the old one where it still holds, else searched again. A row
     * of distances from one switch is the right one exactly when every other switch is one hop further than its
     * nearest neighbour (the distances are the only solution of that rule); the rule can only break at switches whose
     * neighbours changed, so only those are tested, {@code O(degree)} each per row. On the 11664-host fat tree with
     * three cables gone this takes a few milliseconds where the full table takes a tenth of a second of CPU.
     *
     * @throws IllegalArgumentException if the two snapshots are not over the same switches
     */
    static HopTable update(HopTable older, RoutingInput was, RoutingInput in, int threads) {
        int s = in.switchCount();
        if (older.switchCount != s || !sameSwitches(was, in)) {
            throw new IllegalArgumentException("the snapshots are not over the same switches");
        }
        int[] changed = switchesWithOtherNeighbours(was, in);
        if (changed.length == 0) {
            return new HopTable(s, older.hops);
        }
        byte[] hops = older.hops.clone();
        ParallelRanges.run(s, threads, 32, (from, to) -> {
            int[] queue = new int[s];
            for (int src = from; src < to; src++) {
                if (!holds(in, hops, src, changed)) {
                    Arrays.fill(hops, src * s, src * s + s, (byte) UNREACHABLE);
                    bfs(in, src, hops, queue);
                }
            }
        });
        return new HopTable(s, hops);
    }

    /**
     * Whether two snapshots have the same switches in the same dense order: tables computed on them compare row by
     * row and column by column.
     */
    static boolean sameSwitches(RoutingInput a, RoutingInput b) {
        return a.switchCount() == b.switchCount() && Arrays.equals(a.switchGuid(), b.switchGuid());
    }

    /** The switches whose list of cabled neighbours differs between the two snapshots (in port order). */
    private static int[] switchesWithOtherNeighbours(RoutingInput was, RoutingInput in) {
        int[] out = new int[in.switchCount()];
        int n = 0;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            if (!Arrays.equals(was.peerSwitch(), was.linkStart()[sw], was.linkStart()[sw + 1], in.peerSwitch(),
                    in.linkStart()[sw], in.linkStart()[sw + 1])) {
                out[n++] = sw;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Whether row {@code src} of {@code hops} keeps the one-hop-further rule at each switch of {@code changed}. */
    private static boolean holds(RoutingInput in, byte[] hops, int src, int[] changed) {
        int s = in.switchCount();
        int row = src * s;
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        for (int x : changed) {
            if (x == src) {
                continue;
            }
            int nearest = UNREACHABLE;
            for (int e = linkStart[x]; e < linkStart[x + 1]; e++) {
                nearest = Math.min(nearest, hops[row + peer[e]] & 0xFF);
            }
            int want = nearest + 1 >= UNREACHABLE ? UNREACHABLE : nearest + 1;
            if ((hops[row + x] & 0xFF) != want) {
                return false;
            }
        }
        return true;
    }

    private static void bfs(RoutingInput in, int src, byte[] hops, int[] queue) {
        int s = in.switchCount();
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        int row = src * s;
        hops[row + src] = 0;
        queue[0] = src;
        int head = 0;
        int tail = 1;
        while (head < tail) {
            int u = queue[head++];
            int next = (hops[row + u] & 0xFF) + 1;
            if (next >= UNREACHABLE) {
                continue;
            }
            for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                int v = peer[e];
                if ((hops[row + v] & 0xFF) == UNREACHABLE) {
                    hops[row + v] = (byte) next;
                    queue[tail++] = v;
                }
            }
        }
    }

    /** Hops from switch {@code from} to switch {@code to}, or {@link #UNREACHABLE}. */
    public int hops(int from, int to) {
        return hops[from * switchCount + to] & 0xFF;
    }

    /** The table, row-major (row = from). Read-only. */
    byte[] raw() {
        return hops;
    }
}
