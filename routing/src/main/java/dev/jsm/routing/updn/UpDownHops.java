package dev.jsm.routing.updn;

import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The up*&#47;down* hop table: for every (switch {@code x}, destination switch {@code d}) the length of the route
 * {@code x} will use toward {@code d}, and whether that route goes only down. One byte per pair in one
 * {@code byte[S*S]} (row {@code x}, column {@code d}): the low 7 bits hold the hop count, {@link #DOWN_ONLY} is set
 * when the route never goes up; {@link #UNREACHABLE} means no legal route.
 *
 * <p>Hop counts above 126 are treated as unreachable (IBA paths are at most 64 hops). Immutable after
 * {@link #compute}; safe to share.
 *
 * <p>In detail: docs/design/routing.md#updownhops.
 */
final class UpDownHops {

    /** Flag bit: the route from the switch to the destination only goes down. */
    static final int DOWN_ONLY = 0x80;
    /** Entry of a pair without a legal route. */
    static final int UNREACHABLE = 0x7F;
    /** Longest route kept. */
    static final int MAX_HOPS = 126;

    private final int switchCount;
    private final byte[] table;

    private UpDownHops(int switchCount, byte[] table) {
        this.switchCount = switchCount;
        this.table = table;
    }

    /** Computes the table with up to {@code threads} threads (destinations in parallel, disjoint columns). */
    static UpDownHops compute(RoutingInput in, UpDownOrder order, int threads) {
        int s = in.switchCount();
        byte[] table = new byte[s * s];
        Arrays.fill(table, (byte) UNREACHABLE);
        ParallelRanges.run(s, threads, 16, (from, to) -> {
            Search search = new Search(in, order.key());
            for (int d = from; d < to; d++) {
                search.run(d, table);
            }
        });
        return new UpDownHops(s, table);
    }

    /** Hops of the route from {@code x} to {@code d}, or {@link #UNREACHABLE}. */
    int hops(int x, int d) {
        return table[x * switchCount + d] & 0x7F;
    }

    /** The table, row-major (row = from). Read-only. */
    byte[] raw() {
        return table;
    }

    /** Scratch of one destination search; confined to one worker. */
    private static final class Search {
        private final int[] linkStart;
        private final int[] peer;
        private final int[] key;
        private final int switchCount;
        private final int[] dist;
        private final int[] down;
        private final int[] rest;

        Search(RoutingInput in, int[] key) {
            this.linkStart = in.linkStart();
            this.peer = in.peerSwitch();
            this.key = key;
            this.switchCount = in.switchCount();
            this.dist = new int[switchCount];
            this.down = new int[switchCount];
            this.rest = new int[switchCount];
        }

        /** Fills column {@code d} of {@code table} (all {@link #UNREACHABLE} on entry). */
        void run(int d, byte[] table) {
            Arrays.fill(dist, -1);
            dist[d] = 0;
            down[0] = d;
            int downCount = 1;
            // 1: the switches with an all-down route: walk from d to higher neighbours
            for (int head = 0; head < downCount; head++) {
                int y = down[head];
                int next = dist[y] + 1;
                if (next > MAX_HOPS) {
                    break;
                }
                for (int e = linkStart[y]; e < linkStart[y + 1]; e++) {
                    int x = peer[e];
                    if (dist[x] < 0 && key[x] < key[y]) {
                        dist[x] = next;
                        down[downCount++] = x;
                    }
                }
            }
            // 2: everyone else goes up first: walk from every reached switch to lower neighbours, in distance order
            int i = 0;
            int restHead = 0;
            int restCount = 0;
            while (i < downCount || restHead < restCount) {
                int y = restHead == restCount || (i < downCount && dist[down[i]] <= dist[rest[restHead]])
                        ? down[i++] : rest[restHead++];
                int next = dist[y] + 1;
                if (next > MAX_HOPS) {
                    continue;
                }
                for (int e = linkStart[y]; e < linkStart[y + 1]; e++) {
                    int x = peer[e];
                    if (dist[x] < 0 && key[x] > key[y]) {
                        dist[x] = next;
                        rest[restCount++] = x;
                    }
                }
            }
            int s = switchCount;
            for (int k = 0; k < downCount; k++) {
                int x = down[k];
                table[x * s + d] = (byte) (dist[x] | DOWN_ONLY);
            }
            for (int k = 0; k < restCount; k++) {
                int x = rest[k];
                table[x * s + d] = (byte) dist[x];
            }
        }
    }
}
