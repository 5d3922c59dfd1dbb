package dev.jsm.routing.verify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CycleFinderTest {

    /** CSR of {@code n} nodes from an edge list {from, to, from, to, ...} sorted by from. */
    private static int[][] csr(int n, int... edges) {
        int[] start = new int[n + 1];
        int[] succ = new int[edges.length / 2];
        for (int i = 0; i < edges.length; i += 2) {
            start[edges[i] + 1]++;
            succ[i / 2] = edges[i + 1];
        }
        for (int v = 0; v < n; v++) {
            start[v + 1] += start[v];
        }
        return new int[][] {start, succ};
    }

    @Test
    void aDagHasNoCycle() {
        int[][] g = csr(5, 0, 1, 0, 2, 1, 3, 2, 3, 3, 4);

        assertThat(CycleFinder.find(5, g[0], g[1])).isEmpty();
    }

    @Test
    void findsACycleBehindATail() {
        int[][] g = csr(6, 0, 1, 1, 2, 2, 3, 3, 4, 4, 2, 5, 0);

        assertThat(CycleFinder.find(6, g[0], g[1])).containsExactly(2, 3, 4);
    }

    @Test
    void findsASelfLoop() {
        int[][] g = csr(3, 0, 1, 1, 1);

        assertThat(CycleFinder.find(3, g[0], g[1])).containsExactly(1);
    }

    @Test
    void crossEdgesToFinishedNodesAreNotCycles() {
        int[][] g = csr(4, 0, 1, 0, 2, 1, 3, 2, 3);

        assertThat(CycleFinder.find(4, g[0], g[1])).isEmpty();
    }
}
