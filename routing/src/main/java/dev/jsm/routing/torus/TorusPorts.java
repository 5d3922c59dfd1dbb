package dev.jsm.routing.torus;

import dev.jsm.routing.RoutingInput;
import dev.jsm.subnet.Guid;
import java.util.List;

/**
 * Groups every placed switch's ports by the direction they point in (parallel links to one neighbour form one
 * group) and records the dimension of every port, once the coordinates are known. A link between switches whose
 * coordinates are not neighbours (a radix misconfigured, a stray cable) or to a switch not placed is left out and
 * counted in a note.
 *
 * <p>Immutable result of {@link #group}.
 *
 * @param dirPorts per switch, per direction, the ports (ascending)
 * @param portDim per flat port, the dimension, {@link TorusTopology#END_PORT} or {@link TorusTopology#NO_DIM}
 */
record TorusPorts(int[][][] dirPorts, byte[] portDim) {

    private static final String[] DIRS = {"+x", "-x", "+y", "-y", "+z", "-z"};

    /**
     * Groups the ports of {@code in} by the coordinates {@code coord} ({@code coord[d][sw]}, -1 if unplaced).
     *
     * @throws TorusRefusal if a group or a switch's end ports (with port 0) exceed {@code maxPorts}
     */
    static TorusPorts group(RoutingInput in, int[][] coord, int[] radix, boolean[] wrap, int maxPorts,
                            List<String> notes) throws TorusRefusal {
        int n = in.switchCount();
        int[][][] dirPorts = new int[n][6][];
        byte[] portDim = new byte[in.portStart()[n]];
        java.util.Arrays.fill(portDim, (byte) TorusTopology.NO_DIM);
        int[] count = new int[6];
        int[][] tmp = new int[6][256];
        int stray = 0;
        for (int sw = 0; sw < n; sw++) {
            java.util.Arrays.fill(count, 0);
            int hostPorts = 1;
            portDim[in.portStart()[sw]] = TorusTopology.END_PORT;
            for (int port = 1; port <= in.switchNumPorts()[sw]; port++) {
                int e = in.portEdge()[in.portStart()[sw] + port];
                if (e == RoutingInput.PORT_TO_END_NODE) {
                    portDim[in.portStart()[sw] + port] = TorusTopology.END_PORT;
                    hostPorts++;
                    continue;
                }
                if (e < 0 || coord[0][sw] < 0) {
                    continue;
                }
                int dir = direction(coord, radix, wrap, sw, in.peerSwitch()[e]);
                if (dir < 0) {
                    stray++;
                    continue;
                }
                tmp[dir][count[dir]++] = port;
                portDim[in.portStart()[sw] + port] = (byte) (dir / 2);
            }
            if (coord[0][sw] >= 0 && hostPorts > maxPorts) {
                throw TorusRefusal.unroutable("portgroup_max_ports " + maxPorts + " is too small: switch "
                        + Guid.toString(in.switchGuid()[sw]) + " has " + hostPorts + " end ports with port 0");
            }
            for (int dir = 0; dir < 6; dir++) {
                if (count[dir] > maxPorts) {
                    throw TorusRefusal.unroutable("portgroup_max_ports " + maxPorts + " is too small: switch "
                            + Guid.toString(in.switchGuid()[sw]) + " has " + count[dir] + " links toward "
                            + DIRS[dir]);
                }
                dirPorts[sw][dir] = java.util.Arrays.copyOf(tmp[dir], count[dir]);
            }
        }
        if (stray > 0) {
            notes.add(stray + " inter-switch port(s) lead to switches not placed next to them in the torus and are "
                    + "not used");
        }
        return new TorusPorts(dirPorts, portDim);
    }

    /** The direction from {@code a} to {@code b}, or -1 if their coordinates are not neighbours. */
    static int direction(int[][] coord, int[] radix, boolean[] wrap, int a, int b) {
        if (coord[0][b] < 0) {
            return -1;
        }
        int dir = -1;
        for (int d = 0; d < 3; d++) {
            int ca = coord[d][a];
            int cb = coord[d][b];
            if (ca == cb) {
                continue;
            }
            if (dir >= 0) {
                return -1;
            }
            int r = radix[d];
            if (wrap[d] ? (ca + 1) % r == cb : ca + 1 == cb) {
                dir = 2 * d;
            } else if (wrap[d] ? (cb + 1) % r == ca : cb + 1 == ca) {
                dir = 2 * d + 1;
            } else {
                return -1;
            }
        }
        return dir;
    }
}
