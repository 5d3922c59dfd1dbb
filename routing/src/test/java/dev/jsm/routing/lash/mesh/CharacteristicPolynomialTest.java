package dev.jsm.routing.lash.mesh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The characteristic polynomial and the generated table of known mesh types. */
class CharacteristicPolynomialTest {

    @Test
    void twoDimensionalTorusSwitchOfTheSeedNote() {
        int[][] d = {{0, 2, 4, 2}, {2, 0, 2, 4}, {4, 2, 0, 2}, {2, 4, 2, 0}};

        assertThat(CharacteristicPolynomial.of(d)).containsExactly(0, -128, -48, 0, 1);
    }

    @Test
    void smallMatricesByHand() {
        assertThat(CharacteristicPolynomial.of(new int[0][0])).containsExactly(1);
        assertThat(CharacteristicPolynomial.of(new int[][] {{3}})).containsExactly(3, -1);
        // det([[1-x, 2], [3, 4-x]]) = x^2 - 5x - 2
        assertThat(CharacteristicPolynomial.of(new int[][] {{1, 2}, {3, 4}})).containsExactly(-2, -5, 1);
    }

    @Test
    void isInvariantUnderPermutationsOfTheNeighbours() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int round = 0; round < 20; round++) {
            int n = 1 + rnd.nextInt(8);
            int[][] d = new int[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    d[i][j] = 1 + rnd.nextInt(6);
                    d[j][i] = d[i][j];
                }
            }
            int[] p = new int[n];
            for (int i = 0; i < n; i++) {
                p[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = p[i];
                p[i] = p[j];
                p[j] = t;
            }
            int[][] q = new int[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    q[i][j] = d[p[i]][p[j]];
                }
            }
            assertThat(CharacteristicPolynomial.of(q)).containsExactly(CharacteristicPolynomial.of(d));
        }
    }

    @Test
    void unreachableNeighboursOrOverflowGiveNoPolynomial() {
        int u = NeighbourDistances.UNREACHABLE;
        assertThat(CharacteristicPolynomial.of(new int[][] {{0, u}, {u, 0}})).isNull();
        int big = 2_000_000_000;
        int[][] d = new int[8][8];
        for (int[] row : d) {
            Arrays.fill(row, big);
        }
        assertThat(CharacteristicPolynomial.of(d)).isNull();
    }

    @Test
    void generatedTypesMatchTheReferenceTable() {
        // coefficients as OpenSM's osm_mesh.c tabulates them, lowest power first
        assertThat(MeshTypes.polynomial(2, 2)).containsExactly(-4, 0, 1);
        assertThat(MeshTypes.polynomial(6, 6)).containsExactly(0, -128, -48, 0, 1);
        assertThat(MeshTypes.polynomial(5, 3)).containsExactly(-39, -64, -26, 0, 1);
        assertThat(MeshTypes.polynomial(3, 2, 2)).containsExactly(-28, -48, -21, 0, 1);
        assertThat(MeshTypes.polynomial(6, 6, 2)).containsExactly(0, 256, 256, 64, 0, -1);
        assertThat(MeshTypes.polynomial(3, 3, 3)).containsExactly(-81, -288, -381, -224, -51, 0, 1);
        assertThat(MeshTypes.polynomial(6, 5, 3)).containsExactly(-144, -576, -743, -384, -74, 0, 1);
        assertThat(MeshTypes.polynomial(6, 6, 6)).containsExactly(0, 0, -768, -512, -96, 0, 1);
        assertThat(MeshTypes.polynomial(2, 2, 2, 2)).containsExactly(-48, -64, -24, 0, 1);
    }

    @Test
    void lookupKnowsTwoAndThreeDimensionalToriAndTheirSmallRadixForms() {
        assertThat(MeshTypes.lookup(MeshTypes.polynomial(6, 6, 6)).sizes()).containsExactly(6, 6, 6);
        assertThat(MeshTypes.lookup(MeshTypes.polynomial(5, 3)).dimension()).isEqualTo(2);
        assertThat(MeshTypes.lookup(MeshTypes.polynomial(6, 2)).describe()).isEqualTo("6+ x 2");
        assertThat(MeshTypes.lookup(new long[] {7, 0, 1})).isNull();
        assertThat(MeshTypes.lookup(null)).isNull();
    }
}
