package dev.jsm.daemon.dump;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The dump writer's thread: jobs in order, a pending job replaced by a later one of its kind, the rest at close. */
class DumpWriterTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final List<String> done = new CopyOnWriteArrayList<>();

    @Test
    void aJobNotYetStartedIsReplacedByALaterOneOfItsKindAndOtherKindsStay() throws Exception {
        try (DumpWriter w = new DumpWriter()) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            w.submit("subnet", () -> {
                started.countDown();
                await(release);
                done.add("subnet 1");
            });
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
            w.submit("subnet", () -> done.add("subnet 2"));
            w.submit("mcfdbs", () -> done.add("mcfdbs 1"));
            w.submit("subnet", () -> done.add("subnet 3"));
            assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).contains("jsm-dump-files");
            release.countDown();
            assertThat(w.awaitIdle(WAIT)).isTrue();
            assertThat(done).containsExactly("subnet 1", "mcfdbs 1", "subnet 3");
        }
    }

    @Test
    void closeWritesWhatIsPendingAndLaterJobsRunOnTheCaller() throws Exception {
        DumpWriter w = new DumpWriter();
        CountDownLatch release = new CountDownLatch(1);
        w.submit("a", () -> await(release));
        w.submit("b", () -> done.add("b on " + Thread.currentThread().getName()));
        release.countDown();
        w.close();
        assertThat(done).containsExactly("b on jsm-dump-files");
        w.submit("c", () -> done.add("c on " + Thread.currentThread().getName()));
        assertThat(done).last().isEqualTo("c on " + Thread.currentThread().getName());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
