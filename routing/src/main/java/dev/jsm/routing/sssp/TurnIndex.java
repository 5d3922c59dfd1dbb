package dev.jsm.routing.sssp;

/**
 * Dense numbers for the channel dependencies a destination-routed fabric can have: a <i>turn</i> is a packet arriving
 * at switch {@code v} on edge {@code a} and leaving on edge {@code b}, the dependency {@code a -> b} of the channel
 * dependency graph. Switch {@code v} with {@code d} edges has {@code d * d} turns numbered
 * {@code base[v] + in * d + out}, where {@code in} and {@code out} are positions in {@code v}'s edge list ({@code in}
 * that of the opposite direction of {@code a}). Memory is {@code sum(d^2)} ints per layer that counts turns.
 *
 * <p>Immutable; safe to share.
 */
final class TurnIndex {

    private final SsspGraph g;
    private final int[] base;
    /** Number of turns. */
    final int size;

    TurnIndex(SsspGraph g) {
        this.g = g;
        int[] linkStart = g.in.linkStart();
        base = new int[g.switches + 1];
        long total = 0;
        for (int v = 0; v < g.switches; v++) {
            int d = linkStart[v + 1] - linkStart[v];
            total += (long) d * d;
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("too many switch ports for the channel dependency graph ("
                        + total + " turns)");
            }
            base[v + 1] = (int) total;
        }
        size = (int) total;
    }

    /** The turn from edge {@code a} into edge {@code b}, which must leave the switch {@code a} arrives at. */
    int turn(int a, int b) {
        int v = g.edgeFrom[b];
        int start = g.in.linkStart()[v];
        int d = g.in.linkStart()[v + 1] - start;
        return base[v] + (g.reverse[a] - start) * d + (b - start);
    }
}
