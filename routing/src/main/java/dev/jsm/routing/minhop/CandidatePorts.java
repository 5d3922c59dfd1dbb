package dev.jsm.routing.minhop;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * For one switch, the min-hop egress ports toward every other switch: port {@code p} (leading to neighbour {@code q})
 * is a candidate for destination switch {@code d} when {@code hops(q, d) + 1 == hops(sw, d)}. Every LID a destination
 * switch delivers shares its candidate list, so the lists are built once per (switch, destination switch) pair, in
 * {@code O(degree * S)} per switch, instead of once per LID.
 *
 * <p>Lists are slots of {@code degree} bytes per destination in one array ({@link #from}, {@link #to},
 * {@link #ports()}), ports ascending (edges are in local port order); parallel links to the same neighbour are
 * separate candidates. Also keeps the port-to-neighbour map of the
 * switch ({@link #neighbour(int)}).
 *
 * <p>Scratch of one worker: confined to the thread that calls {@link #build}; reused switch after switch.
 */
final class CandidatePorts {

    private final RoutingInput in;
    private final byte[] hops;
    private final int switchCount;
    private final int[] count;
    private final int[] target;
    private byte[] ports = new byte[1024];
    private final int[] neighbour = new int[256];
    private int stride;

    CandidatePorts(RoutingInput in, HopTable table) {
        this.in = in;
        this.hops = table.raw();
        this.switchCount = in.switchCount();
        this.count = new int[switchCount];
        this.target = new int[switchCount];
    }

    /** Builds the lists of switch {@code sw}: one pass over its edges, {@code O(degree * S)}. */
    void build(int sw) {
        int s = switchCount;
        int row = sw * s;
        int firstEdge = in.linkStart()[sw];
        int lastEdge = in.linkStart()[sw + 1];
        int[] peer = in.peerSwitch();
        byte[] local = in.localPort();
        stride = Math.max(1, lastEdge - firstEdge);
        if (ports.length < stride * s) {
            ports = new byte[stride * s];
        }
        for (int d = 0; d < s; d++) {
            int h = hops[row + d] & 0xFF;
            target[d] = h == 0 || h == HopTable.UNREACHABLE ? -1 : h - 1;
        }
        Arrays.fill(count, 0);
        Arrays.fill(neighbour, -1);
        for (int e = firstEdge; e < lastEdge; e++) {
            int qrow = peer[e] * s;
            byte port = local[e];
            neighbour[port & 0xFF] = peer[e];
            for (int d = 0; d < s; d++) {
                if ((hops[qrow + d] & 0xFF) == target[d]) {
                    ports[d * stride + count[d]++] = port;
                }
            }
        }
    }

    /** First candidate toward destination switch {@code d} in {@link #ports()}. */
    int from(int d) {
        return d * stride;
    }

    /** End (exclusive) of the candidates toward {@code d}; equal to {@link #from} if there are none. */
    int to(int d) {
        return d * stride + count[d];
    }

    /** The candidate lists, one slot of {@code degree} bytes per destination switch. Read-only. */
    byte[] ports() {
        return ports;
    }

    /** The switch on the far side of {@code port} of the current switch, or -1. */
    int neighbour(int port) {
        return neighbour[port];
    }
}
