package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code <switch node GUID> <port> <port> ...} lines of port_search_ordering_file. */
class PortOrderFileTest {

    /** A 3x3 mesh: ports 1 +x, 2 -x, 3 +y, 4 -y, 5 the host; switch 0 is 0x0002c90100000000. */
    private static final String MESH = "mesh:dims=3x3,hosts=1";

    @TempDir
    Path dir;

    @Test
    void readsPortListsInFileOrder() throws Exception {
        Path p = Files.writeString(dir.resolve("dimn"), """
                # dimensions of row 0
                0x0002c90100000000 3 4 1 2   # y first

                0x0002c90100000010\t0x2
                """);

        PortOrderFile f = PortOrderFile.read(p);

        assertThat(f.size()).isEqualTo(2);
        assertThat(f.guid(0)).isEqualTo(0x0002c90100000000L);
        assertThat(f.ports(0)).containsExactly(3, 4, 1, 2);
        assertThat(f.ports(1)).containsExactly(2);
        assertThat(f.line(0)).isEqualTo(2);
        assertThat(f.line(1)).isEqualTo(4);
        assertThat(f.source()).isEqualTo(p.toString());
        assertThat(f.toString()).isEqualTo("PortOrderFile[" + p + ", 2 switches]");
    }

    @Test
    void resolvesToEachSwitchsSearchOrderListedPortsFirst() throws Exception {
        RoutingInput in = TopologySubnets.input(MESH, 0);
        PortOrderFile f = PortOrderFile.parse("dimn", """
                0x0002c90100000000 3 1
                0x0002c90100000010 5 4 3 2 1
                0x0002c901000000f0 1   # not in the fabric: skipped
                """);

        byte[] order = f.portOrder(in);

        assertThat(slots(in, order, 0)).containsExactly(0, 3, 1, 2, 4, 5);
        assertThat(slots(in, order, 1)).containsExactly(0, 5, 4, 3, 2, 1);
        assertThat(slots(in, order, 2)).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(PortOrderFile.ascendingPorts(in)).isEqualTo(PortOrderFile.parse("none", "").portOrder(in));
    }

    @Test
    void aPortTheSwitchDoesNotHaveIsAnError() throws Exception {
        RoutingInput in = TopologySubnets.input(MESH, 0);
        PortOrderFile f = PortOrderFile.parse("dimn", "\n0x0002c90100000000 1 9\n");

        assertThatThrownBy(() -> f.portOrder(in))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage("dimn:2: expected a port number 1..5 of switch 0x0002c90100000000, found '9'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0x10|dimn:1: expected <switch node GUID> <port> <port> ..., found end of line after 1 field",
        "0x10 1 0|dimn:1: expected a port number 1..254, found '0'",
        "0x10 255|dimn:1: expected a port number 1..254, found '255'",
        "0x10 x1|dimn:1: expected a port number 1..254, found 'x1'",
        "0x10 2 1 2|dimn:1: expected each port once on a line, found port 2 again",
        "sw1 1|dimn:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found 'sw1'",
        "0x0 1|dimn:1: expected a non-zero GUID, found '0x0'",
    })
    void malformedLinesAreReportedWithFileAndLine(String line, String message) {
        assertThatThrownBy(() -> PortOrderFile.parse("dimn", line))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(message);
    }

    @Test
    void aSwitchOnTwoLinesIsAnError() {
        assertThatThrownBy(() -> PortOrderFile.parse("dimn", "0x10 1\n# again\n16 2\n"))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage("dimn:3: expected each switch on one line, found 0x0000000000000010 again (first on "
                        + "line 1)");
    }

    @Test
    void aMissingFileIsReportedByName() {
        Path missing = dir.resolve("nosuch");

        assertThatThrownBy(() -> PortOrderFile.read(missing))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(missing + ": cannot read: no such file");
    }

    private static int[] slots(RoutingInput in, byte[] order, int sw) {
        int[] s = new int[in.switchNumPorts()[sw] + 1];
        for (int i = 0; i < s.length; i++) {
            s[i] = order[in.portStart()[sw] + i] & 0xFF;
        }
        return s;
    }
}
