package dev.jsm.routing.updn;

import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * dnup's {@code connect_roots} routes: for every pair (switch {@code x}, destination switch {@code d}) with no
 * up*&#47;down* route, the length of the shortest route that walks to some switch with a legal route to {@code d}
 * and then follows that legal route. Pairs with a legal route keep it, so these detours only fill the pairs the rule
 * leaves out (one top switch to another, CA switches that the order cuts apart) and are the only routes that turn
 * from down to up. One byte per pair in one {@code byte[S*S]} (row {@code x}, column {@code d}); pairs with a legal
 * route, or none at all, hold {@link UpDownHops#UNREACHABLE}.
 *
 * <p>Immutable after {@link #compute}; safe to share. In detail: docs/design/routing.md#updownengine.
 */
final class DetourHops {

    private final int switchCount;
    private final byte[] table;

    private DetourHops(int switchCount, byte[] table) {
        this.switchCount = switchCount;
        this.table = table;
    }

    /** Computes the detours around {@code hops} with up to {@code threads} threads (destinations in parallel). */
    static DetourHops compute(RoutingInput in, UpDownHops hops, int threads) {
        int s = in.switchCount();
        byte[] table = new byte[s * s];
        Arrays.fill(table, (byte) UpDownHops.UNREACHABLE);
        ParallelRanges.run(s, threads, 16, (from, to) -> {
            Search search = new Search(in, hops);
            for (int d = from; d < to; d++) {
                search.run(d, table);
            }
        });
        return new DetourHops(s, table);
    }

    /** Hops of the detour from {@code x} to {@code d}, or {@link UpDownHops#UNREACHABLE} if the pair has none. */
    int hops(int x, int d) {
        return table[x * switchCount + d] & 0x7F;
    }

    /** Scratch of one destination search; confined to one worker. */
    private static final class Search {
        private final RoutingInput in;
        private final UpDownHops hops;
        private final int[] dist;
        private final int[] legal;
        private final int[] detour;
        private final int[] bucketStart = new int[UpDownHops.MAX_HOPS + 2];

        Search(RoutingInput in, UpDownHops hops) {
            this.in = in;
            this.hops = hops;
            int s = in.switchCount();
            this.dist = new int[s];
            this.legal = new int[s];
            this.detour = new int[s];
        }

        /** Fills column {@code d}: a breadth-first walk out of the legal routes, nearest first. */
        void run(int d, byte[] table) {
            int s = in.switchCount();
            int legalCount = sortLegal(d);
            int i = 0;
            int head = 0;
            int tail = 0;
            while (i < legalCount || head < tail) {
                int y = head == tail || (i < legalCount && dist[legal[i]] <= dist[detour[head]])
                        ? legal[i++] : detour[head++];
                int next = dist[y] + 1;
                if (next > UpDownHops.MAX_HOPS) {
                    continue;
                }
                for (int e = in.linkStart()[y]; e < in.linkStart()[y + 1]; e++) {
                    int x = in.peerSwitch()[e];
                    if (dist[x] < 0) {
                        dist[x] = next;
                        detour[tail++] = x;
                        table[x * s + d] = (byte) next;
                    }
                }
            }
        }

        /** Sets {@code dist} to the legal hops (-1 where none) and lists the legal switches by distance. */
        private int sortLegal(int d) {
            int s = in.switchCount();
            Arrays.fill(bucketStart, 0);
            for (int x = 0; x < s; x++) {
                int h = hops.hops(x, d);
                dist[x] = h == UpDownHops.UNREACHABLE ? -1 : h;
                if (dist[x] >= 0) {
                    bucketStart[h + 1]++;
                }
            }
            for (int h = 1; h < bucketStart.length; h++) {
                bucketStart[h] += bucketStart[h - 1];
            }
            int count = bucketStart[bucketStart.length - 1];
            for (int x = 0; x < s; x++) {
                if (dist[x] >= 0) {
                    legal[bucketStart[dist[x]]++] = x;
                }
            }
            return count;
        }
    }
}
