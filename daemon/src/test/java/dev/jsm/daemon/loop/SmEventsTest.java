package dev.jsm.daemon.loop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SmEventsTest {

    @Test
    void mostUrgentFirstAndRequestsOfAKindMerge() throws Exception {
        SmEvents e = new SmEvents();
        e.request(SmEvent.LIGHT_SWEEP, "timer");
        e.request(SmEvent.HEAVY_SWEEP, "SIGHUP");
        e.request(SmEvent.HEAVY_SWEEP, "trap 128");
        e.request(SmEvent.REOPEN_LOG, "SIGUSR1");
        assertThat(e.take()).isEqualTo(new SmEvents.Taken(SmEvent.REOPEN_LOG, java.util.List.of("SIGUSR1")));
        SmEvents.Taken heavy = e.take();
        assertThat(heavy.event()).isEqualTo(SmEvent.HEAVY_SWEEP);
        assertThat(heavy.reasonText()).isEqualTo("SIGHUP, trap 128");
        assertThat(e.take().event()).isEqualTo(SmEvent.LIGHT_SWEEP);
        for (SmEvent ev : SmEvent.values()) {
            assertThat(e.isPending(ev)).isFalse();
        }
    }

    @Test
    void tenThousandMergedRequestsKeepTenReasonsAndCountTheOthers() throws Exception {
        SmEvents e = new SmEvents();
        for (int i = 0; i < 10_000; i++) {
            e.request(SmEvent.MCAST, "SA: port " + i + " joined");
        }
        SmEvents.Taken t = e.take();
        assertThat(t.reasons()).hasSize(SmEvents.REASONS_KEPT).startsWith("SA: port 0 joined");
        assertThat(t.reasonText()).endsWith("SA: port 9 joined and 9990 more").hasSizeLessThan(300);
    }

    @Test
    void shutdownWinsAndLaterRequestsAreIgnored() throws Exception {
        SmEvents e = new SmEvents();
        e.request(SmEvent.HEAVY_SWEEP, "x");
        e.request(SmEvent.SHUTDOWN, "SIGTERM");
        assertThat(e.shutdownRequested()).isTrue();
        assertThat(e.take().event()).isEqualTo(SmEvent.SHUTDOWN);
        e.request(SmEvent.HEAVY_SWEEP, "late");
        assertThat(e.isPending(SmEvent.HEAVY_SWEEP)).isFalse();
    }
}
