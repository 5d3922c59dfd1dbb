package dev.jsm.routing.nue;

import dev.jsm.routing.EdgeEnds;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The fabric as nue sees it: the channels (directed switch-to-switch edges of the {@link RoutingInput}) it may route
 * over, the turns between them that make up the complete channel dependency graph, the connected parts of the
 * switch graph, and the traffic each switch injects.
 *
 * <p>Immutable after construction; safe to share. Arrays are read-only.
 *
 * <p>In detail: docs/design/routing.md#channelgraph.
 */
final class ChannelGraph {

    final RoutingInput in;
    final int switches;
    final int channels;
    /** CSR of the input: switch {@code sw}'s edges are {@code linkStart[sw] .. linkStart[sw+1]-1}. */
    final int[] linkStart;
    /** Per channel: the switch it reaches. */
    final int[] head;
    /** Per channel: the switch it leaves. */
    final int[] tail;
    /** Per channel: the channel of the same cable in the other direction. */
    final int[] reverse;
    /** Per channel: whether routes may use it (both directions of a cable agree). */
    final boolean[] usable;
    /** Per switch: the first turn number of its {@code d * d} block. */
    final int[] turnBase;
    /** Number of turn numbers. */
    final int turns;
    /** Per switch: the connected part (over usable channels) it belongs to, numbered from 0 by lowest switch. */
    final int[] component;
    /** Per connected part: its switch count. */
    final int[] componentSize;
    /**
     * Per switch: the LIDs it injects traffic from, which every link on its route to a destination carries: the
     * weight each route adds to the links it uses. Its CAs' and routers' LIDs, and its own only when switches are
     * traffic sources ({@code nue_include_switches}). OpenSM's nue always counts the switch itself, which weighs a
     * few management packets like bulk data: on the 2268-host 3-level fat tree that raises the CA-to-CA link load
     * max/mean from 1.07 to 1.79.
     */
    final int[] sourceLids;

    /**
     * The graph of {@code in}; with {@code avoidThrottled} the cables {@link RoutingInput#edgeThrottled()} flags (in
     * either direction) are left out; with {@code switchSources} the switches' own LIDs count as traffic sources.
     *
     * @throws IllegalArgumentException if the turns do not fit int numbering
     */
    ChannelGraph(RoutingInput in, boolean avoidThrottled, boolean switchSources) {
        this.in = in;
        switches = in.switchCount();
        channels = in.edgeCount();
        linkStart = in.linkStart();
        head = in.peerSwitch();
        tail = EdgeEnds.tails(in);
        reverse = EdgeEnds.reverses(in);
        usable = new boolean[channels];
        boolean[] throttled = in.edgeThrottled();
        for (int e = 0; e < channels; e++) {
            usable[e] = !avoidThrottled || !throttled[e] && !throttled[reverse[e]];
        }
        turnBase = new int[switches + 1];
        long total = 0;
        for (int v = 0; v < switches; v++) {
            long d = linkStart[v + 1] - linkStart[v];
            total += d * d;
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("too many switch ports for nue's channel dependency graph ("
                        + total + " turns)");
            }
            turnBase[v + 1] = (int) total;
        }
        turns = (int) total;
        component = new int[switches];
        componentSize = components();
        sourceLids = new int[switches];
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0 && (switchSources || !in.endPortIsSwitch()[ep])) {
                sourceLids[sw] += in.endPortLidCount()[ep];
            }
        }
    }

    /** Number of edges of switch {@code v}. */
    int degree(int v) {
        return linkStart[v + 1] - linkStart[v];
    }

    /** The turn from channel {@code a} into channel {@code b}, which must leave the switch {@code a} reaches. */
    int turn(int a, int b) {
        int v = tail[b];
        int start = linkStart[v];
        return turnBase[v] + (reverse[a] - start) * (linkStart[v + 1] - start) + (b - start);
    }

    private int[] components() {
        Arrays.fill(component, -1);
        int[] queue = new int[switches];
        int[] sizes = new int[switches];
        int count = 0;
        for (int s = 0; s < switches; s++) {
            if (component[s] >= 0) {
                continue;
            }
            int c = count++;
            component[s] = c;
            int n = 0;
            queue[n++] = s;
            for (int i = 0; i < n; i++) {
                int u = queue[i];
                for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                    if (usable[e] && component[head[e]] < 0) {
                        component[head[e]] = c;
                        queue[n++] = head[e];
                    }
                }
            }
            sizes[c] = n;
        }
        return Arrays.copyOf(sizes, count);
    }
}
