package dev.jsm.routing.torus;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RoutingInput;

/**
 * Writes the LFTs of a placed torus: each switch row takes, per destination switch, the direction of the
 * {@link DorNextHop#table} row, and spreads the destination's LIDs round-robin over the parallel links of that
 * direction by the position of the destination end port among its switch's CA and router ports ({@code port_order}
 * first, then ascending; the switch's own port 0 after them), so a failed parallel link redistributes the routes
 * over the others. LIDs of switches that were not placed get no route. Rows are independent and may be filled by
 * several threads with identical output.
 *
 * <p>Stateless; one call per routing pass.
 */
final class TorusLfts {

    private TorusLfts() {
    }

    /**
     * Fills {@code out}; returns the number of (switch, placed destination switch) pairs that had no way, 0 when
     * every placed switch reaches every other.
     */
    static long fill(RoutingInput in, TorusTopology t, byte[] next, int[] portOrder, int threads, LftTables out) {
        int n = in.switchCount();
        int[] rank = ranks(in, t, portOrder);
        long[] missing = new long[n];
        ParallelRanges.run(n, threads, 16, (from, to) -> {
            for (int c = from; c < to; c++) {
                if (!t.isPlaced(c)) {
                    continue;
                }
                int rowStart = c * n;
                for (int d = 0; d < n; d++) {
                    if (d != c && t.isPlaced(d) && next[rowStart + d] < 0) {
                        missing[c]++;
                    }
                }
                byte[] row = out.lft(c);
                int[] owner = in.lidOwnerSwitch();
                byte[] ownerPort = in.lidOwnerPort();
                for (int lid = 1; lid <= in.maxLid(); lid++) {
                    int dst = owner[lid];
                    if (dst < 0) {
                        continue;
                    }
                    if (dst == c) {
                        row[lid] = ownerPort[lid];
                        continue;
                    }
                    int dir = next[rowStart + dst];
                    if (dir < 0) {
                        continue;
                    }
                    int[] ports = t.dirPorts[c][dir];
                    row[lid] = (byte) ports[rank[lid] % ports.length];
                }
            }
        });
        long total = 0;
        for (long m : missing) {
            total += m;
        }
        return total;
    }

    /** Per LID, the round-robin index of its destination end port among its switch's end ports (plus LMC offset). */
    private static int[] ranks(RoutingInput in, TorusTopology t, int[] portOrder) {
        int[] pos = new int[in.portStart()[in.switchCount()]];
        for (int sw = 0; sw < in.switchCount(); sw++) {
            int base = in.portStart()[sw];
            int numPorts = in.switchNumPorts()[sw];
            java.util.Arrays.fill(pos, base, base + numPorts + 1, -1);
            int k = 0;
            for (int p : portOrder) {
                if (p >= 1 && p <= numPorts && t.portDim(sw, p) == TorusTopology.END_PORT && pos[base + p] < 0) {
                    pos[base + p] = k++;
                }
            }
            for (int p = 1; p <= numPorts; p++) {
                if (t.portDim(sw, p) == TorusTopology.END_PORT && pos[base + p] < 0) {
                    pos[base + p] = k++;
                }
            }
            pos[base] = k;
        }
        int[] rank = new int[in.maxLid() + 1];
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            int sw = in.lidOwnerSwitch()[lid];
            int ep = in.lidEndPort()[lid];
            if (sw < 0 || ep < 0) {
                continue;
            }
            int p = in.lidOwnerPort()[lid] & 0xFF;
            int count = in.endPortLidCount()[ep];
            int offset = lid - in.endPortBaseLid()[ep];
            // an extra LID (a vport's) lies outside the LMC range: it takes its base LID's rank
            rank[lid] = Math.max(0, pos[in.portStart()[sw] + p]) * count + (offset >= 0 && offset < count ? offset : 0);
        }
        return rank;
    }
}
