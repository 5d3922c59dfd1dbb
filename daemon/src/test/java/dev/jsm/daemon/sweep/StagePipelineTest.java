package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pipeline's ordering promises, for stages that wait for their MADs and stages that overlap the next. */
class StagePipelineTest {

    @TempDir
    Path dir;

    private final List<String> events = new CopyOnWriteArrayList<>();

    @Test
    void aWaitingStageHasEveryAnswerBeforeTheNextStageStarts() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            StageOutcome outcome = rig.run(new Sender("a", false), new Recorder("b"));

            assertThat(outcome).isEqualTo(StageOutcome.CONTINUE);
            assertThat(events).containsExactly("a run", "a answered", "a finish", "b run", "b finish");
        }
    }

    @Test
    void anOverlappingStageFinishesAfterTheNextStagesBarrierAndBeforeItsFinish() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            StageOutcome outcome = rig.run(new Sender("a", true), new Recorder("b"), new Recorder("c"));

            assertThat(outcome).isEqualTo(StageOutcome.CONTINUE);
            // the answer may come before or after b starts; everything else is ordered
            assertThat(events).containsSubsequence("a run", "b run", "a finish", "b finish", "c run", "c finish");
            assertThat(events).containsSubsequence("a run", "a answered", "a finish");
            assertThat(events).hasSize(7);
        }
    }

    @Test
    void overlappingStagesAtTheEndAreStillFinishedOnceTheirMadsAreAnswered() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            StageOutcome outcome = rig.run(new Recorder("a"), new Sender("b", true), new Sender("c", true));

            assertThat(outcome).isEqualTo(StageOutcome.CONTINUE);
            assertThat(events).containsSubsequence("b run", "c run", "b finish", "c finish");
            assertThat(events).containsSubsequence("b answered", "b finish");
            assertThat(events).containsSubsequence("c answered", "b finish");
        }
    }

    @Test
    void anOverlappedStagesRefusalEndsTheSweepBeforeTheStageAfterTheBarrier() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            Sender refusing = new Sender("a", true) {
                @Override
                public StageOutcome finish(SweepContext ctx) {
                    super.finish(ctx);
                    return StageOutcome.ABORT;
                }
            };
            StageOutcome outcome = rig.run(refusing, new Recorder("b"), new Recorder("c"));

            assertThat(outcome).isEqualTo(StageOutcome.ABORT);
            assertThat(events).doesNotContain("b finish", "c run");
        }
    }

    /** Records its run and finish. */
    private class Recorder implements SweepStage {
        final String name;

        Recorder(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public StageOutcome run(SweepContext ctx) {
            events.add(name + " run");
            return StageOutcome.CONTINUE;
        }

        @Override
        public StageOutcome finish(SweepContext ctx) {
            events.add(name + " finish");
            return StageOutcome.CONTINUE;
        }
    }

    /** Sends one NodeInfo Get to the SM's own port and records its answer. */
    private class Sender extends Recorder {
        private final boolean overlaps;

        Sender(String name, boolean overlaps) {
            super(name);
            this.overlaps = overlaps;
        }

        @Override
        public StageOutcome run(SweepContext ctx) {
            StageOutcome o = super.run(ctx);
            ctx.smps().get(DrPath.local(), AttributeId.NODE_INFO, 0, outcome -> events.add(name + " answered"));
            return o;
        }

        @Override
        public boolean overlapsNext() {
            return overlaps;
        }
    }
}
