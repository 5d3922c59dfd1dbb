package dev.jsm.daemon.mkey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.DrPath;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OpenSM's {@code neighbors} file: its format, both directions of a cable, routes resolved to the port they reach. */
class NeighborStoreTest {

    private static final long SM = 0x100L;
    private static final long LEAF = 0x200L;
    private static final long SPINE = 0x300L;
    private static final long HOST = 0x400L;

    @TempDir
    Path dir;

    @Test
    void writesBothDirectionsOfEachCableInOpenSmsFormat() throws Exception {
        NeighborStore s = NeighborStore.empty(dir);
        s.put(SM, 1, LEAF, 3);
        assertThat(s.flushIfDirty(false)).isTrue();
        assertThat(Files.readString(dir.resolve("neighbors"))).isEqualTo(
                "0x0000000000000100:1 0x0000000000000200:3\n\n0x0000000000000200:3 0x0000000000000100:1\n\n");
        s.put(LEAF, 3, SM, 1);
        assertThat(s.flushIfDirty(false)).as("nothing changed").isFalse();
    }

    @Test
    void aRouteIsFollowedCableByCableFromTheSmsPort() throws Exception {
        NeighborStore s = NeighborStore.empty(dir);
        s.put(SM, 1, LEAF, 3);
        s.put(LEAF, 4, SPINE, 1);
        s.put(SPINE, 2, HOST, 1);
        s.flushIfDirty(false);
        NeighborStore read = NeighborStore.load(dir);
        assertThat(read.portAt(SM, DrPath.local())).isEqualTo(SM);
        assertThat(read.portAt(SM, DrPath.of(1))).isEqualTo(LEAF);
        assertThat(read.portAt(SM, DrPath.of(1, 4))).isEqualTo(SPINE);
        assertThat(read.portAt(SM, DrPath.of(1, 4, 2))).isEqualTo(HOST);
        assertThat(read.portAt(SM, DrPath.of(1, 5))).as("a cable not recorded").isNull();
    }

    @Test
    void badLinesAreProblemsAndAnUnreadableFileIsMovedAside() throws Exception {
        Files.writeString(dir.resolve("neighbors"), "0x100:1 0x200:3\n\n0x100 0x200:3\n\n0x100:999 0x200:1\n");
        NeighborStore s = NeighborStore.load(dir);
        assertThat(s.size()).isEqualTo(1);
        assertThat(s.problems()).hasSize(2).allSatisfy(p -> assertThat(p).contains("expected"));
        Files.delete(dir.resolve("neighbors"));
        Files.createDirectory(dir.resolve("neighbors"));
        assertThat(NeighborStore.load(dir).setAside()).contains("it is a directory", "neighbors.bad-");
    }
}
