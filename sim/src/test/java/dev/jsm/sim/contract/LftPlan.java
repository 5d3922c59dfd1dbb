package dev.jsm.sim.contract;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * Minimum-hop linear forwarding tables for a crawled fabric, the way the simplest SM routing engine makes them: for
 * each LID, a breadth-first search over the switch-to-switch cables from the switch that owns it (or that the CA
 * port hangs off), and at every switch the lowest-numbered port one hop closer. Entries of LIDs without a route
 * stay 0xFF.
 *
 * <p>Immutable after construction.
 */
final class LftPlan {

    private static final byte NO_ROUTE = (byte) 0xFF;

    private final byte[][] lft;

    /** Routes every LID of {@code f} up to {@code maxLid}. */
    LftPlan(CrawledFabric f, int maxLid) {
        lft = new byte[f.nodes.size()][];
        for (CrawledFabric.Node s : f.switches()) {
            lft[s.index] = new byte[maxLid + 1];
            Arrays.fill(lft[s.index], NO_ROUTE);
        }
        for (CrawledFabric.Node d : f.nodes) {
            for (int q = 0; q <= d.numPorts; q++) {
                if (d.lid[q] == 0) {
                    continue;
                }
                CrawledFabric.Node target = d.isSwitch ? d : f.nodes.get(d.peerNode[q]);
                if (!target.isSwitch) {
                    continue;
                }
                int last = d.isSwitch ? 0 : d.peerPort[q];
                route(f, target, last, d.lid[q], d.lid[q] + (1 << d.lmc[q]) - 1);
            }
        }
    }

    /** The LFT of switch {@code n}, indexed by LID. */
    byte[] table(CrawledFabric.Node n) {
        return lft[n.index];
    }

    private void route(CrawledFabric f, CrawledFabric.Node target, int lastPort, int firstLid, int lastLid) {
        int[] dist = new int[f.nodes.size()];
        Arrays.fill(dist, -1);
        dist[target.index] = 0;
        Deque<CrawledFabric.Node> queue = new ArrayDeque<>();
        queue.add(target);
        while (!queue.isEmpty()) {
            CrawledFabric.Node s = queue.poll();
            for (int p = 1; p <= s.numPorts; p++) {
                int t = s.peerNode[p];
                if (t >= 0 && f.nodes.get(t).isSwitch && dist[t] < 0) {
                    dist[t] = dist[s.index] + 1;
                    queue.add(f.nodes.get(t));
                }
            }
        }
        for (CrawledFabric.Node s : f.switches()) {
            int port = s == target ? lastPort : closerPort(f, s, dist);
            for (int lid = firstLid; lid <= lastLid; lid++) {
                lft[s.index][lid] = port < 0 ? NO_ROUTE : (byte) port;
            }
        }
    }

    private static int closerPort(CrawledFabric f, CrawledFabric.Node s, int[] dist) {
        if (dist[s.index] <= 0) {
            return -1;
        }
        for (int p = 1; p <= s.numPorts; p++) {
            int t = s.peerNode[p];
            if (t >= 0 && f.nodes.get(t).isSwitch && dist[t] == dist[s.index] - 1) {
                return p;
            }
        }
        return -1;
    }
}
