package dev.jsm.routing.torus;

/**
 * Grows a torus placement from a seed by examining 4-loops of inter-switch links (faces of the cube of positions
 * {@code (x,y,z)..(x+1,y+1,z+1)}), the discovery of torus-2QoS(8):
 * <ul>
 *   <li><b>corner</b>: three corners of a square are placed; the fourth is the only unplaced common neighbour of
 *       the two corners next to it (the opposite corner being the other common neighbour).</li>
 *   <li><b>extension</b>: an edge (2D) or an L of three switches (3D) perpendicular to a direction is placed; the
 *       switches one step further are the only unplaced set that closes 4-loops with it. Where several sets would
 *       (a radix-4 ring is itself a 4-loop), nothing is placed.</li>
 * </ul>
 * A switch is placed only where all its placed neighbours are next to the position, so a failed switch or link
 * never pulls a wrong switch into its place. Corners run to saturation before each extension pass.
 *
 * <p>Confined to the routing thread.
 *
 * <p>In detail: docs/design/routing.md#placementgrid.
 */
final class PlacementGrid {

    final int[] ext = new int[3];
    final boolean[] wrap = new boolean[3];
    final int[] stride = new int[3];
    final int[] dims;
    final int[] at;
    final int[] cellOf;
    private final int[][] nbr;

    /** An empty grid for the configured radices over switches with neighbour lists {@code nbr}. */
    PlacementGrid(int[] radix, boolean[] torus, int[][] nbr) {
        int n = 0;
        int cells = 1;
        for (int d = 0; d < 3; d++) {
            wrap[d] = torus[d];
            ext[d] = radix[d] == 1 ? 1 : torus[d] ? radix[d] : 2 * radix[d] - 1;
            stride[d] = cells;
            cells *= ext[d];
            n += radix[d] > 1 ? 1 : 0;
        }
        dims = new int[n];
        n = 0;
        for (int d = 0; d < 3; d++) {
            if (radix[d] > 1) {
                dims[n++] = d;
            }
        }
        at = new int[cells];
        java.util.Arrays.fill(at, -1);
        cellOf = new int[nbr.length];
        java.util.Arrays.fill(cellOf, -1);
        this.nbr = nbr;
    }

    /** The seed's cell: coordinate 0 in torus dimensions, the middle in mesh dimensions. */
    int origin() {
        int c = 0;
        for (int d = 0; d < 3; d++) {
            c += (wrap[d] ? 0 : (ext[d] - 1) / 2) * stride[d];
        }
        return c;
    }

    /** Coordinate {@code d} of {@code cell}. */
    int coord(int cell, int d) {
        return cell / stride[d] % ext[d];
    }

    /** The cell one step ({@code s} = +1 or -1) from {@code cell} in dimension {@code d}, or -1 past a mesh edge. */
    int step(int cell, int d, int s) {
        int c = coord(cell, d);
        int nc = c + s;
        if (wrap[d]) {
            nc = (nc + ext[d]) % ext[d];
        } else if (nc < 0 || nc >= ext[d]) {
            return -1;
        }
        return cell + (nc - c) * stride[d];
    }

    /** Places {@code sw} at {@code cell}. */
    void place(int sw, int cell) {
        at[cell] = sw;
        cellOf[sw] = cell;
    }

    boolean adjacent(int a, int b) {
        for (int n : nbr[a]) {
            if (n == b) {
                return true;
            }
        }
        return false;
    }

    private boolean cellsAdjacent(int a, int b) {
        for (int d : dims) {
            if (step(a, d, 1) == b || step(a, d, -1) == b) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code sw} may go to {@code cell}: unplaced, and every placed neighbour is next to the cell. */
    private boolean fits(int sw, int cell) {
        if (cellOf[sw] >= 0) {
            return cellOf[sw] == cell;
        }
        for (int n : nbr[sw]) {
            if (cellOf[n] >= 0 && !cellsAdjacent(cellOf[n], cell)) {
                return false;
            }
        }
        return true;
    }

    /** Runs the rules until nothing more can be placed; returns the number of switches placed. */
    int grow() {
        boolean progress = true;
        while (progress) {
            progress = false;
            while (cornerPass() | fillPass()) {
                progress = true;
            }
            progress |= extensionPass();
        }
        int n = 0;
        for (int c : cellOf) {
            n += c >= 0 ? 1 : 0;
        }
        return n;
    }

    private boolean cornerPass() {
        boolean placedAny = false;
        for (int a = 0; a < at.length; a++) {
            int sa = at[a];
            if (sa < 0) {
                continue;
            }
            for (int i = 0; i < dims.length; i++) {
                for (int j = i + 1; j < dims.length; j++) {
                    for (int s1 = -1; s1 <= 1; s1 += 2) {
                        for (int s2 = -1; s2 <= 1; s2 += 2) {
                            placedAny |= corner(sa, a, dims[i], s1, dims[j], s2);
                        }
                    }
                }
            }
        }
        return placedAny;
    }

    private boolean corner(int sa, int a, int d1, int s1, int d2, int s2) {
        int b = step(a, d1, s1);
        int c = step(a, d2, s2);
        if (b < 0 || c < 0 || at[b] < 0 || at[c] < 0) {
            return false;
        }
        int q = step(b, d2, s2);
        if (q < 0 || at[q] >= 0) {
            return false;
        }
        int found = -1;
        for (int n : nbr[at[b]]) {
            if (n != sa && cellOf[n] < 0 && adjacent(n, at[c]) && fits(n, q)) {
                if (found >= 0) {
                    return false;
                }
                found = n;
            }
        }
        if (found < 0) {
            return false;
        }
        place(found, q);
        return true;
    }

    /**
     * Places unplaced switches with at least two placed neighbours whose positions leave exactly one empty cell
     * next to all of them (a switch whose links in one dimension failed is still placed between its other
     * neighbours, so the broken ring is seen as broken rather than as a failed switch).
     */
    private boolean fillPass() {
        boolean placedAny = false;
        int[] cells = new int[6];
        for (int sw = 0; sw < cellOf.length; sw++) {
            if (cellOf[sw] >= 0) {
                continue;
            }
            int first = -1;
            int placedNbrs = 0;
            for (int n : nbr[sw]) {
                if (cellOf[n] >= 0) {
                    placedNbrs++;
                    first = first < 0 ? cellOf[n] : first;
                }
            }
            if (placedNbrs < 2) {
                continue;
            }
            int k = 0;
            for (int d : dims) {
                for (int s = -1; s <= 1; s += 2) {
                    int c = step(first, d, s);
                    boolean dup = false;
                    for (int i = 0; i < k; i++) {
                        dup |= cells[i] == c;
                    }
                    if (c >= 0 && at[c] < 0 && !dup && fits(sw, c)) {
                        cells[k++] = c;
                    }
                }
            }
            if (k == 1) {
                place(sw, cells[0]);
                placedAny = true;
            }
        }
        return placedAny;
    }

    private boolean extensionPass() {
        boolean placedAny = false;
        for (int a = 0; a < at.length; a++) {
            int sa = at[a];
            if (sa < 0) {
                continue;
            }
            for (int d : dims) {
                for (int s = -1; s <= 1; s += 2) {
                    int q = step(a, d, s);
                    if (q < 0 || at[q] >= 0) {
                        continue;
                    }
                    placedAny |= dims.length == 2 ? extendEdge(sa, a, d, q) : extendL(sa, a, d, q);
                }
            }
        }
        return placedAny;
    }

    private int other(int d, int k) {
        for (int e : dims) {
            if (e != d && k-- == 0) {
                return e;
            }
        }
        throw new IllegalStateException();
    }

    /** 2D: edge {@code a - a+k} placed, find the unique pair one step along {@code d}. */
    private boolean extendEdge(int sa, int a, int d, int q) {
        int k = other(d, 0);
        for (int sk = -1; sk <= 1; sk += 2) {
            int a2 = step(a, k, sk);
            int q2 = step(q, k, sk);
            if (a2 < 0 || q2 < 0 || at[a2] < 0) {
                continue;
            }
            int fn = -1;
            int fn2 = -1;
            int count = 0;
            for (int n : nbr[sa]) {
                if (cellOf[n] >= 0 || !fits(n, q)) {
                    continue;
                }
                for (int n2 : nbr[at[a2]]) {
                    if (n2 != n && fits(n2, q2) && adjacent(n, n2)) {
                        count++;
                        fn = n;
                        fn2 = n2;
                    }
                }
            }
            if (count == 1) {
                place(fn, q);
                if (cellOf[fn2] < 0) {
                    place(fn2, q2);
                }
                return true;
            }
        }
        return false;
    }

    /** 3D: L of {@code a}, {@code a+j}, {@code a+k} placed, find the unique L one step along {@code d}. */
    private boolean extendL(int sa, int a, int d, int q) {
        int j = other(d, 0);
        int k = other(d, 1);
        for (int sj = -1; sj <= 1; sj += 2) {
            for (int sk = -1; sk <= 1; sk += 2) {
                int aj = step(a, j, sj);
                int ak = step(a, k, sk);
                int qj = step(q, j, sj);
                int qk = step(q, k, sk);
                if (aj < 0 || ak < 0 || qj < 0 || qk < 0 || at[aj] < 0 || at[ak] < 0) {
                    continue;
                }
                int count = 0;
                int fn = -1;
                int fj = -1;
                int fk = -1;
                for (int n : nbr[sa]) {
                    if (cellOf[n] >= 0 || !fits(n, q)) {
                        continue;
                    }
                    for (int nj : nbr[at[aj]]) {
                        if (nj == n || !fits(nj, qj) || !adjacent(n, nj)) {
                            continue;
                        }
                        for (int nk : nbr[at[ak]]) {
                            if (nk != n && nk != nj && fits(nk, qk) && adjacent(n, nk)) {
                                count++;
                                fn = n;
                                fj = nj;
                                fk = nk;
                            }
                        }
                    }
                }
                if (count == 1) {
                    place(fn, q);
                    if (cellOf[fj] < 0) {
                        place(fj, qj);
                    }
                    if (cellOf[fk] < 0) {
                        place(fk, qk);
                    }
                    return true;
                }
            }
        }
        return false;
    }
}
