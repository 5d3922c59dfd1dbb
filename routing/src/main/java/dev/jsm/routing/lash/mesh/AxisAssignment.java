package dev.jsm.routing.lash.mesh;

/**
 * The global geometry of the mesh analysis (docs/reference/lash-mesh-analysis.md#global-geometry-axes): axes for as
 * many links as possible, induced from a seed switch. Axis values are
 * {@code 2a + 1} for {@code +A} and {@code 2a + 2} for {@code -A} ({@code a} = 0 for X), 0 for a link without an
 * axis (an extra cable, or one the rules never reach).
 *
 * <p>Confined to the analysing thread.
 *
 * <p>In detail: docs/design/routing.md#axisassignment.
 */
final class AxisAssignment {

    private final SwitchGraph g;
    private final int[][][] matrix;
    private final int[] axis;
    private final int[] opposite;

    private AxisAssignment(SwitchGraph g, int[][][] matrix, int dimension) {
        this.g = g;
        this.matrix = matrix;
        this.axis = new int[g.linkCount()];
        this.opposite = new int[2 * dimension + 1];
    }

    /**
     * The axes of every link of {@code g} induced from switch {@code seed} of a mesh of {@code dimension}
     * dimensions; {@code matrix[sw]} is each switch's neighbour distance matrix ({@code null} if not analysed).
     */
    static int[] assign(SwitchGraph g, int[][][] matrix, int seed, int dimension) {
        AxisAssignment a = new AxisAssignment(g, matrix, dimension);
        a.seedAxes(seed, dimension);
        int seedDegree = g.degree(seed);
        boolean change = true;
        while (change) {
            change = a.opposites(seedDegree);
            change |= a.acrossLinks();
            change |= a.corners();
        }
        return a.axis;
    }

    private static int negate(int c) {
        return (c & 1) == 1 ? c + 1 : c - 1;
    }

    private void seedAxes(int seed, int dimension) {
        int first = g.linkStart(seed);
        int n = g.degree(seed);
        int[][] m = matrix[seed];
        for (int c = 1; c <= 2 * dimension; c += 2) {
            int i = 0;
            while (i < n && axis[first + i] != 0) {
                i++;
            }
            if (i == n) {
                break;
            }
            axis[first + i] = c;
            for (int j = 0; j < n; j++) {
                if (j != i && axis[first + j] == 0 && m[i][j] != 2) {
                    axis[first + j] = c + 1;
                    break;
                }
            }
        }
        for (int c = 1; c <= 2 * dimension; c++) {
            opposite[c] = negate(c);
            for (int i = 0; i < n; i++) {
                if (axis[first + i] == c && allTwo(m, i)) {
                    opposite[c] = c;
                }
            }
        }
    }

    private static boolean allTwo(int[][] m, int i) {
        for (int j = 0; j < m.length; j++) {
            if (j != i && m[i][j] != 2) {
                return false;
            }
        }
        return true;
    }

    private int opposite(int c) {
        return c < opposite.length ? opposite[c] : 0;
    }

    /** Rule 1. */
    private boolean opposites(int seedDegree) {
        boolean change = false;
        for (int sw = 0; sw < g.switchCount(); sw++) {
            int[][] m = matrix[sw];
            int n = g.degree(sw);
            if (m == null || (n < seedDegree && n <= 2)) {
                continue;
            }
            int first = g.linkStart(sw);
            for (int i = 0; i < n; i++) {
                if (axis[first + i] == 0) {
                    continue;
                }
                int across = -1;
                int count = 0;
                for (int j = 0; j < n; j++) {
                    if (j != i && m[i][j] != 2) {
                        across = j;
                        count++;
                    }
                }
                if (count == 1 && m[i][across] <= 4 && axis[first + across] == 0) {
                    int c = opposite(axis[first + i]);
                    if (c != 0) {
                        axis[first + across] = c;
                        change = true;
                    }
                }
            }
        }
        return change;
    }

    /** Rule 2. */
    private boolean acrossLinks() {
        boolean change = false;
        for (int sw = 0; sw < g.switchCount(); sw++) {
            if (matrix[sw] == null) {
                continue;
            }
            for (int l = g.linkStart(sw); l < g.linkStart(sw + 1); l++) {
                int back = g.reverse(l);
                if (axis[l] == 0 || back < 0 || matrix[g.peer(l)] == null || axis[back] != 0) {
                    continue;
                }
                int c = opposite(axis[l]);
                if (c != 0) {
                    axis[back] = c;
                    change = true;
                }
            }
        }
        return change;
    }

    /** Rule 3. */
    private boolean corners() {
        boolean change = false;
        for (int sw = 0; sw < g.switchCount(); sw++) {
            int[][] m = matrix[sw];
            if (m == null) {
                continue;
            }
            int first = g.linkStart(sw);
            int n = g.degree(sw);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (i != j && axis[first + i] != 0 && axis[first + j] != 0 && m[i][j] == 2) {
                        change |= corner(sw, first + i, first + j);
                    }
                }
            }
        }
        return change;
    }

    /** Rule 3 for links {@code li} and {@code lj} of {@code sw}: the first common neighbour of their peers. */
    private boolean corner(int sw, int li, int lj) {
        int s1 = g.peer(li);
        int s2 = g.peer(lj);
        for (int k = g.linkStart(s1); k < g.linkStart(s1 + 1); k++) {
            int common = g.peer(k);
            if (common == sw) {
                continue;
            }
            int l = g.linkTo(s2, common);
            if (l < 0) {
                continue;
            }
            boolean change = false;
            if (axis[k] == 0) {
                axis[k] = axis[lj];
                change = true;
            }
            if (axis[l] == 0) {
                axis[l] = axis[li];
                change = true;
            }
            return change;
        }
        return false;
    }
}
