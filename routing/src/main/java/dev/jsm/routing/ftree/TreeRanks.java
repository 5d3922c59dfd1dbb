package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.SwitchDistances;

/**
 * Ranks the switches of a fat tree, roots at rank 0 and leaves at the highest rank, as OpenSM's ftree does.
 * <ul>
 *   <li><b>From roots</b> ({@code root_guid_file}): a switch's rank is its hop distance from the nearest root.</li>
 *   <li><b>From the CAs</b> (no file): the switches with CAs or routers get 0 and the others their distance from
 *       them; the ranks are then reversed (highest minus rank) so the switches farthest from every CA become the
 *       roots, and the fabric is ranked again from those roots. On a pure fat tree that puts every leaf at the same,
 *       highest, rank.</li>
 * </ul>
 * Switches no source reaches stay at {@link #UNRANKED} and take no part in the tree.
 *
 * <p>Stateless; thread-safe.
 */
final class TreeRanks {

    /** Rank of a switch outside the tree. */
    static final int UNRANKED = -1;

    private TreeRanks() {
    }

    /** Ranks by distance from {@code source}; returns the rank of every switch. */
    static int[] fromSources(RoutingInput in, boolean[] source) {
        return SwitchDistances.fromSources(in, source, UNRANKED);
    }

    /** Ranks from the switches with end nodes, reversed, then again from the resulting roots. */
    static int[] fromEndNodes(RoutingInput in, boolean[] withEndNodes) {
        int[] fromLeaves = fromSources(in, withEndNodes);
        int max = max(fromLeaves);
        boolean[] roots = new boolean[fromLeaves.length];
        for (int sw = 0; sw < roots.length; sw++) {
            roots[sw] = fromLeaves[sw] == max && max >= 0;
        }
        return fromSources(in, roots);
    }

    /** The highest rank, or -1 if no switch is ranked. */
    static int max(int[] rank) {
        int max = UNRANKED;
        for (int r : rank) {
            max = Math.max(max, r);
        }
        return max;
    }

    /** How many switches have rank {@code r}. */
    static int count(int[] rank, int r) {
        int n = 0;
        for (int x : rank) {
            n += x == r ? 1 : 0;
        }
        return n;
    }
}
