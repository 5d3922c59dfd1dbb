package dev.jsm.routing.lash.mesh;

import dev.jsm.routing.lash.mesh.MeshTypes.MeshType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Steps 2 to 5 of the local geometry (docs/reference/lash-mesh-analysis.md#local-geometry-classifying-switches): each
 * switch's characteristic polynomial (from its
 * {@link NeighbourDistances} matrix), its known mesh type if the polynomial is one of {@link MeshTypes}, and the
 * histogram of switches by polynomial whose largest class decides the fabric's shape.
 *
 * <p>A switch of a known type with a neighbour that has more links than itself is an edge of an open mesh (its
 * polynomial may equal a lower-dimensional torus') and is left out of the histogram, as OpenSM does. Switches
 * without a polynomial (too many neighbours, or neighbours connected only through the switch) are left out too.
 * Classes keep their first member in switch order as the exemplar; the largest class wins, the first on ties.
 *
 * <p>Immutable after construction.
 */
final class SwitchClasses {

    final int[][][] matrix;
    final long[][] poly;
    final MeshType[] type;
    final List<Integer> exemplar = new ArrayList<>();
    final List<Integer> size = new ArrayList<>();

    SwitchClasses(SwitchGraph g) {
        int s = g.switchCount();
        matrix = new int[s][][];
        poly = new long[s][];
        type = new MeshType[s];
        NeighbourDistances distances = new NeighbourDistances(g);
        for (int sw = 0; sw < s; sw++) {
            matrix[sw] = distances.matrix(sw);
            if (matrix[sw] != null) {
                poly[sw] = CharacteristicPolynomial.of(matrix[sw]);
                type[sw] = MeshTypes.lookup(poly[sw]);
            }
        }
        boolean[] edge = new boolean[s];
        for (int sw = 0; sw < s; sw++) {
            if (type[sw] == null) {
                continue;
            }
            for (int l = g.linkStart(sw); l < g.linkStart(sw + 1); l++) {
                if (g.degree(g.peer(l)) > g.degree(sw)) {
                    edge[sw] = true;
                    break;
                }
            }
        }
        for (int sw = 0; sw < s; sw++) {
            if (poly[sw] == null || edge[sw]) {
                continue;
            }
            int c = 0;
            while (c < exemplar.size() && !Arrays.equals(poly[exemplar.get(c)], poly[sw])) {
                c++;
            }
            if (c == exemplar.size()) {
                exemplar.add(sw);
                size.add(1);
            } else {
                size.set(c, size.get(c) + 1);
            }
        }
    }

    /** Index of the largest class, -1 if there is none. */
    int dominant() {
        int best = -1;
        for (int c = 0; c < size.size(); c++) {
            if (best < 0 || size.get(c) > size.get(best)) {
                best = c;
            }
        }
        return best;
    }

    /** {@code x^6-96x^4-512x^3-768x^2} style text of a polynomial, highest power first. */
    static String format(long[] p) {
        StringBuilder sb = new StringBuilder();
        for (int k = p.length - 1; k >= 0; k--) {
            long c = p[k];
            if (c == 0) {
                continue;
            }
            sb.append(c < 0 ? "-" : sb.length() == 0 ? "" : "+");
            long a = Math.abs(c);
            if (a != 1 || k == 0) {
                sb.append(a);
            }
            if (k > 0) {
                sb.append('x');
            }
            if (k > 1) {
                sb.append('^').append(k);
            }
        }
        return sb.length() == 0 ? "0" : sb.toString();
    }
}
