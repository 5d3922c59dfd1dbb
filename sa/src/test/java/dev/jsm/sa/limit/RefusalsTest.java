package dev.jsm.sa.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link Refusals}: every refusal counted, by reason. */
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
}
