package dev.jsm.routing.updn;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The strict total order that gives every switch-to-switch link its direction: a hop from switch {@code a} to
 * switch {@code b} goes <em>up</em> if {@code b} is higher ({@code key(b) < key(a)}), otherwise <em>down</em>.
 * Because it is a total order there is no cycle of up hops and none of down hops, which is what makes up*&#47;down*
 * routing free of credit loops on any topology.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/routing.md#updownorder.
 */
final class UpDownOrder {

    private final int[] key;

    private UpDownOrder(int[] key) {
        this.key = key;
    }

    /**
     * The order from {@code rank} and {@code id} (both by switch index).
     *
     * @param nearerIsHigher true for updn (rank 0 = the roots are highest), false for dnup (rank 0 = the CA
     *     switches are lowest)
     */
    static UpDownOrder of(RoutingInput in, int[] rank, long[] id, boolean nearerIsHigher) {
        int s = in.switchCount();
        long[] guid = in.switchGuid();
        Integer[] byHeight = new Integer[s];
        for (int i = 0; i < s; i++) {
            byHeight[i] = i;
        }
        Arrays.sort(byHeight, (a, b) -> {
            if (rank[a] != rank[b]) {
                return nearerIsHigher ? Integer.compare(rank[a], rank[b]) : Integer.compare(rank[b], rank[a]);
            }
            int c = Long.compareUnsigned(id[a], id[b]);
            return c != 0 ? c : Long.compareUnsigned(guid[a], guid[b]);
        });
        int[] key = new int[s];
        for (int pos = 0; pos < s; pos++) {
            key[byHeight[pos]] = pos;
        }
        return new UpDownOrder(key);
    }

    /** Position of each switch from the top (0 = highest). Read-only. */
    int[] key() {
        return key;
    }

    /** Whether a hop from {@code a} to {@code b} goes up. */
    boolean isUp(int a, int b) {
        return key[b] < key[a];
    }
}
