package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Checks against the reference fabrics ({@link TopoFixtures#SHARED}: the repository's {@code fabrics}, or the
 * directory {@code -Djsm.referenceFabrics} names; a file it lacks is skipped): every file reads with the counts its
 * header states, and the generators reproduce them.
 */
class SharedFabricsTest {

    @Test
    void everyFileReadsWithTheCountsItsHeaderStates() throws Exception {
        TopoFixtures.assumeSharedFabrics();
        List<Path> files;
        try (Stream<Path> s = Files.list(TopoFixtures.SHARED)) {
            files = s.filter(p -> p.toString().endsWith(".net") || p.toString().endsWith(".ibnetdiscover")).sorted()
                    .toList();
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            Topology t = TopologyReader.read(f);
            if (f.toString().endsWith(".ibnetdiscover")) {
                Path net = Path.of(f.toString().replace(".ibnetdiscover", ".net"));
                assertThat(TopologyComparison.differences(TopologyReader.read(net), t, 10)).as(f.toString())
                        .isEmpty();
                continue;
            }
            String header = Files.readAllLines(f).get(1);
            assertThat(header).as(f.toString()).startsWith("# switches=");
            assertThat(TopologyStats.of(t).headerLine()).as(f.toString()).isEqualTo(header.substring(2));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fat2-16.net|fat2:k=8,leaves=4,spines=2,hosts=4",
        "fat2-648.net|fat2:k=36",
        "fat3-648.net|fat3:k=36,pods=4,leaves=9,mids=9,cores=9",
        "fat3-2268.net|fat3:k=36,pods=7",
        "torus-6x5.net|torus:dims=6x5",
        "torus-4x4x4.net|torus:dims=4x4x4",
        "torus-6x6x6-2links.net|torus:dims=6x6x6,links=2,hosts=2",
        "mesh-5x5.net|mesh:dims=5x5,hosts=2",
        "hypercube-5.net|hypercube:dim=5,hosts=2"})
    void generatorsReproduceTheSharedFiles(String file, String shape) throws Exception {
        Path path = TopoFixtures.SHARED.resolve(file);
        TopoFixtures.assumePresent(path);
        Topology shared = TopologyReader.read(path);
        Topology generated = TopologyShapes.parse(shape);

        assertThat(TopologyComparison.differences(shared, generated, 10)).isEmpty();
        assertThat(generated).isEqualTo(shared);
        List<String> lines = Files.readAllLines(path);
        String text = TopologyWriter.toText(generated, lines.get(0).substring(2), lines.get(1).substring(2));
        assertThat(text).isEqualTo(Files.readString(path));
    }

    @Test
    void theDegradedFileIsTheFullFabricWithOneLeafAndSixCablesLess() throws Exception {
        TopoFixtures.assumePresent(TopoFixtures.SHARED.resolve("fat2-648-degraded.net"));
        Topology full = TwoLevelFatTree.full(36).build();
        Topology degraded = TopologyReader.read(TopoFixtures.SHARED.resolve("fat2-648-degraded.net"));

        List<String> diffs = TopologyComparison.differences(full, degraded, 10_000);

        assertThat(diffs).filteredOn(d -> d.endsWith("is only in the first")).hasSize(19);
        assertThat(diffs).filteredOn(d -> d.contains("is only in the first") && d.contains("leaf-")).hasSize(1);
        assertThat(diffs).allMatch(d -> d.endsWith("is only in the first") || d.endsWith("to nothing in the second"));
        assertThat(diffs).filteredOn(d -> d.matches("0x\\p{XDigit}{16} \\(\"spine-.*") && !d.contains("leaf-14"))
                .hasSize(6);
        assertThat(diffs).filteredOn(d -> d.matches("0x\\p{XDigit}{16} \\(\"leaf-.*\\[.*")).hasSize(6);
    }

    @Test
    void ourRandomGeneratorMatchesTheRandomFilesCountsButNotItsCabling() throws Exception {
        TopoFixtures.assumePresent(TopoFixtures.SHARED.resolve("random-40.net"));
        Topology shared = TopologyReader.read(TopoFixtures.SHARED.resolve("random-40.net"));
        Topology ours = new RandomFabric(40, 16, 4, 4, 7).build();

        assertThat(TopologyStats.of(ours)).isEqualTo(TopologyStats.of(shared));
        assertThat(TopologyComparison.sameFabric(shared, ours)).isFalse();
        assertThat(TopoFixtures.connected(shared)).isTrue();
    }
}
