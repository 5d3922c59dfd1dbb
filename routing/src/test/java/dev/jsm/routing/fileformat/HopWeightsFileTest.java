package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code <switch GUID> <port> <weight>} lines of hop_weights_file. */
class HopWeightsFileTest {

    @TempDir
    Path dir;

    @Test
    void readsWeightsInFileOrder() throws Exception {
        Path p = Files.writeString(dir.resolve("weights"), """
                # heavy uplinks
                0x0002c90100000000 1 10
                0x0002c90100000000 0x2 255   # both ways need two lines
                """);

        HopWeightsFile f = HopWeightsFile.read(p);

        assertThat(f.size()).isEqualTo(2);
        assertThat(f.guid(1)).isEqualTo(0x0002c90100000000L);
        assertThat(f.port(1)).isEqualTo(2);
        assertThat(f.weight(0)).isEqualTo(10);
        assertThat(f.weight(1)).isEqualTo(255);
        assertThat(f.line(1)).isEqualTo(3);
        assertThat(f.source()).isEqualTo(p.toString());
        assertThat(f.toString()).isEqualTo("HopWeightsFile[" + p + ", 2 ports]");
    }

    @Test
    void resolvesToPerPortWeightsDefaultingToOne() throws Exception {
        RoutingInput in = TopologySubnets.input("torus:dims=6,hosts=1", 0);
        HopWeightsFile f = HopWeightsFile.parse("w", """
                0x0002c90100000010 2 7
                0x0002c90100000000 1 10
                0x0002c901000000f0 1 10
                """);

        byte[] w = f.portWeights(in);

        assertThat(w[in.portStart()[0] + 1]).isEqualTo((byte) 10);
        assertThat(w[in.portStart()[1] + 2]).isEqualTo((byte) 7);
        int weighted = 0;
        for (byte b : w) {
            weighted += b == HopWeightsFile.DEFAULT_WEIGHT ? 0 : 1;
        }
        assertThat(weighted).isEqualTo(2);
    }

    @Test
    void aSwitchMayBeNamedByItsPortZeroGuid() throws Exception {
        Topology.Builder b = Topology.builder();
        int s1 = b.addNode(new TopoNode(NodeKind.SWITCH, "s1", 0x100, 0x100, 4, new long[] {0x1ff, 0, 0, 0, 0}, 0, 0));
        int s2 = b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "s2", 0x200, 4));
        b.link(s1, 1, s2, 1);
        RoutingInput in = TopologySubnets.input(b.build(), 0);

        byte[] w = HopWeightsFile.parse("w", "0x1ff 1 3\n0x100 2 4\n").portWeights(in);

        assertThat(w[in.portStart()[0] + 1]).isEqualTo((byte) 3);
        assertThat(w[in.portStart()[0] + 2]).isEqualTo((byte) 4);
    }

    @Test
    void aPortTheSwitchDoesNotHaveIsAnError() throws Exception {
        RoutingInput in = TopologySubnets.input("torus:dims=6,hosts=1", 0);
        HopWeightsFile f = HopWeightsFile.parse("w", "0x0002c90100000000 4 2\n");

        assertThatThrownBy(() -> f.portWeights(in))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage("w:1: expected a port number 1..3 of switch 0x0002c90100000000, found '4'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0x10 1|w:1: expected <switch GUID> <port> <weight>, found end of line after 2 fields",
        "0x10 1 2 3|w:1: expected <switch GUID> <port> <weight> (end of line after 3 fields), found '3'",
        "0x10 0 2|w:1: expected a port number 1..254, found '0'",
        "0x10 1 0|w:1: expected a hop weight 1..255, found '0'",
        "0x10 1 256|w:1: expected a hop weight 1..255, found '256'",
        "0x10 1 0x100|w:1: expected a hop weight 1..255, found '0x100'",
        "0x10 1 heavy|w:1: expected a hop weight 1..255, found 'heavy'",
        "0x10 1 010|w:1: expected a hop weight 1..255, found '010'",
        "guid 1 1|w:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found 'guid'",
    })
    void malformedLinesAreReportedWithFileAndLine(String line, String message) {
        assertThatThrownBy(() -> HopWeightsFile.parse("w", line))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(message);
    }

    @Test
    void aSwitchPortListedTwiceIsAnError() {
        assertThatThrownBy(() -> HopWeightsFile.parse("w", "0x10 1 5\n0x10 2 5\n0x10 0x1 5\n"))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage("w:3: expected each switch port once, found 0x0000000000000010 port 1 again (first on "
                        + "line 1)");
    }
}
