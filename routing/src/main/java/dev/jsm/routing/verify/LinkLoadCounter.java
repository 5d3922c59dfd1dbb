package dev.jsm.routing.verify;

import dev.jsm.routing.RoutingInput;
import dev.jsm.subnet.Guid;
import java.util.Arrays;

/**
 * Counts the flows on every switch-to-switch link direction when every CA sends one flow to every other CA's base
 * LID. Per destination the routes form a tree toward the delivering switch, so the flows are summed along it:
 * switches are visited farthest first, each passes its own CAs' flows plus what it received to its next hop.
 * {@code O(S)} per destination instead of {@code O(CAs * path length)}.
 *
 * <p>Scratch of one verifier; confined to its thread.
 */
final class LinkLoadCounter {

    private final RoutingInput in;
    private final int[] sources;
    private final long[] load;
    private final long[] flow;
    private final int[] byHops;
    private final int[] hopStart;
    private long flows;

    LinkLoadCounter(RoutingInput in) {
        this.in = in;
        int s = in.switchCount();
        sources = new int[s];
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x] && in.endPortSwitch()[x] >= 0) {
                sources[in.endPortSwitch()[x]]++;
            }
        }
        load = new long[in.edgeCount()];
        flow = new long[s];
        byHops = new int[s];
        hopStart = new int[s + 2];
    }

    /** Adds the flows of every CA to the CA owning {@code lid}, along the routes {@code walk} resolved. */
    void addDestination(int lid, DestinationWalk walk) {
        int s = flow.length;
        Arrays.fill(hopStart, 0);
        int maxHops = 0;
        for (int sw = 0; sw < s; sw++) {
            if (walk.status[sw] == DestinationWalk.DELIVERED) {
                hopStart[walk.hops[sw] + 1]++;
                maxHops = Math.max(maxHops, walk.hops[sw]);
            }
        }
        for (int h = 0; h <= maxHops; h++) {
            hopStart[h + 1] += hopStart[h];
        }
        for (int sw = 0; sw < s; sw++) {
            if (walk.status[sw] == DestinationWalk.DELIVERED) {
                byHops[hopStart[walk.hops[sw]]++] = sw;
                flow[sw] = sources[sw];
                flows += sources[sw];
            }
        }
        int owner = in.lidOwnerSwitch()[lid];
        if (walk.status[owner] == DestinationWalk.DELIVERED) {
            flows--;
        }
        int delivered = hopStart[maxHops];
        int[] peer = in.peerSwitch();
        for (int i = delivered - 1; i >= 0; i--) {
            int sw = byHops[i];
            int e = walk.next[sw];
            if (e >= 0) {
                load[e] += flow[sw];
                flow[peer[e]] += flow[sw];
            }
        }
    }

    /** The totals so far. */
    VerifierReport.LinkLoad result() {
        long max = 0;
        long sum = 0;
        int busiest = -1;
        for (int e = 0; e < load.length; e++) {
            sum += load[e];
            if (load[e] > max) {
                max = load[e];
                busiest = e;
            }
        }
        double mean = load.length == 0 ? 0 : (double) sum / load.length;
        return new VerifierReport.LinkLoad(flows, load.length, max, mean,
                busiest < 0 ? "" : describe(busiest));
    }

    private String describe(int e) {
        int from = 0;
        while (in.linkStart()[from + 1] <= e) {
            from++;
        }
        return Guid.toString(in.switchGuid()[from]) + "[" + (in.localPort()[e] & 0xFF) + "] -> "
                + Guid.toString(in.switchGuid()[in.peerSwitch()[e]]) + "[" + (in.peerPort()[e] & 0xFF) + "]";
    }
}
