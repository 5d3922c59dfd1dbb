package dev.jsm.routing.lash;

import dev.jsm.routing.lash.mesh.SwitchGraph;

/**
 * Numbering of the possible channel dependencies of a {@link SwitchGraph}: a packet arriving on channel {@code a}
 * (a link into switch {@code v}) can only wait for a channel leaving {@code v}, so the dependencies of {@code a}
 * are slots {@code base(a) .. base(a) + degree(v) - 1}, the {@code k}-th for the {@code k}-th link of {@code v}.
 * The dependency {@code a -> b} is slot {@code base(a) + local(b)}. Total size: the sum over switches of
 * in-degree times out-degree, {@code 36 S} on a 3D torus.
 *
 * <p>Immutable; safe to share.
 */
final class ChannelIndex {

    final SwitchGraph graph;
    final int[] tail;
    final int[] local;
    final int[] base;
    final int slots;

    ChannelIndex(SwitchGraph g) {
        graph = g;
        int c = g.linkCount();
        tail = new int[c];
        local = new int[c];
        base = new int[c];
        int total = 0;
        for (int sw = 0; sw < g.switchCount(); sw++) {
            for (int l = g.linkStart(sw); l < g.linkStart(sw + 1); l++) {
                tail[l] = sw;
                local[l] = l - g.linkStart(sw);
                base[l] = total;
                total += g.degree(g.peer(l));
            }
        }
        slots = total;
    }

    /** The slot of the dependency {@code a -> b} ({@code b} must leave the switch {@code a} reaches). */
    int slot(int a, int b) {
        return base[a] + local[b];
    }
}
