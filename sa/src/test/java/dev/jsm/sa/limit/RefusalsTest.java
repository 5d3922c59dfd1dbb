package dev.jsm.sa.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link Refusals}: every refusal counted, by reason; answers within each LID's budget. */
class RefusalsTest {

    @Test
    void everyRefusalIsCountedByReasonWhateverIsLogged() {
        AtomicLong clock = new AtomicLong();
        Refusals r = new Refusals(Duration.ofSeconds(60), clock::get);
        for (int i = 0; i < 1000; i++) {
            r.record(Refusal.RATE, 5, 0x0002c90000002001L);
            clock.addAndGet(1_000_000_000L);
        }
        r.record(Refusal.SERVICE_RECORDS, 5, Refusals.UNKNOWN_PORT);
        for (int lid = 1; lid < 100; lid++) {
            r.record(Refusal.QUEUE, lid, Refusals.UNKNOWN_PORT);
        }
        assertThat(r.count(Refusal.RATE)).isEqualTo(1000);
        assertThat(r.count(Refusal.SERVICE_RECORDS)).isEqualTo(1);
        assertThat(r.counts()).hasSize(Refusal.values().length).containsEntry(Refusal.QUEUE, 99L)
                .containsEntry(Refusal.MCAST_GROUPS, 0L);
    }

    @Test
    void aLidsRefusalsAreAnsweredForItsBurstThenAtItsRateAndDroppedRefusalsTakeNothing() {
        TestLimits t = TestLimits.defaults();
        t.refusalAnswersPerSecond = 4;
        t.refusalAnswerBurst = 3;
        AtomicLong clock = new AtomicLong();
        Refusals r = new Refusals(t.build(), clock::get);
        for (int i = 0; i < 50; i++) {
            assertThat(r.record(Refusal.RATE, 7, Refusals.UNKNOWN_PORT)).as("dropped, never answered").isFalse();
        }
        int answered = 0;
        for (int i = 0; i < 10; i++) {
            answered += r.record(Refusal.SERVICE_RECORDS, 7, Refusals.UNKNOWN_PORT) ? 1 : 0;
        }
        assertThat(answered).as("the burst").isEqualTo(3);
        assertThat(r.record(Refusal.MCAST_GROUPS, 8, Refusals.UNKNOWN_PORT)).as("another LID").isTrue();
        clock.addAndGet(500_000_000L);
        answered = 0;
        for (int i = 0; i < 10; i++) {
            answered += r.record(Refusal.RMPP_TOO_LARGE, 7, Refusals.UNKNOWN_PORT) ? 1 : 0;
        }
        assertThat(answered).as("half a second at 4 a second").isEqualTo(2);
        assertThat(r.count(Refusal.REFUSAL_ANSWERS)).isEqualTo(7 + 8);
        assertThat(r.count(Refusal.SERVICE_RECORDS)).isEqualTo(10);
    }
}
