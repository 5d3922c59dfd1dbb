package dev.jsm.routing.torus;

import java.util.List;

/**
 * Where discovery placed each switch of a torus or mesh: its coordinates, the switch at each position (or none: a
 * failed or missing switch), the ports leaving each switch in each of the six directions (parallel links to one
 * neighbour form one group), and which dimension each port points in.
 *
 * <p>Directions are numbered {@code 2 * dimension + (minus ? 1 : 0)}: 0 = +x, 1 = -x, 2 = +y, 3 = -y, 4 = +z,
 * 5 = -z. A dimension "wraps" (has a dateline) when it is configured as a torus with a radix of at least 3; a
 * radix-2 torus dimension is routed like a mesh (its two links are parallel links between the same pair).
 *
 * <p>Immutable once built; the arrays are not copied out, callers must not write to them. Safe to share.
 */
public final class TorusTopology {

    /** {@link #portDim} value of a port cabled to an end node (CA, router), and of port 0. */
    public static final int END_PORT = 3;
    /** {@link #portDim} value of a port that carries no torus link (unused, or to a switch not placed). */
    public static final int NO_DIM = -1;

    final int[] radix;
    final boolean[] wrap;
    final int[] dims;
    final int[][] coord;
    final int[] grid;
    final int[][][] dirPorts;
    final byte[] portDim;
    final int[] portStart;
    final int placed;
    final int seed;
    final List<String> notes;

    TorusTopology(int[] radix, boolean[] wrap, int[][] coord, int[] grid, int[][][] dirPorts, byte[] portDim,
                  int[] portStart, int placed, int seed, List<String> notes) {
        this.radix = radix;
        this.wrap = wrap;
        int n = 0;
        for (int r : radix) {
            n += r > 1 ? 1 : 0;
        }
        this.dims = new int[n];
        n = 0;
        for (int d = 0; d < 3; d++) {
            if (radix[d] > 1) {
                dims[n++] = d;
            }
        }
        this.coord = coord;
        this.grid = grid;
        this.dirPorts = dirPorts;
        this.portDim = portDim;
        this.portStart = portStart;
        this.placed = placed;
        this.seed = seed;
        this.notes = List.copyOf(notes);
    }

    /** Whether dimension {@code d} wraps around and so has a dateline (a torus dimension of radix 3 or more). */
    public boolean wraps(int d) {
        return wrap[d];
    }

    /** Whether switch {@code sw} was placed in the torus. */
    public boolean isPlaced(int sw) {
        return coord[0][sw] >= 0;
    }

    /** The switch at {@code (x, y, z)}, or -1 if the position is empty (a failed or missing switch). */
    public int switchAt(int x, int y, int z) {
        return grid[cell(x, y, z)];
    }

    /** Number of positions, {@code X * Y * Z}. */
    public int positions() {
        return grid.length;
    }

    /** Number of switches placed. */
    public int placedCount() {
        return placed;
    }

    /** The index of the seed of {@code torus-2QoS.conf} discovery started from (0 = the first). */
    public int seedUsed() {
        return seed;
    }

    /** The ports switch {@code sw} reaches its neighbour in direction {@code dir} by, ascending; empty if none. */
    public int[] ports(int sw, int dir) {
        return dirPorts[sw][dir];
    }

    /** Whether switch {@code sw} has a usable link in direction {@code dir}. */
    public boolean hasLink(int sw, int dir) {
        return sw >= 0 && dirPorts[sw][dir].length > 0;
    }

    /**
     * The dimension port {@code port} of switch {@code sw} points in (0..2), {@link #END_PORT} for port 0 and ports
     * cabled to end nodes, or {@link #NO_DIM}.
     */
    public int portDim(int sw, int port) {
        return portDim[portStart[sw] + port];
    }

    /** Remarks from discovery for the operator (switches or links not placed, empty positions), in order. */
    public List<String> notes() {
        return notes;
    }

    /** The position index of {@code (x, y, z)}. */
    int cell(int x, int y, int z) {
        return x + radix[0] * (y + radix[1] * z);
    }

    /** The position index of switch {@code sw}'s coordinates with dimension {@code d} replaced by {@code c}. */
    int cellWith(int sw, int d, int c) {
        int x = d == 0 ? c : coord[0][sw];
        int y = d == 1 ? c : coord[1][sw];
        int z = d == 2 ? c : coord[2][sw];
        return cell(x, y, z);
    }

    /** {@code x0-y1-z2} style label of a position, for notes. */
    String label(int cell) {
        int x = cell % radix[0];
        int y = cell / radix[0] % radix[1];
        int z = cell / (radix[0] * radix[1]);
        return "(" + x + "," + y + "," + z + ")";
    }

    /** {@code TorusTopology[6x5x1, 29 of 30 placed]}. */
    @Override
    public String toString() {
        return "TorusTopology[" + radix[0] + "x" + radix[1] + "x" + radix[2] + ", " + placed + " of " + grid.length
                + " placed]";
    }
}
