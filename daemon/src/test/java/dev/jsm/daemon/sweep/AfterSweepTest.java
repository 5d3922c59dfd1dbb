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
 * {@link SweepContext#afterSweep}: work queued during a sweep runs once, in order, on the background thread, when the
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
                rig.ctx.afterSweep(() -> ran.add("route check"));
                rig.ctx.afterSweep(() -> ran.add("second"));
                return null;
            });
            assertThat(ran).as("nothing runs while the sweep goes on").isEmpty();
            rig.ctx.runAfterSweep();
            assertThat(rig.ctx.finishAfterSweepTasks(Duration.ofSeconds(30))).isTrue();
            assertThat(ran).containsExactly("route check", "second");
            rig.ctx.runAfterSweep();
            assertThat(ran).as("each task runs once").hasSize(2);
        }
    }
}
