package dev.jsm.routing;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fills the LFT entries an up-then-down engine (ftree, updn, dnup) left empty because no up*&#47;down* route exists -
 * every switch LID, and on request CA LIDs at switches without end nodes - with the neighbour that has the shortest
 * existing route, where OpenSM leaves those pairs unreachable. Such routes may turn down and up again but carry only
 * switch traffic, so the CA routes stay free of credit loops; entries the engine wrote are never changed.
 *
 * <p>LIDs are independent, so they are spread over worker threads; the result does not depend on the thread count.
 * Stateless; thread-safe.
 *
 * <p>In detail: docs/design/routing.md#routecompletion.
 */
public final class RouteCompletion {

    private static final int MISSING = -1;
    private static final int BLOCKED = -3;
    private static final int MAX_HOPS = 255;

    private RouteCompletion() {
    }

    /**
     * Completes the entries for {@code lids} (those the pass left incomplete).
     *
     * @param withEndNodes per switch: whether CAs or routers are cabled to it (not completed for CA LIDs); all true
     *     to complete switch LIDs only
     * @return how many entries were added
     */
    public static long complete(RoutingInput in, LftTables out, int[] lids, boolean[] withEndNodes, int threads) {
        int s = in.switchCount();
        AtomicLong added = new AtomicLong();
        ParallelRanges.run(lids.length, threads, 16, (from, to) -> {
            Scratch scratch = new Scratch(s);
            long n = 0;
            for (int i = from; i < to; i++) {
                int lid = lids[i];
                int owner = in.lidOwnerSwitch()[lid];
                if (owner >= 0) {
                    boolean switchLid = in.endPortIsSwitch()[in.lidEndPort()[lid]];
                    n += completeLid(in, out, lid, owner, switchLid ? null : withEndNodes, scratch);
                }
            }
            added.addAndGet(n);
        });
        return added.get();
    }

    /** Per-thread arrays. */
    private static final class Scratch {
        final int[] dist;
        final int[] sources;
        final int[] queue;
        final int[] bucket = new int[MAX_HOPS + 2];

        Scratch(int s) {
            dist = new int[s];
            sources = new int[s];
            queue = new int[s];
        }
    }

    private static int completeLid(RoutingInput in, LftTables out, int lid, int owner, boolean[] blocked,
                                   Scratch sc) {
        int s = in.switchCount();
        int[] dist = sc.dist;
        int missing = 0;
        for (int x = 0; x < s; x++) {
            boolean routed = (out.lft(x)[lid] & 0xFF) != LftTables.NO_PATH;
            dist[x] = routed ? -2 : blocked != null && blocked[x] ? BLOCKED : MISSING;
            missing += dist[x] == MISSING ? 1 : 0;
        }
        if (missing == 0) {
            return 0;
        }
        dist[owner] = 0;
        int sources = 0;
        for (int x = 0; x < s; x++) {
            if (dist[x] != MISSING && dist[x] != BLOCKED) {
                lengthOf(in, out, lid, x, dist);
                sources++;
            }
        }
        sortByDistance(dist, sources, sc);
        return search(in, out, lid, sources, sc);
    }

    /**
     * Sets {@code dist[x]} (and that of the switches on its way) to the length of x's route, following the tables;
     * a route that does not arrive (never written by the pass) counts as {@link #MAX_HOPS} long.
     */
    private static void lengthOf(RoutingInput in, LftTables out, int lid, int x, int[] dist) {
        int cur = x;
        int steps = 0;
        while (dist[cur] < 0 && steps < MAX_HOPS) {
            int e = in.edgeOfPort(cur, out.lft(cur)[lid] & 0xFF);
            if (e < 0 || dist[in.peerSwitch()[e]] == MISSING || dist[in.peerSwitch()[e]] == BLOCKED) {
                break;
            }
            cur = in.peerSwitch()[e];
            steps++;
        }
        int end = dist[cur] >= 0 ? dist[cur] : MAX_HOPS;
        int c = x;
        for (int k = steps; k >= 0 && dist[c] < 0; k--) {
            dist[c] = Math.min(MAX_HOPS, end + k);
            if (k > 0) {
                c = in.peerSwitch()[in.edgeOfPort(c, out.lft(c)[lid] & 0xFF)];
            }
        }
    }

    /** Fills {@code sc.sources} with the switches that have a route, by ascending distance (counting sort). */
    private static void sortByDistance(int[] dist, int count, Scratch sc) {
        int[] bucket = sc.bucket;
        Arrays.fill(bucket, 0);
        for (int d : dist) {
            if (d >= 0) {
                bucket[d + 1]++;
            }
        }
        for (int i = 1; i < bucket.length; i++) {
            bucket[i] += bucket[i - 1];
        }
        for (int x = 0; x < dist.length; x++) {
            if (dist[x] >= 0) {
                sc.sources[bucket[dist[x]]++] = x;
            }
        }
    }

    /** The merged search: sources in distance order and newly reached switches in FIFO order. */
    private static int search(RoutingInput in, LftTables out, int lid, int sourceCount, Scratch sc) {
        int[] dist = sc.dist;
        int[] linkStart = in.linkStart();
        int[] peer = in.peerSwitch();
        int si = 0;
        int head = 0;
        int tail = 0;
        int added = 0;
        while (si < sourceCount || head < tail) {
            int u;
            if (head == tail || si < sourceCount && dist[sc.sources[si]] <= dist[sc.queue[head]]) {
                u = sc.sources[si++];
            } else {
                u = sc.queue[head++];
            }
            for (int e = linkStart[u]; e < linkStart[u + 1]; e++) {
                int v = peer[e];
                if (dist[v] == MISSING) {
                    dist[v] = Math.min(MAX_HOPS, dist[u] + 1);
                    out.lft(v)[lid] = in.peerPort()[e];
                    sc.queue[tail++] = v;
                    added++;
                }
            }
        }
        return added;
    }
}
