package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record of the heap the fabric needs: its size, written when it changes, read by the launcher. */
class HeapSizeTest {

    @TempDir
    Path dir;

    /** The 11664-host fat tree (fat3:k=36): 71,604 ports, 1620 switches, LIDs 1-13284; docs/performance.md. */
    @Test
    void theElevenThousandHostFatTreeGets272MiB() {
        assertThat(HeapSize.maxHeapKib(71_604, 1620, 13_285)).isEqualTo(65_536 + 107_406 + 105_086);
        // a 16x16x16 torus with one host per switch (LIDs 1-8192): 296 MiB, where guid2lid's 8192 ports alone
        // give 168 MiB, as the launcher's fallback guesses a fat tree's one switch for eight ports
        assertThat(HeapSize.maxHeapKib(4096 * 10 + 4096 * 2, 4096, 8193)).isEqualTo(65_536 + 73_728 + 163_860);
    }

    @Test
    void aSubnetUpWritesTheSizeOnlyWhenItChanges() throws Exception {
        SubnetSnapshot s = SubnetSnapshot.of(TopologyModel.subnet(TopologyShapes.parse("fat2:k=4"), 0));
        FabricView view = new FabricView(1, s, null, null, null, SmOptions.builder().build());
        long kib = HeapSize.maxHeapKib(s);
        new HeapSize(dir).subnetUp(view);
        Path file = dir.resolve(HeapSize.FILE);
        assertThat(Files.readAllLines(file)).contains("max_heap_kib " + kib);

        Files.writeString(file, "max_heap_kib " + kib + "\n");
        new HeapSize(dir).subnetUp(view);
        assertThat(Files.readString(file)).as("the same size: left as it is").isEqualTo("max_heap_kib " + kib + "\n");

        Files.writeString(file, "max_heap_kib 1\n");
        HeapSize changed = new HeapSize(dir);
        changed.subnetUp(view);
        assertThat(Files.readAllLines(file)).contains("max_heap_kib " + kib);
    }

    @Test
    void aSlightlySmallerFabricLeavesTheFileALargerOneIsWrittenAtOnce() throws Exception {
        SubnetSnapshot s = SubnetSnapshot.of(TopologyModel.subnet(TopologyShapes.parse("fat2:k=4"), 0));
        FabricView view = new FabricView(1, s, null, null, null, SmOptions.builder().build());
        long kib = HeapSize.maxHeapKib(s);
        Path file = dir.resolve(HeapSize.FILE);

        // a host that rebooted: the fabric needs a little less than the file says, and the file stays
        Files.writeString(file, "max_heap_kib " + (kib + 2) + "\n");
        new HeapSize(dir).subnetUp(view);
        assertThat(Files.readString(file)).isEqualTo("max_heap_kib " + (kib + 2) + "\n");

        // an eighth less than the file says, and more: written
        Files.writeString(file, "max_heap_kib " + (kib + kib / 7 + 1) + "\n");
        new HeapSize(dir).subnetUp(view);
        assertThat(Files.readAllLines(file)).contains("max_heap_kib " + kib);
        Files.writeString(file, "max_heap_kib " + (kib - 1) + "\n");
        new HeapSize(dir).subnetUp(view);
        assertThat(Files.readAllLines(file)).contains("max_heap_kib " + kib);
    }

    /** A cache directory that is a file: nothing can be written there, and the sweep goes on. */
    @Test
    void aFileThatCannotBeWrittenIsLoggedNotThrown() throws Exception {
        SubnetSnapshot s = SubnetSnapshot.of(TopologyModel.subnet(TopologyShapes.parse("fat2:k=4"), 0));
        Path notADirectory = Files.writeString(dir.resolve("cache"), "a file\n");
        new HeapSize(notADirectory).subnetUp(new FabricView(1, s, null, null, null, SmOptions.builder().build()));
        assertThat(notADirectory).isRegularFile().hasContent("a file");
    }
}
