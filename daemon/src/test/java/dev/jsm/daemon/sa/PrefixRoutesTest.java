package dev.jsm.daemon.sa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.fileformat.PrefixRoutesFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prefix_routes_file} read again when it changes, the last good routes kept when it no longer parses. */
class PrefixRoutesTest {

    @TempDir
    Path dir;

    @Test
    void aChangedFileIsReadAgainAndABadOneKeepsTheLastGoodRoutes() throws Exception {
        Path file = dir.resolve("prefix-routes.conf");
        Files.writeString(file, "0xfd00000000000001 0x0002c90400000001\n");
        PrefixRoutes routes = new PrefixRoutes();
        PrefixRoutesFile first = routes.current(file.toString());
        assertThat(first.routes())
                .containsExactly(new PrefixRoutesFile.Route(0xfd00000000000001L, 0x0002c90400000001L));

        Files.writeString(file, "* *\n");
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_000_000));
        assertThat(routes.current(file.toString()).routes()).containsExactly(new PrefixRoutesFile.Route(0, 0));

        Files.writeString(file, "* *\nnot-hex 0x1\n");
        Files.setLastModifiedTime(file, FileTime.fromMillis(2_000_000));
        assertThat(routes.current(file.toString()).routes()).as("the last good routes")
                .containsExactly(new PrefixRoutesFile.Route(0, 0));
    }

    @Test
    void noFileOrNoPathHasNoRoutes() {
        PrefixRoutes routes = new PrefixRoutes();
        assertThat(routes.current(dir.resolve("missing").toString())).isSameAs(PrefixRoutesFile.NONE);
        assertThat(routes.current("")).isSameAs(PrefixRoutesFile.NONE);
    }
}
