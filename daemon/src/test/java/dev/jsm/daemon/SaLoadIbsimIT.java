package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SA load under a heavy sweep (issue 11's acceptance item): the daemon's real {@code main} on Debian's ibsim
 * serving {@code random-40.net} (40 switches, 160 hosts: its heavy sweep takes a few hundred ms under ibsim,
 * fat2-16's under 100 ms); once SUBNET UP, a client on another host (a second umad2sim process,
 * {@link SaLoadClientMain}) sends 10,000 PathRecord Gets between random LID pairs, 32 in flight, and sends the
 * daemon SIGHUP after the first 1,000, so a heavy sweep runs while the rest are answered. Every query must get an
 * answer with status 0, and the second SUBNET UP must come; the rate, the retries (a query unanswered for a second
 * is sent again, with a new TID) and the answers given during the sweep are printed. The SA answers from the view
 * of the last SUBNET UP on its own thread, so the sweep must not hold queries up. Steps in {@link SaLoadProbe}.
 */
@Tag("ibsim")
class SaLoadIbsimIT {

    private static final int QUERIES = 10_000;

    @Test
    void tenThousandPathRecordQueriesDuringAHeavySweepAreAllAnswered() throws Exception {
        IbsimHarness.assumeAvailable();
        IbsimResult r = IbsimHarness.builder(Path.of("..", "fabrics", "random-40.net"))
                .timeout(Duration.ofSeconds(150)).env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build()
                .run(SaLoadProbe.class, "h-39-3", Integer.toString(QUERIES), "32", "1000",
                        "-f", "opensm.log", "-s", "0");
        assertThat(r.exitCode()).as(r::describe).isZero();
        String load = r.lines("LOAD ").get(0);
        assertThat(load).contains("queries=" + QUERIES, "answered=" + QUERIES, "lost=0", "statuses={0x0000=" + QUERIES
                + "}");
        assertThat(r.lines("UP2 ")).as(r::describe).containsExactly("UP2 2");
        System.out.println("[ibsim] " + load);
    }
}
