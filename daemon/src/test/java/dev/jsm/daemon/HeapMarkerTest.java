package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The marker of an exhausted heap: written while dying, removed by the next SUBNET UP, and only by the first. */
class HeapMarkerTest {

    @TempDir
    Path dir;

    @Test
    void theFirstSubnetUpAfterAStartThatFoundTheMarkerRemovesIt() throws Exception {
        assertThat(new HeapMarker(dir).write(64L << 20)).isTrue();
        assertThat(Files.readString(dir.resolve(HeapMarker.FILE))).isEqualTo("max_heap_kib 65536\n");

        HeapMarker found = new HeapMarker(dir);
        found.subnetUp(null);
        assertThat(dir.resolve(HeapMarker.FILE)).doesNotExist();

        new HeapMarker(dir).write(64L << 20);
        found.subnetUp(null);
        assertThat(dir.resolve(HeapMarker.FILE)).as("written by a later run: left for the next start").exists();
    }

    @Test
    void aStartWithoutTheMarkerRemovesNothing() throws Exception {
        HeapMarker none = new HeapMarker(dir);
        Files.writeString(dir.resolve(HeapMarker.FILE), "max_heap_kib 1\n");
        none.subnetUp(null);
        assertThat(dir.resolve(HeapMarker.FILE)).exists();
    }

    @Test
    void aMarkerThatCannotBeWrittenIsReportedNotThrown() {
        assertThat(new HeapMarker(dir.resolve("missing")).write(1L << 20)).isFalse();
    }
}
