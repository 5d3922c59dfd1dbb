package dev.jsm.routing.lash.mesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The characteristic polynomials of the switches of regular tori (and the interior of open meshes), step 3 of the
 * local geometry (docs/reference/lash-mesh-analysis.md#local-geometry-classifying-switches), generated here rather than
 * tabulated: a switch of a torus of sizes {@code n_1 x .. x n_k}
 * has, per dimension, two neighbours ({@code +A}, {@code -A}), or one where {@code n = 2} (both directions reach the
 * same switch); two neighbours of different dimensions are 2 hops apart (around a corner); the two of one dimension
 * are {@code min(n - 2, 4)} apart avoiding the switch (around the ring, or 4 hops through another dimension). So
 * sizes 3, 5 and "6 or more" are distinct, a size of 4 looks like two dimensions of size 2 ({@code N x 4} and
 * {@code N x 2 x 2} are the same), and an open mesh's interior switch looks like the "6 or more" torus.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/routing.md#meshtypes.
 */
final class MeshTypes {

    /** Sizes a dimension is told apart by; 6 stands for "6 or more". */
    private static final int[] SIZES = {6, 5, 3, 2};
    private static final int MAX_DIMENSION = 8;

    private static final Map<List<Long>, MeshType> BY_POLYNOMIAL = build();

    private MeshTypes() {
    }

    /**
     * A known mesh type.
     *
     * @param sizes the sizes per dimension, largest first (6 = "6 or more")
     */
    record MeshType(List<Integer> sizes) {

        /** The number of dimensions. */
        int dimension() {
            return sizes.size();
        }

        /** {@code 6+ x 6+ x 3}. */
        String describe() {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < sizes.size(); i++) {
                sb.append(i == 0 ? "" : " x ").append(sizes.get(i)).append(sizes.get(i) == 6 ? "+" : "");
            }
            return sb.toString();
        }
    }

    /** The known type with polynomial {@code poly}, or {@code null}. */
    static MeshType lookup(long[] poly) {
        return poly == null ? null : BY_POLYNOMIAL.get(key(poly));
    }

    /** The polynomial of a switch of the regular torus with the given sizes (2, 3, 5 or 6 each). */
    static long[] polynomial(int... sizes) {
        int n = 0;
        for (int size : sizes) {
            n += size == 2 ? 1 : 2;
        }
        int[] dim = new int[n];
        int k = 0;
        for (int a = 0; a < sizes.length; a++) {
            dim[k++] = a;
            if (sizes[a] != 2) {
                dim[k++] = a;
            }
        }
        int[][] d = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    d[i][j] = dim[i] != dim[j] ? 2 : Math.min(sizes[dim[i]] - 2, 4);
                }
            }
        }
        return CharacteristicPolynomial.of(d);
    }

    private static Map<List<Long>, MeshType> build() {
        Map<List<Long>, MeshType> m = new HashMap<>();
        for (int dims = 2; dims <= MAX_DIMENSION; dims++) {
            for (int[] sizes : combinations(dims)) {
                long[] p = polynomial(sizes);
                List<Integer> list = new ArrayList<>();
                for (int v : sizes) {
                    list.add(v);
                }
                m.putIfAbsent(key(p), new MeshType(List.copyOf(list)));
            }
        }
        return Map.copyOf(m);
    }

    /** Non-increasing size sequences of length {@code dims} with at most 8 neighbours in all. */
    private static List<int[]> combinations(int dims) {
        List<int[]> out = new ArrayList<>();
        collect(new int[dims], 0, 0, 0, out);
        return out;
    }

    private static void collect(int[] sizes, int pos, int from, int degree, List<int[]> out) {
        if (pos == sizes.length) {
            out.add(sizes.clone());
            return;
        }
        for (int i = from; i < SIZES.length; i++) {
            int deg = degree + (SIZES[i] == 2 ? 1 : 2);
            if (deg <= NeighbourDistances.MAX_DEGREE) {
                sizes[pos] = SIZES[i];
                collect(sizes, pos + 1, i, deg, out);
            }
        }
    }

    private static List<Long> key(long[] poly) {
        Long[] boxed = new Long[poly.length];
        for (int i = 0; i < poly.length; i++) {
            boxed[i] = poly[i];
        }
        return Arrays.asList(boxed);
    }
}
