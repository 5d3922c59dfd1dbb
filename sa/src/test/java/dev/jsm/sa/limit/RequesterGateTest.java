package dev.jsm.sa.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.limit.RequesterGate.Verdict;
import org.junit.jupiter.api.Test;

/**
 * {@link RequesterGate} on a clock of its own: a LID's burst, then its rate; other LIDs unaffected; answers charged
 * by size; the queue shares.
 */
class RequesterGateTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aLidGetsItsBurstThenItsRateAndTheOthersTheirOwn() {
        TestLimits t = TestLimits.defaults();
        t.requestsPerSecond = 100;
        t.requestBurst = 10;
        RequesterGate gate = new RequesterGate(t.build());
        long now = 5 * SECOND;
        int admitted = 0;
        for (int i = 0; i < 50; i++) {
            if (gate.admit(7, true, now) == Verdict.ADMITTED) {
                gate.release(7);
                admitted++;
            }
        }
        assertThat(admitted).as("the burst").isEqualTo(10);
        assertThat(gate.admit(7, true, now)).isEqualTo(Verdict.OVER_RATE);
        assertThat(gate.admit(8, true, now)).as("another LID").isEqualTo(Verdict.ADMITTED);
        assertThat(gate.admit(7, false, now)).as("an RMPP ACK or a response takes no token")
                .isEqualTo(Verdict.ADMITTED);

        now += SECOND / 20;
        admitted = 0;
        for (int i = 0; i < 50; i++) {
            if (gate.admit(7, true, now) == Verdict.ADMITTED) {
                admitted++;
            }
        }
        assertThat(admitted).as("50 ms at 100/s").isEqualTo(5);
        now += 10 * SECOND;
        for (int i = 0; i < 20; i++) {
            gate.admit(7, true, now);
        }
        assertThat(gate.queued()).as("never more than the burst after a pause, plus those not released")
                .isEqualTo(1 + 1 + 5 + 10);
    }

    @Test
    void aTableAnswerIsChargedBySizeAndLeavesTheLidInDebt() {
        TestLimits t = TestLimits.defaults();
        t.requestsPerSecond = 10;
        t.requestBurst = 10;
        t.answerBytesPerToken = 1000;
        RequesterGate gate = new RequesterGate(t.build());
        assertThat(gate.admit(3, true, 0)).isEqualTo(Verdict.ADMITTED);
        gate.charge(3, 29_000, 0);
        assertThat(gate.admit(3, true, 0)).as("9 - 29 tokens").isEqualTo(Verdict.OVER_RATE);
        assertThat(gate.admit(3, true, 2 * SECOND)).as("still 0 of the 20 owed after 2 s")
                .isEqualTo(Verdict.OVER_RATE);
        assertThat(gate.admit(3, true, 2 * SECOND + SECOND / 5)).isEqualTo(Verdict.ADMITTED);
    }

    @Test
    void oneLidFillsOnlyItsShareOfTheQueue() {
        TestLimits t = TestLimits.defaults();
        t.queued = 10;
        t.queuedPerRequester = 4;
        RequesterGate gate = new RequesterGate(t.build());
        for (int i = 0; i < 4; i++) {
            assertThat(gate.admit(1, true, 0)).isEqualTo(Verdict.ADMITTED);
        }
        assertThat(gate.admit(1, false, 0)).isEqualTo(Verdict.QUEUE_FULL);
        for (int i = 0; i < 4; i++) {
            assertThat(gate.admit(2, true, 0)).isEqualTo(Verdict.ADMITTED);
        }
        assertThat(gate.admit(3, true, 0)).isEqualTo(Verdict.ADMITTED);
        assertThat(gate.admit(4, true, 0)).isEqualTo(Verdict.ADMITTED);
        assertThat(gate.admit(5, true, 0)).as("the whole queue").isEqualTo(Verdict.QUEUE_FULL);
        gate.release(1);
        assertThat(gate.admit(1, true, 0)).isEqualTo(Verdict.ADMITTED);
        assertThat(gate.queued()).isEqualTo(10);
    }
}
