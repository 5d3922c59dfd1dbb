package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
            StageOutcome outcome = rig.run(new Sender("a", false, rig.services.smps()), new Recorder("b"));

            assertThat(outcome).isEqualTo(StageOutcome.CONTINUE);
            assertThat(events).containsExactly("a run", "a answered", "a finish", "b run", "b finish");
        }
    }

    @Test
    void anOverlappingStageFinishesAfterTheNextStagesBarrierAndBeforeItsFinish() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            StageOutcome outcome = rig.run(new Sender("a", true, rig.services.smps()), new Recorder("b"),
                    new Recorder("c"));

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
            StageOutcome outcome = rig.run(new Recorder("a"), new Sender("b", true, rig.services.smps()),
                    new Sender("c", true, rig.services.smps()));

            assertThat(outcome).isEqualTo(StageOutcome.CONTINUE);
            assertThat(events).containsSubsequence("b run", "c run", "b finish", "c finish");
            assertThat(events).containsSubsequence("b answered", "b finish");
            assertThat(events).containsSubsequence("c answered", "b finish");
        }
    }

    @Test
    void anOverlappedStagesRefusalEndsTheSweepBeforeTheStageAfterTheBarrier() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            Sender refusing = new Sender("a", true, rig.services.smps()) {
                @Override
                public StageOutcome finish(SweepState state) {
                    super.finish(state);
                    return StageOutcome.ABORT;
                }
            };
            StageOutcome outcome = rig.run(refusing, new Recorder("b"), new Recorder("c"));

            assertThat(outcome).isEqualTo(StageOutcome.ABORT);
            assertThat(events).doesNotContain("b finish", "c run");
        }
    }

    @Test
    void aComputationOffTheSmThreadLetsItHandleAnswersAndHandsItsResultBackBeforeTheNextStage() throws Exception {
        try (StageRig rig = new StageRig(TopologyShapes.load("fat2:k=4"), dir)) {
            CountDownLatch answered = new CountDownLatch(1);
            Thread[] threads = new Thread[3];
            SweepStage computing = new Recorder("a") {
                @Override
                public StageOutcome run(SweepState state) {
                    threads[0] = Thread.currentThread();
                    rig.services.smps().get(DrPath.local(), AttributeId.NODE_INFO, 0, outcome -> {
                        events.add(name + " answered");
                        answered.countDown();
                    });
                    return super.run(state);
                }

                @Override
                public boolean overlapsNext() {
                    return true;
                }

                @Override
                public Runnable computeOffSmThread(SweepState state) {
                    threads[1] = Thread.currentThread();
                    try {
                        // only a free SM thread handles the answer this waits for
                        assertThat(answered.await(30, TimeUnit.SECONDS)).isTrue();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    events.add("a computed");
                    return () -> {
                        threads[2] = Thread.currentThread();
                        events.add("a result");
                    };
                }
            };
            StageOutcome outcome = rig.run(computing, new Recorder("b"));

            assertThat(outcome).isEqualTo(StageOutcome.CONTINUE);
            assertThat(events).containsSubsequence("a run", "a answered", "a computed", "a result", "b run",
                    "a finish", "b finish");
            assertThat(threads[1]).isNotSameAs(threads[0]);
            assertThat(threads[2]).isSameAs(threads[0]);
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
        public StageOutcome run(SweepState state) {
            events.add(name + " run");
            return StageOutcome.CONTINUE;
        }

        @Override
        public StageOutcome finish(SweepState state) {
            events.add(name + " finish");
            return StageOutcome.CONTINUE;
        }
    }

    /** Sends one NodeInfo Get to the SM's own port and records its answer. */
    private class Sender extends Recorder {
        private final boolean overlaps;
        private final SmpSender smps;

        Sender(String name, boolean overlaps, SmpSender smps) {
            super(name);
            this.overlaps = overlaps;
            this.smps = smps;
        }

        @Override
        public StageOutcome run(SweepState state) {
            StageOutcome o = super.run(state);
            smps.get(DrPath.local(), AttributeId.NODE_INFO, 0, outcome -> events.add(name + " answered"));
            return o;
        }

        @Override
        public boolean overlapsNext() {
            return overlaps;
        }
    }
}
