package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Background work waits for the sweeps to end, or gives up while one runs once its reason went away. */
class SweepGateTest {

    @Test
    void withoutASweepTheWaitReturnsAtOnceAndNeverAsks() throws Exception {
        SweepGate gate = new SweepGate();
        assertThat(gate.awaitNoSweep(() -> {
            throw new AssertionError("asked although no sweep runs");
        })).isTrue();
    }

    @Test
    void theWaitEndsWhenTheSweepEnds() throws Exception {
        SweepGate gate = new SweepGate();
        gate.enter();
        CompletableFuture<Boolean> waited = CompletableFuture.supplyAsync(() -> await(gate, new AtomicBoolean()));
        Thread.sleep(2 * SweepGate.ASK_MILLIS);
        assertThat(waited).as("waits while the sweep runs").isNotDone();
        gate.leave();
        assertThat(waited.get(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void theWaitGivesUpWhileTheSweepStillRuns() throws Exception {
        SweepGate gate = new SweepGate();
        gate.enter();
        AtomicBoolean newerRoutes = new AtomicBoolean();
        CompletableFuture<Boolean> waited = CompletableFuture.supplyAsync(() -> await(gate, newerRoutes));
        Thread.sleep(2 * SweepGate.ASK_MILLIS);
        assertThat(waited).isNotDone();
        newerRoutes.set(true);
        assertThat(waited.get(10, TimeUnit.SECONDS)).as("gave up, the sweep still running").isFalse();
        gate.leave();
    }

    private static boolean await(SweepGate gate, AtomicBoolean giveUp) {
        try {
            return gate.awaitNoSweep(giveUp::get);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
