package dev.jsm.routing.torus;

/**
 * The 1D rings of a placed torus (lines, in mesh dimensions) and what failures did to them: which rings are
 * broken, and the checks that make torus-2QoS refuse a fabric it cannot route free of credit loops:
 * <ul>
 *   <li>a ring broken into disjoint segments (two failed links, a failed link and a failed switch, or any break in
 *       a mesh line that splits it), named in the refusal;</li>
 *   <li>several failed switches, unless they are adjacent in the last dimension DOR routes.</li>
 * </ul>
 * A ring broken once (one failed link or one failed switch) is still one segment: paths "take the long way round"
 * it, and since no credit loop can close around a broken ring, its dateline no longer matters.
 *
 * <p>Immutable once built; safe to share.
 */
final class TorusRings {

    private static final String[] AXES = {"x", "y", "z"};

    private final TorusTopology t;
    /** Per dimension, per position with coordinate {@code d} = 0: whether that ring is not intact. */
    private final boolean[][] broken = new boolean[3][];

    /** Finds the broken rings of {@code t}. */
    TorusRings(TorusTopology t) {
        this.t = t;
        for (int d : t.dims) {
            broken[d] = new boolean[t.grid.length];
            for (int cell = 0; cell < t.grid.length; cell++) {
                if (coordOf(cell, d) == 0) {
                    broken[d][cell] = segments(cell, d) != 0;
                }
            }
        }
    }

    /** Whether any ring has a failed switch or link. */
    boolean anyBroken() {
        for (int d : t.dims) {
            for (boolean b : broken[d]) {
                if (b) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the ring of switch {@code sw} along {@code d} has a failed switch or link. */
    boolean isBroken(int sw, int d) {
        return broken[d][t.cellWith(sw, d, 0)];
    }

    /**
     * Refuses what cannot be routed free of credit loops.
     *
     * @throws TorusRefusal naming the first ring broken into disjoint segments, or the failed switches that are
     *     not adjacent in the last DOR dimension
     */
    void check() throws TorusRefusal {
        for (int d : t.dims) {
            for (int cell = 0; cell < t.grid.length; cell++) {
                if (coordOf(cell, d) == 0 && broken[d][cell]) {
                    int n = segments(cell, d);
                    if (n > 1) {
                        throw TorusRefusal.unroutable("the " + ringName(cell, d) + " is broken into " + n
                                + " disjoint segments by failed links or switches; torus-2QoS cannot route it");
                    }
                }
            }
        }
        int last = t.dims[t.dims.length - 1];
        int first = -1;
        int count = 0;
        for (int cell = 0; cell < t.grid.length; cell++) {
            if (t.grid[cell] >= 0) {
                continue;
            }
            count++;
            if (first < 0) {
                first = cell;
            } else if (!sameLine(first, cell, last)) {
                throw TorusRefusal.unroutable("failed switches at " + t.label(first) + " and " + t.label(cell)
                        + " are not adjacent in the last DOR dimension " + AXES[last]
                        + "; torus-2QoS cannot route around them free of credit loops");
            }
        }
        if (count > 1) {
            int base = first - coordOf(first, last) * stride(last);
            if (emptyRuns(base, last) > 1) {
                throw TorusRefusal.unroutable(count + " failed switches on the " + ringName(base, last) + " are not "
                        + "adjacent; torus-2QoS cannot route around them free of credit loops");
            }
        }
    }

    /**
     * The number of disjoint segments of present, linked switches on the ring through {@code base} (coordinate
     * {@code d} = 0) along {@code d}: 0 if the ring is intact (or empty), else the number of runs.
     */
    private int segments(int base, int d) {
        int r = t.radix[d];
        int st = stride(d);
        int breaks = 0;
        int present = 0;
        int runs = 0;
        int links = t.wrap[d] ? r : r - 1;
        for (int c = 0; c < r; c++) {
            present += t.grid[base + c * st] >= 0 ? 1 : 0;
        }
        if (present == 0) {
            return 0;
        }
        for (int c = 0; c < links; c++) {
            if (!linked(base, d, c)) {
                breaks++;
            }
        }
        if (breaks == 0) {
            return 0;
        }
        for (int c = 0; c < r; c++) {
            int sw = t.grid[base + c * st];
            if (sw < 0) {
                continue;
            }
            int prev = c - 1;
            boolean startsRun = prev < 0 ? !t.wrap[d] || !linked(base, d, r - 1) : !linked(base, d, prev);
            runs += startsRun ? 1 : 0;
        }
        return Math.max(runs, 1);
    }

    /** Whether positions {@code c} and {@code c+1} (mod radix) of the ring are both present and linked. */
    private boolean linked(int base, int d, int c) {
        int r = t.radix[d];
        int a = t.grid[base + c * stride(d)];
        int b = t.grid[base + (c + 1) % r * stride(d)];
        return a >= 0 && b >= 0 && t.hasLink(a, 2 * d) && t.hasLink(b, 2 * d + 1);
    }

    private int emptyRuns(int base, int d) {
        int r = t.radix[d];
        int runs = 0;
        for (int c = 0; c < r; c++) {
            boolean empty = t.grid[base + c * stride(d)] < 0;
            int prev = c == 0 ? (t.wrap[d] ? r - 1 : -1) : c - 1;
            boolean prevEmpty = prev >= 0 && t.grid[base + prev * stride(d)] < 0;
            runs += empty && !prevEmpty ? 1 : 0;
        }
        return runs == 0 && t.grid[base] < 0 ? 1 : runs;
    }

    private boolean sameLine(int a, int b, int d) {
        for (int e = 0; e < 3; e++) {
            if (e != d && coordOf(a, e) != coordOf(b, e)) {
                return false;
            }
        }
        return true;
    }

    private int stride(int d) {
        return d == 0 ? 1 : d == 1 ? t.radix[0] : t.radix[0] * t.radix[1];
    }

    private int coordOf(int cell, int d) {
        return cell / stride(d) % t.radix[d];
    }

    /** {@code x ring at y=1 z=0} style name of the ring through {@code cell} along {@code d}. */
    String ringName(int cell, int d) {
        StringBuilder b = new StringBuilder(AXES[d]).append(t.wrap[d] ? " ring at" : " line at");
        for (int e : t.dims) {
            if (e != d) {
                b.append(' ').append(AXES[e]).append('=').append(coordOf(cell, e));
            }
        }
        return b.toString();
    }
}
