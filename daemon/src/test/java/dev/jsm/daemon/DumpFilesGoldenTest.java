package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sim.topo.TopologyShapes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon on the simulator serving {@code fat2-16.net} writes the same dump files and LIDs as the reference
 * OpenSM did on ibsim serving the same file (see {@code golden/README.md}): the simulator answers with ibsim's
 * defaults, so the topology list, the LID matrix and guid2lid match byte for byte; the LFT dumps match with the
 * chosen ports masked (minhop may break ties differently).
 */
class DumpFilesGoldenTest {

    @TempDir
    Path dir;

    @Test
    void fat2x16DumpsMatchTheReferenceOpenSm() throws Exception {
        try (SimSm sm = SimSm.start(TopologyShapes.load(fabric("fat2-16.net")), dir, "log_flags", "0x43")) {
            sm.awaitSubnetUp(Duration.ofSeconds(30));
        }
        assertThat(read(dir.resolve("opensm-subnet.lst"))).isEqualTo(golden("opensm-subnet.lst"));
        assertThat(read(dir.resolve("opensm-lid-matrix.dump"))).isEqualTo(golden("opensm-lid-matrix.dump"));
        List<String> lids = Files.readAllLines(dir.resolve("guid2lid")).stream().filter(l -> !l.isEmpty()).sorted()
                .toList();
        assertThat(String.join("\n", lids) + "\n").isEqualTo(golden("guid2lid.sorted"));
        assertThat(maskPorts(read(dir.resolve("opensm-lfts.dump"))))
                .isEqualTo(maskPorts(golden("opensm-lfts.dump")));
        assertThat(maskPorts(read(dir.resolve("opensm.fdbs")))).isEqualTo(maskPorts(golden("opensm.fdbs")));
    }

    /** Replaces the port column of LFT and route lines ({@code 0x0003 005 #}, {@code 0x0003 : 005  :}). */
    private static String maskPorts(String text) {
        return text.replaceAll("(?m)^(0x[0-9a-fA-F]{4}) \\d{3} #", "$1 ppp #")
                .replaceAll("(?m)^(0x[0-9A-F]{4} : )\\d{3}(  : )", "$1ppp$2");
    }

    static String fabric(String name) {
        Path p = Path.of("..", "fabrics", name);
        return p.toString();
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = DumpFilesGoldenTest.class.getResourceAsStream("golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
