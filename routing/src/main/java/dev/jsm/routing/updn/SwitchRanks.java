package dev.jsm.routing.updn;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.SwitchDistances;

/**
 * Ranks switches by breadth-first search over the switch-to-switch links from a set of sources (rank 0): updn's
 * roots, or dnup's switches with a CA. A switch no source reaches gets {@link #UNRANKED}. Same rule as OpenSM's
 * {@code updn_subn_rank} and {@code dnup_subn_rank}: a switch's rank is its hop distance to the nearest source.
 *
 * <p>Stateless; thread-safe.
 */
final class SwitchRanks {

    /** Rank of a switch no source reaches. */
    static final int UNRANKED = Integer.MAX_VALUE;

    private SwitchRanks() {
    }

    /** The rank of every switch, {@code 0} for the sources. */
    static int[] fromSources(RoutingInput in, boolean[] source) {
        return SwitchDistances.fromSources(in, source, UNRANKED);
    }

    /** Switches with a CA or router cabled to one of their ports: dnup's sources. */
    static boolean[] withEndNodes(RoutingInput in) {
        int s = in.switchCount();
        boolean[] out = new boolean[s];
        int[] portStart = in.portStart();
        int[] portEdge = in.portEdge();
        for (int sw = 0; sw < s; sw++) {
            for (int f = portStart[sw] + 1; f <= portStart[sw] + in.switchNumPorts()[sw]; f++) {
                if (portEdge[f] == RoutingInput.PORT_TO_END_NODE) {
                    out[sw] = true;
                    break;
                }
            }
        }
        return out;
    }
}
