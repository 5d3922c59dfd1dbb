package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopologyShapesTest {

    @Test
    void shapesBuildTheFabricsOfTheirGenerators() {
        assertThat(TopologyShapes.parse("fat2:k=36")).isEqualTo(TwoLevelFatTree.full(36).build());
        assertThat(TopologyShapes.parse("fat2:k=8,leaves=4,spines=2,hosts=4"))
                .isEqualTo(new TwoLevelFatTree(8, 4, 2, 4, 2).build());
        assertThat(TopologyShapes.parse("fattree3:k=8")).isEqualTo(ThreeLevelFatTree.of(8).build());
        assertThat(TopologyShapes.parse("fat3:radix=36,pods=4,leaves=9,mids=9,cores=9"))
                .isEqualTo(new ThreeLevelFatTree(36, 4, 9, 9, 9, 18).build());
        assertThat(TopologyShapes.parse("torus:dims=6x6x6,links=2,hosts=2"))
                .isEqualTo(TorusFabric.torus(2, 2, 6, 6, 6).build());
        assertThat(TopologyShapes.parse("mesh:dims=5x5,hosts=2")).isEqualTo(TorusFabric.mesh(1, 2, 5, 5).build());
        assertThat(TopologyShapes.parse("hypercube:dim=5,hosts=2")).isEqualTo(new HypercubeFabric(5, 2).build());
        assertThat(TopologyShapes.parse("random:switches=40,radix=16,degree=4,hosts=4,seed=7"))
                .isEqualTo(new RandomFabric(40, 16, 4, 4, 7).build());
        assertThat(TopologyShapes.parse("fat2:k=36,remove-switches=1,remove-links=6,degrade-seed=3"))
                .isEqualTo(TopologyDegrader.degrade(TwoLevelFatTree.full(36).build(), 1, 6, 3));
    }

    @Test
    void canonicalShapeStringsParseBackToTheSameFabric() {
        for (String shape : new String[] {new TwoLevelFatTree(8, 4, 2, 4, 2).shape(),
            new ThreeLevelFatTree(12, 3, 6, 6, 6, 6).shape(), TorusFabric.torus(2, 1, 3, 4).shape(),
            TorusFabric.mesh(1, 0, 3).shape(), new HypercubeFabric(3, 1).shape(),
            new RandomFabric(10, 8, 3, 2, 5).shape()}) {
            assertThat(TopologyShapes.isShape(shape)).isTrue();
            assertThat(TopologyShapes.parse(shape)).as(shape).isNotNull();
        }
        assertThat(TopologyShapes.parse(TorusFabric.torus(2, 1, 3, 4).shape()))
                .isEqualTo(TorusFabric.torus(2, 1, 3, 4).build());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cube:dim=3|shape 'cube:dim=3': unknown kind 'cube' (known: fat2, fat3, torus, mesh, hypercube, random, "
            + "tree-torus)",
        "fat3:k=36,foo=3|shape 'fat3:k=36,foo=3': unknown parameter(s) [foo]",
        "fat2:k=x|shape 'fat2:k=x': expected an integer for 'k', found 'x'",
        "fat2:k=8,radix=8|shape 'fat2:k=8,radix=8': give either k or radix, not both",
        "fat2|shape 'fat2': parameter 'radix' is required",
        "torus:dims=6by5|shape 'torus:dims=6by5': expected dims=N[xN[xN]], found '6by5'",
        "fat2:k=8,k=8|shape 'fat2:k=8,k=8': expected distinct key=value parameters, found 'k=8'",
        "fat2:k=8,spines=5|shape 'fat2:k=8,spines=5': fat2: a leaf needs 4 + 5*1 ports, more than radix 8",
        "hypercube:dim=2,remove-switches=9|shape 'hypercube:dim=2,remove-switches=9': cannot remove 9 switches: "
            + "the fabric has 4"})
    void badShapesSayWhatIsWrong(String shape, String message) {
        assertThatThrownBy(() -> TopologyShapes.parse(shape)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void loadTakesAFileWhenOneExistsAndAShapeOtherwise(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cube.net");
        Topology cube = new HypercubeFabric(3, 1).build();
        TopologyWriter.write(cube, file);

        assertThat(TopologyShapes.load(file.toString())).isEqualTo(cube);
        assertThat(TopologyShapes.load("hypercube:dim=3")).isEqualTo(cube);
        assertThatThrownBy(() -> TopologyShapes.load(dir.resolve("missing.net").toString()))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageEndingWith("missing.net: neither a topology file nor a shape (fat2:, fat3:, torus:, "
                        + "mesh:, hypercube:, random:)");
        Files.writeString(file, "Switch 8 \"s\"\n[1] \"x\"[1]\n");
        assertThatThrownBy(() -> TopologyShapes.load(file.toString())).isInstanceOf(TopologyParseException.class)
                .hasMessage(file + ":2: expected a peer node defined in the file, found \"x\" (no node has that "
                        + "name)");
    }
}
