package dev.jsm.daemon.perfmgr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PortHistoryTest {

    private static final long GUID = 0x0002c90300000001L;

    @Test
    void aSweepAddsEachReadPortsRatesSinceItsPreviousReading() {
        PortHistory h = new PortHistory();
        PerfSnapshot first = snapshot(1, 1_000, 0, 0, 0);
        h.record(empty(), first, 1_100);
        assertThat(h.of(GUID, 1)).as("one reading is no rate yet").isEmpty();

        h.record(first, snapshot(2, 3_000, 1_000_000, 500_000, 0.5), 3_100);

        assertThat(h.of(GUID, 1)).containsExactly(new PortHistory.Sample(3_100, 2_000_000, 1_000_000, 0.5));
        assertThat(h.of(GUID, 2)).as("port 2 never read").isEmpty();
        assertThat(h.of(GUID, 3)).as("no such port").isEmpty();
        assertThat(h.of(GUID + 1, 1)).as("no such node").isEmpty();
    }

    @Test
    void theRingKeepsTheLastSweepsOldestFirstAndForgetsNodesThatLeft() {
        PortHistory h = new PortHistory();
        PerfSnapshot before = empty();
        for (int s = 1; s <= PortHistory.SAMPLES + 5; s++) {
            PerfSnapshot now = snapshot(s, s * 1_000L, s * 250L, 0, 0);
            h.record(before, now, s * 1_000L);
            before = now;
        }

        List<PortHistory.Sample> samples = h.of(GUID, 1);
        assertThat(samples).hasSize(PortHistory.SAMPLES);
        assertThat(samples.get(0).millis()).isEqualTo(6_000);
        assertThat(samples.get(samples.size() - 1).millis()).isEqualTo((PortHistory.SAMPLES + 5) * 1_000L);
        assertThat(samples).allSatisfy(s -> assertThat(s.xmitBytesPerSecond()).isEqualTo(1_000));

        h.record(before, empty(), 99_000);
        assertThat(h.of(GUID, 1)).isEmpty();
        assertThat(PortHistory.BYTES_PER_PORT).isEqualTo(384);
    }

    private static PerfSnapshot empty() {
        return new PerfSnapshot(true, 0, 0, 0, 0, 0, 0, 0, List.of());
    }

    /** A two-port node whose port 1 was read at {@code millis}; port 2 never read. */
    private static PerfSnapshot snapshot(long sweeps, long millis, long xmitWords, long rcvWords, double errorRate) {
        boolean[] read = {false, true, false};
        long[] totals = new long[3 * Counter.COUNT];
        totals[Counter.COUNT + Counter.XMIT_DATA.ordinal()] = xmitWords;
        totals[Counter.COUNT + Counter.RCV_DATA.ordinal()] = rcvWords;
        long[] when = {0, millis, 0};
        return new PerfSnapshot(true, sweeps, 0, 0, 0, 0, 0, 0, List.of(new PerfSnapshot.Node(GUID, "ca", false, true,
                1, 2, read, totals, new double[] {0, errorRate, 0}, new long[3], when.clone(), when)));
    }
}
