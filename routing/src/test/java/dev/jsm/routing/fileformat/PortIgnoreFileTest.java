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

/** The {@code <switch node GUID> <port>} lines of port_prof_ignore_file. */
class PortIgnoreFileTest {

    @TempDir
    Path dir;

    @Test
    void readsPortsAndResolvesThemToAMask() throws Exception {
        Path p = Files.writeString(dir.resolve("ignore"), """
                # management port of switch 1
                0x0002c90100000010 3
                0x0002c90100000010 3
                0x0002c90100000000 1 # twice is once
                0x0002c901000000f0 1
                """);
        RoutingInput in = TopologySubnets.input("torus:dims=6,hosts=1", 0);

        PortIgnoreFile f = PortIgnoreFile.read(p);
        boolean[] ignored = f.ignoredPorts(in);

        assertThat(f.size()).isEqualTo(4);
        assertThat(f.guid(3)).isEqualTo(0x0002c901000000f0L);
        assertThat(f.port(0)).isEqualTo(3);
        assertThat(f.line(2)).isEqualTo(4);
        assertThat(f.source()).isEqualTo(p.toString());
        assertThat(f.toString()).isEqualTo("PortIgnoreFile[" + p + ", 4 ports]");
        int count = 0;
        for (boolean b : ignored) {
            count += b ? 1 : 0;
        }
        assertThat(count).isEqualTo(2);
        assertThat(ignored[in.portStart()[1] + 3]).isTrue();
        assertThat(ignored[in.portStart()[0] + 1]).isTrue();
    }

    @Test
    void aPortTheSwitchDoesNotHaveIsAnError() throws Exception {
        RoutingInput in = TopologySubnets.input("torus:dims=6,hosts=1", 0);
        PortIgnoreFile f = PortIgnoreFile.parse("ignore", "0x0002c90100000050 36\n");

        assertThatThrownBy(() -> f.ignoredPorts(in))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage("ignore:1: expected a port number 1..3 of switch 0x0002c90100000050, found '36'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0x10|ignore:1: expected <switch node GUID> <port>, found end of line after 1 field",
        "0x10 1 2|ignore:1: expected <switch node GUID> <port> (end of line after 2 fields), found '2'",
        "0x10 0|ignore:1: expected a port number 1..254, found '0'",
        "0x10 p1|ignore:1: expected a port number 1..254, found 'p1'",
        "0x10000000000000000 1|ignore:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found "
            + "'0x10000000000000000'",
    })
    void malformedLinesAreReportedWithFileAndLine(String line, String message) {
        assertThatThrownBy(() -> PortIgnoreFile.parse("ignore", line))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(message);
    }
}
