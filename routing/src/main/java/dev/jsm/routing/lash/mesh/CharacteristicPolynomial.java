package dev.jsm.routing.lash.mesh;

/**
 * {@code p(x) = det(d - xI)} of a square integer matrix, the permutation invariant the mesh analysis classifies
 * switches by (docs/reference/lash-mesh-analysis.md#local-geometry-classifying-switches):
 * relabelling the neighbours permutes rows and columns alike and leaves {@code p} unchanged. Coefficients are exact
 * ({@code long}, index = power of {@code x}; the leading one is {@code (-1)^n}).
 *
 * <p>The determinant is expanded over the rows with a table indexed by the set of columns already used ({@code 2^n}
 * partial polynomials, {@code n <= 8}), each entry being an affine polynomial {@code d[i][j] - x [i == j]}: exact,
 * division free and {@code O(2^n n^2)}. Overflow is detected ({@link Math#multiplyExact}) and reported as no
 * polynomial.
 *
 * <p>Stateless; thread-safe.
 */
final class CharacteristicPolynomial {

    private CharacteristicPolynomial() {
    }

    /**
     * The coefficients of {@code det(d - xI)}, or {@code null} if an entry is {@link NeighbourDistances#UNREACHABLE}
     * or a coefficient does not fit a {@code long}.
     *
     * @throws IllegalArgumentException if {@code d} is not square or larger than 8 x 8
     */
    static long[] of(int[][] d) {
        int n = d.length;
        if (n > NeighbourDistances.MAX_DEGREE) {
            throw new IllegalArgumentException("matrix of rank " + n + " is larger than 8");
        }
        for (int[] row : d) {
            if (row.length != n) {
                throw new IllegalArgumentException("matrix is not square");
            }
            for (int v : row) {
                if (v == NeighbourDistances.UNREACHABLE) {
                    return null;
                }
            }
        }
        try {
            return expand(d, n);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** dp[mask]: sum over assignments of rows 0..|mask|-1 to the columns of mask, signed by inversions. */
    private static long[] expand(int[][] d, int n) {
        long[][] dp = new long[1 << n][];
        dp[0] = new long[] {1};
        for (int mask = 0; mask < (1 << n); mask++) {
            long[] p = dp[mask];
            if (p == null) {
                continue;
            }
            int row = Integer.bitCount(mask);
            if (row == n) {
                continue;
            }
            for (int col = 0; col < n; col++) {
                if ((mask & (1 << col)) != 0) {
                    continue;
                }
                boolean negative = (Integer.bitCount(mask >>> (col + 1)) & 1) == 1;
                long c0 = d[row][col];
                long c1 = row == col ? -1 : 0;
                int next = mask | (1 << col);
                if (dp[next] == null) {
                    dp[next] = new long[row + 2];
                }
                long[] q = dp[next];
                for (int k = 0; k < p.length; k++) {
                    if (p[k] == 0) {
                        continue;
                    }
                    long a = Math.multiplyExact(p[k], c0);
                    long b = Math.multiplyExact(p[k], c1);
                    q[k] = negative ? Math.subtractExact(q[k], a) : Math.addExact(q[k], a);
                    q[k + 1] = negative ? Math.subtractExact(q[k + 1], b) : Math.addExact(q[k + 1], b);
                }
            }
        }
        return dp[(1 << n) - 1] == null ? new long[] {1} : dp[(1 << n) - 1];
    }
}
