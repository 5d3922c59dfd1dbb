package dev.jsm.routing.torus;

import dev.jsm.routing.ParallelRanges;

/**
 * The direction a switch forwards traffic for a destination switch in, by torus-2QoS's dimension-order rules:
 * <ol>
 *   <li>correct the first dimension (x, then y, then z) where the coordinates differ, along the pristine shortest
 *       way round its ring; when both ways are equally long (an even ring, half way round), the way that does not
 *       cross the dateline, as the reference OpenSM does (its LFTs on an 8x8x8 torus agree);</li>
 *   <li>if that way is interrupted by a failed link or switch, take the long way round the (now broken) ring;</li>
 *   <li>if the switch to reach on this ring has failed, travel toward it and, at its neighbour, turn early into the
 *       next dimension that differs: the turn "as close as possible to the failed switch". The next switch then
 *       turns back into the lower dimension, a DOR-illegal turn that {@link TorusSl2Vl} puts on VL bit 1.</li>
 * </ol>
 * Every decision depends on the current and destination switch only, so it fits a destination-routed LFT.
 *
 * <p>Immutable; safe to share.
 */
final class DorNextHop {

    private final TorusTopology t;
    private final TorusRings rings;
    private final boolean pristine;
    /** Per dimension, {@code from * radix + to}: the pristine direction. */
    private final byte[][] pristineDir = new byte[3][];

    DorNextHop(TorusTopology t, TorusRings rings) {
        this.t = t;
        this.rings = rings;
        this.pristine = t.placed == t.grid.length && !rings.anyBroken();
        for (int d : t.dims) {
            int r = t.radix[d];
            pristineDir[d] = new byte[r * r];
            for (int from = 0; from < r; from++) {
                for (int to = 0; to < r; to++) {
                    pristineDir[d][from * r + to] = (byte) (preferred(from, to, r, t.wrap[d]) > 0 ? 2 * d : 2 * d + 1);
                }
            }
        }
    }

    /**
     * The next-hop directions of every placed switch toward every placed switch, row {@code c} at
     * {@code c * S}: a direction 0..5, or -1 (the switch itself, a switch not placed, or no way). Rows are computed
     * with up to {@code threads} threads; the table does not depend on the thread count. {@code S^2} bytes.
     */
    byte[] table(int threads) {
        int n = t.coord[0].length;
        byte[] table = new byte[n * n];
        ParallelRanges.run(n, threads, 16, (from, to) -> {
            for (int c = from; c < to; c++) {
                for (int d = 0; d < n; d++) {
                    table[c * n + d] = (byte) (d == c || !t.isPlaced(c) || !t.isPlaced(d) ? -1 : next(c, d));
                }
            }
        });
        return table;
    }

    /**
     * The direction switch {@code c} sends traffic for switch {@code dst} in, or -1 if it is {@code dst} or has no
     * way (both must be placed).
     */
    int next(int c, int dst) {
        int d = -1;
        for (int e : t.dims) {
            if (t.coord[e][c] != t.coord[e][dst]) {
                d = e;
                break;
            }
        }
        if (d < 0) {
            return -1;
        }
        int target = t.coord[d][dst];
        if (pristine) {
            return pristineDir[d][t.coord[d][c] * t.radix[d] + target];
        }
        if (t.grid[t.cellWith(c, d, target)] >= 0) {
            return ringDir(c, d, target);
        }
        int d2 = -1;
        for (int e : t.dims) {
            if (e > d && t.coord[e][c] != t.coord[e][dst]) {
                d2 = e;
                break;
            }
        }
        if (d2 < 0) {
            return -1;
        }
        int cd = t.coord[d][c];
        int r = t.radix[d];
        boolean nextTo = t.wrap[d] ? (cd + 1) % r == target || (target + 1) % r == cd
                : cd + 1 == target || target + 1 == cd;
        if (nextTo) {
            return ringDir(c, d2, t.coord[d2][dst]);
        }
        int s = preferred(cd, target, r, t.wrap[d]);
        int near = t.wrap[d] ? Math.floorMod(target - s, r) : target - s;
        int dir = ringDir(c, d, near);
        if (dir < 0 && t.wrap[d]) {
            dir = ringDir(c, d, Math.floorMod(target + s, r));
        }
        return dir;
    }

    /**
     * The direction from switch {@code c} toward coordinate {@code target} on its ring along {@code d}: the pristine
     * way if intact, else the other way round a torus ring if that is intact, else -1.
     */
    int ringDir(int c, int d, int target) {
        int cd = t.coord[d][c];
        if (!rings.isBroken(c, d)) {
            return pristineDir[d][cd * t.radix[d] + target];
        }
        int s = preferred(cd, target, t.radix[d], t.wrap[d]);
        if (intact(c, d, s, target)) {
            return s > 0 ? 2 * d : 2 * d + 1;
        }
        if (t.wrap[d] && intact(c, d, -s, target)) {
            return s > 0 ? 2 * d + 1 : 2 * d;
        }
        return -1;
    }

    private boolean intact(int c, int d, int s, int target) {
        int dir = s > 0 ? 2 * d : 2 * d + 1;
        int r = t.radix[d];
        int cur = c;
        int cd = t.coord[d][c];
        while (cd != target) {
            if (!t.hasLink(cur, dir)) {
                return false;
            }
            cd = t.wrap[d] ? Math.floorMod(cd + s, r) : cd + s;
            if (cd < 0 || cd >= r) {
                return false;
            }
            cur = t.grid[t.cellWith(cur, d, cd)];
            if (cur < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * +1 or -1: the pristine DOR direction from {@code from} to {@code to} on a ring or line of radix {@code r}
     * (coordinates count from the dateline): the shorter way, and on a tie the way that does not cross the dateline.
     */
    static int preferred(int from, int to, int r, boolean wrap) {
        if (!wrap) {
            return to > from ? 1 : -1;
        }
        int fwd = Math.floorMod(to - from, r);
        if (fwd != r - fwd) {
            return fwd < r - fwd ? 1 : -1;
        }
        return to > from ? 1 : -1;
    }

    /** Whether the pristine path from {@code from} to {@code to} on a ring of radix {@code r} crosses its dateline. */
    static boolean crossesDateline(int from, int to, int r) {
        if (from == to) {
            return false;
        }
        return preferred(from, to, r, true) > 0 ? to < from : to > from;
    }
}
