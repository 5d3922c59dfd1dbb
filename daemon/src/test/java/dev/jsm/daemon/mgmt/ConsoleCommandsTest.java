package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code permodlog} prints the per-module logging file as OpenSM's console does, and nothing without one. */
class ConsoleCommandsTest {

    @TempDir
    Path dir;

    @Test
    void permodlogPrintsTheFileOrNothing() throws Exception {
        Path file = dir.resolve("per-module-logging.conf");
        Files.writeString(file, "osm_sa.c 0x07\n");
        assertThat(ConsoleCommands.permodlog(file.toString()))
                .isEqualTo("Per module logging file: " + file + "\nosm_sa.c 0x07\n\n");
        assertThat(ConsoleCommands.permodlog(dir.resolve("none").toString())).isEmpty();
        assertThat(ConsoleCommands.permodlog(null)).isEmpty();
    }
}
