package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The generators reproduce the example fabrics copied into the test resources, byte for byte. */
class GeneratedFabricsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fat2-16.net|fat2:k=8,leaves=4,spines=2,hosts=4",
        "torus-6x5.net|torus:dims=6x5",
        "mesh-5x5.net|mesh:dims=5x5,hosts=2",
        "hypercube-5.net|hypercube:dim=5,hosts=2"})
    void generatorWritesTheExampleFileExactly(String file, String shape) throws Exception {
        String expected = TopoFixtures.resourceText(file);
        String[] header = expected.lines().limit(2).map(l -> l.substring(2)).toArray(String[]::new);
        Topology generated = TopologyShapes.parse(shape);

        assertThat(generated).isEqualTo(TopoFixtures.resource(file));
        assertThat(TopologyWriter.toText(generated, header)).isEqualTo(expected);
        assertThat(header[1]).isEqualTo(TopologyStats.of(generated).headerLine());
    }
}
