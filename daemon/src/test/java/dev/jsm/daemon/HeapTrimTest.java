package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A heap without a maximum is collected back to the fabric's size after SUBNET UP; a sized one never is. */
class HeapTrimTest {

    private final SubnetSnapshot snapshot =
            SubnetSnapshot.of(TopologyModel.subnet(TopologyShapes.parse("fat2:k=4"), 0));
    private final FabricView view = new FabricView(1, snapshot, null, null, null, SmOptions.builder().build());
    private final long needed = HeapSize.maxHeapKib(snapshot) << 10;
    private final List<Runnable> queued = new ArrayList<>();
    private int collections;

    @Test
    void aHeapSizedForTheFabricIsLeftAlone() {
        trim(2 * needed, needed).subnetUp(view);
        assertThat(queued).isEmpty();
    }

    @Test
    void aHeapWithoutAMaximumIsCollectedOnlyWhenCommittedBeyondTheFabricsNeed() {
        trim(needed, 64 * needed).subnetUp(view);
        assertThat(queued).isEmpty();

        HeapTrim grown = trim(needed + 1, 64 * needed);
        grown.subnetUp(view);
        grown.subnetUp(view);
        assertThat(queued).as("one collection at a time").hasSize(1);
        queued.remove(0).run();
        assertThat(collections).isEqualTo(1);

        grown.subnetUp(view);
        assertThat(queued).as("the next SUBNET UP past the size again").hasSize(1);
    }

    private HeapTrim trim(long committed, long max) {
        return new HeapTrim(() -> committed, max, queued::add, () -> collections++);
    }
}
