package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AfterSweep}: work queued during a sweep runs once, in order, on the background thread, when the
 * sweep has ended.
 */
class AfterSweepTest {

    @TempDir
    Path dir;

    @Test
    void queuedTasksRunOnceInOrderWhenTheLoopSaysTheSweepEnded() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            List<String> ran = new CopyOnWriteArrayList<>();
            rig.onSm(() -> {
                rig.afterSweep.add(() -> ran.add("route check"));
                rig.afterSweep.add(() -> ran.add("second"));
                return null;
            });
            assertThat(ran).as("nothing runs while the sweep goes on").isEmpty();
            rig.afterSweep.start();
            assertThat(rig.afterSweep.finish(Duration.ofSeconds(30))).isTrue();
            assertThat(ran).containsExactly("route check", "second");
            rig.afterSweep.start();
            assertThat(ran).as("each task runs once").hasSize(2);
        }
    }
}
