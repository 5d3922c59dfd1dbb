package dev.jsm.routing.verify;

import dev.jsm.routing.EdgeEnds;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the channel dependency graph of the routes and looks for a cycle (Dally and Seitz: a destination-routed
 * network is free of credit-loop deadlock if this graph is acyclic). A channel is one direction of a
 * switch-to-switch link on one VL, numbered {@code edge * vlCount + vl}; a packet holding channel {@code a} while
 * waiting for channel {@code b} adds the dependency {@code a -> b}.
 *
 * <p>Scratch of one verifier; confined to its thread.
 *
 * <p>In detail: docs/design/routing.md#creditloopcheck.
 */
final class CreditLoopCheck {

    private static final int SL_COUNT = 16;

    private final RoutingInput in;
    private final PathSlProvider pathSl;
    private final Sl2VlProvider sl2Vl;
    private final int vlCount;
    private final boolean allOnVl0;
    private final int[] edgeFrom;
    private final int[] srcSwitch;
    private final int[] srcInPort;
    private final int[] srcLid;
    private final int sourceCount;
    private final int[] bySl;
    private final int[] slStart = new int[SL_COUNT + 1];
    private final int[] slFill = new int[SL_COUNT + 1];
    private final int[] slOfSource;
    private final int[] stamp;
    private final int[] stack;
    private int generation;
    private final LongHashSet dependencies = new LongHashSet();

    CreditLoopCheck(RoutingInput in, PathSlProvider pathSl, Sl2VlProvider sl2Vl, boolean includeSwitchTraffic) {
        this.in = in;
        this.pathSl = pathSl;
        this.sl2Vl = sl2Vl;
        this.vlCount = sl2Vl.vlCount();
        if (vlCount < 1 || vlCount > 15) {
            throw new IllegalArgumentException("Sl2VlProvider.vlCount() must be 1..15, not " + vlCount);
        }
        this.allOnVl0 = pathSl == PathSlProvider.DEFAULT && sl2Vl == Sl2VlProvider.ALL_VL0;
        int s = in.switchCount();
        edgeFrom = EdgeEnds.tails(in);
        int max = in.endPortCount();
        srcSwitch = new int[max];
        srcInPort = new int[max];
        srcLid = new int[max];
        boolean[] seenSwitch = new boolean[s];
        int n = 0;
        for (int x = 0; x < max; x++) {
            int sw = in.endPortSwitch()[x];
            if (sw < 0 || (in.endPortIsSwitch()[x] && !includeSwitchTraffic)) {
                continue;
            }
            if (allOnVl0 && seenSwitch[sw]) {
                continue;
            }
            seenSwitch[sw] = true;
            srcSwitch[n] = sw;
            srcInPort[n] = allOnVl0 ? 0 : in.lidOwnerPort()[in.endPortBaseLid()[x]] & 0xFF;
            srcLid[n] = in.endPortBaseLid()[x];
            n++;
        }
        sourceCount = n;
        bySl = new int[n];
        slOfSource = new int[n];
        int channels = in.edgeCount() * vlCount;
        stamp = new int[channels];
        stack = new int[channels];
    }

    /** Adds the dependencies of all traffic to {@code lid}, along the routes {@code walk} resolved. */
    void addDestination(int lid, DestinationWalk walk) {
        groupBySl(lid);
        for (int sl = 0; sl < SL_COUNT; sl++) {
            if (slStart[sl] == slStart[sl + 1]) {
                continue;
            }
            generation++;
            int top = 0;
            for (int i = slStart[sl]; i < slStart[sl + 1]; i++) {
                int src = bySl[i];
                int sw = srcSwitch[src];
                int e = walk.next[sw];
                if (e < 0) {
                    continue;
                }
                int c = channel(sw, srcInPort[src], e, sl);
                if (c >= 0 && stamp[c] != generation) {
                    stamp[c] = generation;
                    stack[top++] = c;
                }
            }
            while (top > 0) {
                int c = stack[--top];
                int e = c / vlCount;
                int t = in.peerSwitch()[e];
                int e2 = walk.next[t];
                if (e2 < 0) {
                    continue;
                }
                int c2 = channel(t, in.peerPort()[e] & 0xFF, e2, sl);
                if (c2 < 0) {
                    continue;
                }
                dependencies.add(((long) c << 32) | c2);
                if (stamp[c2] != generation) {
                    stamp[c2] = generation;
                    stack[top++] = c2;
                }
            }
        }
    }

    private void groupBySl(int lid) {
        Arrays.fill(slStart, 0);
        for (int i = 0; i < sourceCount; i++) {
            int sl = allOnVl0 ? 0 : pathSl.pathSl(srcLid[i], lid);
            slOfSource[i] = sl;
            if (sl >= 0 && sl < SL_COUNT) {
                slStart[sl + 1]++;
            }
        }
        for (int sl = 0; sl < SL_COUNT; sl++) {
            slStart[sl + 1] += slStart[sl];
        }
        System.arraycopy(slStart, 0, slFill, 0, slStart.length);
        for (int i = 0; i < sourceCount; i++) {
            int sl = slOfSource[i];
            if (sl >= 0 && sl < SL_COUNT) {
                bySl[slFill[sl]++] = i;
            }
        }
    }

    /** The channel a packet of {@code sl} takes from {@code sw} on edge {@code e}, or -1 if dropped. */
    private int channel(int sw, int inPort, int e, int sl) {
        int vl = allOnVl0 ? 0 : sl2Vl.vl(sw, inPort, in.localPort()[e] & 0xFF, sl);
        return vl < 0 || vl >= vlCount ? -1 : e * vlCount + vl;
    }

    /** The dependency count and the first cycle found (at most {@code maxReported} of its channels listed). */
    VerifierReport.CreditLoops result(int maxReported) {
        long[] deps = dependencies.toSortedArray();
        int channels = stamp.length;
        int[] start = new int[channels + 1];
        int[] succ = new int[deps.length];
        for (int k = 0; k < deps.length; k++) {
            start[(int) (deps[k] >>> 32) + 1]++;
            succ[k] = (int) deps[k];
        }
        for (int c = 0; c < channels; c++) {
            start[c + 1] += start[c];
        }
        int[] cycle = CycleFinder.find(channels, start, succ);
        List<VerifierReport.ChannelHop> hops = new ArrayList<>();
        for (int i = 0; i < cycle.length && i < maxReported; i++) {
            int e = cycle[i] / vlCount;
            hops.add(new VerifierReport.ChannelHop(in.switchGuid()[edgeFrom[e]], in.localPort()[e] & 0xFF,
                    in.switchGuid()[in.peerSwitch()[e]], in.peerPort()[e] & 0xFF, cycle[i] % vlCount));
        }
        return new VerifierReport.CreditLoops(vlCount, deps.length, cycle.length, hops);
    }
}
