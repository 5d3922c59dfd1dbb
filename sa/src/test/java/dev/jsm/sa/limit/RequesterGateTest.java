package dev.jsm.sa.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.limit.RequesterGate.Verdict;
import org.junit.jupiter.api.Test;

/**
 * {@link RequesterGate} on a clock of its own: a LID's burst, then its rate; other LIDs unaffected; answers charged
 * by size; the queue shares; a paced requester over the rate is held until its token, a flooding one refused.
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
        assertThat(gate.heldNanos(7)).as("the 11th held until its token, the rest refused").isEqualTo(SECOND / 100);
        assertThat(gate.admit(7, true, now)).isEqualTo(Verdict.OVER_RATE);
        assertThat(gate.admit(8, true, now)).as("another LID").isEqualTo(Verdict.ADMITTED);
        assertThat(gate.admit(7, false, now)).as("an RMPP ACK or a response takes no token")
                .isEqualTo(Verdict.ADMITTED);

        gate.unhold(7);
        gate.release(7);
        now += SECOND / 20;
        admitted = 0;
        for (int i = 0; i < 50; i++) {
            if (gate.admit(7, true, now) == Verdict.ADMITTED) {
                admitted++;
            }
        }
        assertThat(admitted).as("50 ms at 100/s, less the token the held one took").isEqualTo(4);
        now += 10 * SECOND;
        for (int i = 0; i < 20; i++) {
            gate.admit(7, true, now);
        }
        assertThat(gate.queued()).as("never more than the burst after a pause, plus those not released (one held"
                + " after the 4)").isEqualTo(1 + 1 + 4 + 1 + 10);
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
        assertThat(gate.admit(3, true, SECOND)).as("in debt: not held").isEqualTo(Verdict.OVER_RATE);
        assertThat(gate.admit(3, true, 2 * SECOND)).as("the 20 owed paid after 2 s: held for the next token")
                .isEqualTo(Verdict.HELD);
        assertThat(gate.heldNanos(3)).isEqualTo(SECOND / 10);
        gate.unhold(3);
        gate.release(3);
        assertThat(gate.admit(3, true, 2 * SECOND + SECOND / 5)).isEqualTo(Verdict.ADMITTED);
    }

    @Test
    void aPacedRequesterIsHeldUntilItsTokenAndNeverRefusedAFloodIsRefused() {
        TestLimits t = TestLimits.defaults();
        t.requestsPerSecond = 1000;
        t.requestBurst = 10;
        RequesterGate gate = new RequesterGate(t.build());
        long now = 0;
        int held = 0;
        for (int i = 0; i < 1000; i++) {
            Verdict v = gate.admit(5, true, now);
            assertThat(v).as("request %d, sent after the answer to the one before", i).isNotEqualTo(Verdict.OVER_RATE);
            if (v == Verdict.HELD) {
                held++;
                now += gate.heldNanos(5);
                gate.unhold(5);
            }
            gate.release(5);
            now += 20_000;
        }
        assertThat(held).as("after the burst, every one").isBetween(950, 995);
        assertThat(now).as("slowed to the rate, 1,000 a second").isGreaterThanOrEqualTo(980 * SECOND / 1000);

        int refused = 0;
        int heldFlood = 0;
        long due = -1;
        for (int i = 0; i < 1000; i++) {
            if (due >= 0 && now >= due) {
                gate.unhold(6);
                gate.release(6);
                due = -1;
            }
            Verdict v = gate.admit(6, true, now);
            if (v == Verdict.OVER_RATE) {
                refused++;
            } else if (v == Verdict.HELD) {
                heldFlood++;
                due = now + gate.heldNanos(6);
            } else {
                gate.release(6);
            }
            now += 100_000;
        }
        assertThat(1000 - refused).as("a flood of 10,000/s, not waiting for answers: the burst, then the rate")
                .isBetween(100, 10 + 100 + 1);
        assertThat(heldFlood).isPositive();
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
