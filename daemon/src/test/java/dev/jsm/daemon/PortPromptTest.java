package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.umad.UmadPort;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class PortPromptTest {

    private static final List<UmadPort> PORTS = List.of(
            port("mlx5_0", 1, 0x0002c90300000001L, 4, 0x0001),
            port("mlx5_1", 1, 0x0002c90300000011L, 1, 0));

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @Test
    void listsThePortsAndReturnsTheChosenGuid() throws Exception {
        long guid = prompt("2\n").choose(PORTS);

        assertThat(guid).isEqualTo(0x0002c90300000011L);
        assertThat(text()).contains("   1: 0x0002c90300000001, mlx5_0 port 1, lid 0x0001, state Active",
                "   2: 0x0002c90300000011, mlx5_1 port 1, lid 0x0000, state Down", "Enter choice (1-2): ");
    }

    @Test
    void aWrongAnswerIsAskedAgain() throws Exception {
        long guid = prompt("x\n3\n 1 \n").choose(PORTS);

        assertThat(guid).isEqualTo(0x0002c90300000001L);
        assertThat(text()).contains("'x' is not one of 1-2", "'3' is not one of 1-2");
    }

    @Test
    void endOfInputIsAnErrorNamingTheWayOut() {
        assertThatThrownBy(() -> prompt("").choose(PORTS)).isInstanceOf(StartupException.class)
                .hasMessageContaining("no port chosen").hasMessageContaining("-g 0x");
    }

    @Test
    void noPortIsNoDevice() {
        assertThatThrownBy(() -> prompt("1\n").choose(List.of())).isInstanceOf(StartupException.class)
                .satisfies(e -> assertThat(((StartupException) e).exitCode()).isEqualTo(ExitCode.NO_DEVICE));
    }

    private PortPrompt prompt(String input) {
        return new PortPrompt(new BufferedReader(new StringReader(input)),
                new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    private String text() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private static UmadPort port(String ca, int num, long guid, int state, int lid) {
        return new UmadPort(ca, num, lid, 0, 0, 0, state, state == 4 ? 5 : 2, 10, 0, 0xfe80000000000000L, guid,
                "InfiniBand");
    }
}
