package dev.jsm.mad.ibsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link IbsimHarness} itself: the timeout kills the whole process tree, and a broken ibsim is reported. */
@Tag("ibsim")
class IbsimHarnessIT {

    @BeforeAll
    static void needsIbsim() {
        IbsimHarness.assumeAvailable();
    }

    @Test
    void timeoutKillsIbsimAndTheChild() throws Exception {
        Path net = Path.of(IbsimHarnessIT.class.getResource("/fabrics/lonely.net").toURI());
        IbsimHarness h = IbsimHarness.builder(net).timeout(Duration.ofSeconds(4)).build();
        List<ProcessHandle> tree;
        IbsimResult r;
        Path dir;
        try (IbsimSession s = h.start(SleepMain.class)) {
            dir = s.directory();
            s.awaitIbsimReady();
            while (!Files.readString(dir.resolve(IbsimSession.STDOUT)).contains("SLEEPING")) {
                LockSupport.parkNanos(20_000_000L);
            }
            tree = s.process().descendants().toList();
            r = s.await();
        }
        assertThat(r.timedOut()).isTrue();
        assertThat(r.exitCode()).isEqualTo(-1);
        assertThat(tree).as("ibsim and the child JVM").hasSizeGreaterThanOrEqualTo(2)
                .noneMatch(ProcessHandle::isAlive);
        assertThat(dir).doesNotExist();
    }

    @Test
    void ibsimThatCannotStartIsReported(@TempDir Path tmp) throws Exception {
        IbsimResult r = IbsimHarness.builder(tmp.resolve("missing.net")).build().run(SleepMain.class);
        assertThat(r.ibsimFailed()).as(r::describe).isTrue();
        assertThat(r.stderr()).contains("[ibsim] exited with status");
        assertThat(r.stdout()).doesNotContain("SLEEPING");
    }
}
