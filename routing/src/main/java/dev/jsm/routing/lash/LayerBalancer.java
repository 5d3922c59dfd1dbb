package dev.jsm.routing.lash;

/**
 * Evens out the paths per layer after {@link LayerAssignment} (the first layers fill up first): repeatedly moves a
 * pair from the fullest layer to the emptiest one if its paths keep that layer acyclic, until the two differ by
 * less than {@link #BALANCE_LIMIT} paths or every pair of the fullest layer was tried since the fullest or
 * emptiest layer last changed. OpenSM's lash picks the pairs at random; this one walks the pairs in processing
 * order from a cursor that never goes back, so the result is deterministic.
 *
 * <p>Confined to the thread running the lash pass.
 */
final class LayerBalancer {

    /** Stop when the fullest and emptiest layer differ by fewer paths than this (OpenSM's {@code balance_limit}). */
    static final int BALANCE_LIMIT = 6;

    private LayerBalancer() {
    }

    /** Balances the layers of {@code a}; returns the number of pairs moved. */
    static int balance(LayerAssignment a) {
        int layers = a.layers.size();
        if (layers < 2) {
            return 0;
        }
        int s = a.graph.switchCount();
        int[] order = a.bySwitchOrder;
        long cursor = 0;
        long pairSlots = (long) s * s;
        int max = fullest(a);
        int min = emptiest(a);
        int trials = a.layers.get(max).paths() / 2;
        int moved = 0;
        while (trials > 0 && a.layers.get(max).paths() - a.layers.get(min).paths() >= BALANCE_LIMIT) {
            int src = -1;
            int dst = -1;
            for (long scanned = 0; scanned < pairSlots; scanned++) {
                int i = (int) (cursor / s);
                int j = (int) (cursor % s);
                cursor = cursor + 1 == pairSlots ? 0 : cursor + 1;
                if (i < j && a.layerOf(order[i], order[j]) == max) {
                    src = order[i];
                    dst = order[j];
                    break;
                }
            }
            if (src < 0) {
                break;
            }
            trials--;
            int pn = a.trees.path(a.graph, src, dst, a.pathA);
            int qn = a.trees.path(a.graph, dst, src, a.pathB);
            if (a.layers.get(min).tryAdd(a.pathA, pn, a.pathB, qn)) {
                a.layers.get(max).remove(a.pathA, pn, a.pathB, qn);
                a.setLayer(src, dst, min);
                moved++;
                int newMax = fullest(a);
                int newMin = emptiest(a);
                if (newMax != max || newMin != min) {
                    max = newMax;
                    min = newMin;
                    trials = a.layers.get(max).paths() / 2;
                }
            }
        }
        return moved;
    }

    private static int fullest(LayerAssignment a) {
        int best = 0;
        for (int l = 1; l < a.layers.size(); l++) {
            if (a.layers.get(l).paths() > a.layers.get(best).paths()) {
                best = l;
            }
        }
        return best;
    }

    private static int emptiest(LayerAssignment a) {
        int best = 0;
        for (int l = 1; l < a.layers.size(); l++) {
            if (a.layers.get(l).paths() < a.layers.get(best).paths()) {
                best = l;
            }
        }
        return best;
    }
}
