package dev.jsm.routing.lash.mesh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.testing.PortPermutations;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The mesh analysis on generated tori and meshes, cabled in dimension order and with permuted ports. */
class MeshAnalysisTest {

    private static SwitchGraph graph(Topology t) {
        return SwitchGraph.of(TopologySubnets.input(t, 0));
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static SwitchGraph graph(String shape) {
        return graph(TopologyShapes.parse(shape));
    }

    @ParameterizedTest
    @CsvSource({"'torus:dims=6x6x6', 6, 6, 6", "'torus:dims=7x5x3', 6, 5, 3", "'torus:dims=6x4', 6, 2, 2",
        "'torus:dims=5x5', 5, 5, 0", "'torus:dims=3x3x3,links=2', 3, 3, 3"})
    void everySwitchOfARegularTorusHasTheTorusPolynomial(String shape, int a, int b, int c) {
        SwitchGraph g = graph(shape);
        long[] expected = c == 0 ? MeshTypes.polynomial(a, b) : MeshTypes.polynomial(a, b, c);

        SwitchClasses classes = new SwitchClasses(g);

        assertThat(classes.size).containsExactly(g.switchCount());
        for (int sw = 0; sw < g.switchCount(); sw++) {
            assertThat(classes.poly[sw]).containsExactly(expected);
        }
    }

    @Test
    void edgesOfAnOpenMeshAreLeftOutAndItsInteriorDominates() {
        SwitchGraph g = graph("mesh:dims=5x5");

        SwitchClasses classes = new SwitchClasses(g);

        assertThat(classes.size.get(classes.dominant())).isEqualTo(9);
        assertThat(classes.type[classes.exemplar.get(classes.dominant())].sizes()).containsExactly(6, 6);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void permutedTorusGetsAxesCoordinatesAndADimensionOrder(long seed) {
        Topology t = PortPermutations.permuteSwitchPorts(TopologyShapes.parse("torus:dims=7x5x6"), seed);
        SwitchGraph g = graph(t);

        MeshLayout layout = MeshAnalysis.analyse(g, identity(g.switchCount()));

        assertThat(layout.found()).isTrue();
        assertThat(layout.report()).last().asString().contains("found 7 x 6 x 5 mesh", "1260 of 1260 links");
        assertThat(layout.switchOrder()).hasSize(g.switchCount()).doesNotHaveDuplicates();
    }

    @Test
    void coordinatesAreABijectionAndEveryLinkHasAnAxis() {
        Topology t = PortPermutations.permuteSwitchPorts(TopologyShapes.parse("torus:dims=7x5x6"), 9);
        SwitchGraph g = graph(t);
        SwitchClasses classes = new SwitchClasses(g);
        int seed = classes.exemplar.get(classes.dominant());

        int[] axis = AxisAssignment.assign(g, classes.matrix, seed, 3);
        MeshCoordinates coords = new MeshCoordinates(g, axis, seed, 3);

        assertThat(axis).doesNotContain(0);
        Set<List<Integer>> seen = new HashSet<>();
        for (int[] c : coords.coord) {
            seen.add(List.of(c[0], c[1], c[2]));
        }
        assertThat(seen).hasSize(g.switchCount());
        int[] sorted = coords.size.clone();
        Arrays.sort(sorted);
        assertThat(sorted).containsExactly(5, 6, 7);
        assertThat(coords.size[coords.dimOrder[0]]).isEqualTo(7);
        for (int sw = 0; sw < g.switchCount(); sw++) {
            for (int l = g.linkStart(sw); l < g.linkStart(sw + 1); l++) {
                int back = g.reverse(l);
                assertThat(axis[back]).as("the link back has the opposite axis").isEqualTo(
                        (axis[l] & 1) == 1 ? axis[l] + 1 : axis[l] - 1);
            }
        }
    }

    @Test
    void reorderedLinksComeInDimensionOrderSignedByCoordinate() {
        Topology t = PortPermutations.permuteSwitchPorts(TopologyShapes.parse("torus:dims=6x6"), 4);
        SwitchGraph g = graph(t);
        SwitchClasses classes = new SwitchClasses(g);
        int seed = classes.exemplar.get(classes.dominant());
        int[] axis = AxisAssignment.assign(g, classes.matrix, seed, 2);
        MeshCoordinates coords = new MeshCoordinates(g, axis, seed, 2);

        int[] order = coords.linkOrder(g, axis);

        for (int sw = 0; sw < g.switchCount(); sw++) {
            int first = g.linkStart(sw);
            int d0 = coords.dimOrder[0];
            int firstAxis = axis[first + order[first]];
            int expected = coords.coord[sw][d0] > 0 ? 2 * d0 + 2 : 2 * d0 + 1;
            assertThat(firstAxis).as("switch at %s", Arrays.toString(coords.coord[sw]))
                    .isEqualTo(expected);
            assertThat((axis[first + order[first + 2]] - 1) / 2).isEqualTo(coords.dimOrder[1]);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"random:switches=40,degree=5", "random:switches=30,degree=3,seed=4", "fat2:k=36"})
    void irregularFabricsAndHighRadixSwitchesAreLeftAlone(String shape) {
        MeshLayout layout = MeshAnalysis.analyse(graph(shape), identity(graph(shape).switchCount()));

        assertThat(layout.found()).isFalse();
        assertThat(layout.report()).isNotEmpty();
    }
}
