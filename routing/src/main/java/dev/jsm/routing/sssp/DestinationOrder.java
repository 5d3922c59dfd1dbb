package dev.jsm.routing.sssp;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The order in which sssp routes the destination LIDs, OpenSM's: switches by the number of source LIDs they inject,
 * most first (ties by switch index), and for each switch the LIDs of its CAs and routers in LID order; after all of
 * them the switches' own LIDs in the same switch order. End-port traffic is balanced first, and the few routes to
 * switch management ports come last, where they disturb the balance least. Every LID of an LMC range is a
 * destination of its own, so later LIDs of a range avoid the links the earlier ones loaded. With
 * {@code cn_guid_file} or {@code io_guid_file} the CA and router ports go in {@link NodeGroups}, one pass over the
 * switches per group: compute nodes, then I/O nodes, then the others.
 *
 * <p>Stateless.
 *
 * <p>In detail: docs/design/routing.md#destinationorder.
 */
final class DestinationOrder {

    private DestinationOrder() {
    }

    /**
     * The LIDs to route in OpenSM's order, each once; LIDs whose end port is not cabled to a switch are left out.
     * {@code group} gives each end port's {@link NodeGroups} group.
     */
    static int[] of(SsspGraph g, int[] group) {
        return of(g, group, false);
    }

    /** The same LIDs in the interleaved order, group by group. */
    static int[] interleaved(SsspGraph g, int[] group) {
        return of(g, group, true);
    }

    private static int[] of(SsspGraph g, int[] group, boolean interleave) {
        RoutingInput in = g.in;
        int s = g.switches;
        long[] keys = new long[s];
        for (int sw = 0; sw < s; sw++) {
            keys[sw] = ((long) (Integer.MAX_VALUE - g.sourceLids[sw]) << 32) | sw;
        }
        Arrays.sort(keys);
        int[] bySources = new int[s];
        for (int i = 0; i < s; i++) {
            bySources[i] = (int) keys[i];
        }
        int e = in.endPortCount();
        int buckets = NodeGroups.COUNT * s;
        int[] firstPort = new int[buckets + 1];
        for (int ep = 0; ep < e; ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0 && !in.endPortIsSwitch()[ep]) {
                firstPort[group[ep] * s + sw + 1]++;
            }
        }
        for (int b = 0; b < buckets; b++) {
            firstPort[b + 1] += firstPort[b];
        }
        int[] fill = firstPort.clone();
        int[] portsByBucket = new int[firstPort[buckets]];
        for (int ep = 0; ep < e; ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0 && !in.endPortIsSwitch()[ep]) {
                portsByBucket[fill[group[ep] * s + sw]++] = ep;
            }
        }
        int[] switchPort = new int[s];
        Arrays.fill(switchPort, -1);
        int count = 0;
        for (int ep = 0; ep < e; ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0) {
                count += in.endPortLidCount()[ep];
                if (in.endPortIsSwitch()[ep]) {
                    switchPort[sw] = ep;
                }
            }
        }
        int[] order = new int[count];
        int n = 0;
        for (int base = 0; base < buckets; base += s) {
            int rounds = 1;
            for (int b = base; b < base + s && interleave; b++) {
                rounds = Math.max(rounds, firstPort[b + 1] - firstPort[b]);
            }
            for (int round = 0; round < rounds; round++) {
                for (int sw : bySources) {
                    int b = base + sw;
                    int from = interleave ? firstPort[b] + round : firstPort[b];
                    int to = interleave ? Math.min(from + 1, firstPort[b + 1]) : firstPort[b + 1];
                    for (int i = from; i < to; i++) {
                        n = addLids(in, portsByBucket[i], order, n);
                    }
                }
            }
        }
        for (int sw : bySources) {
            if (switchPort[sw] >= 0) {
                n = addLids(in, switchPort[sw], order, n);
            }
        }
        return order;
    }

    private static int addLids(RoutingInput in, int ep, int[] order, int n) {
        int base = in.endPortBaseLid()[ep];
        for (int lid = base; lid < base + in.endPortLidCount()[ep]; lid++) {
            order[n++] = lid;
        }
        return n;
    }
}
