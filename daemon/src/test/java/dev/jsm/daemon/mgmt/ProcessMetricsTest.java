package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resident set read from a {@code /proc/PID/status} file. */
class ProcessMetricsTest {

    @TempDir
    Path dir;

    @Test
    void vmRssInKibIsReadAsBytesAndAFileWithoutItGivesMinusOne() throws Exception {
        Path status = dir.resolve("status");
        Files.writeString(status, "Name:\tjava\nVmPeak:\t 6000000 kB\nVmHWM:\t   99999 kB\nVmRSS:\t   86628 kB\n"
                + "Threads:\t24\n");
        assertThat(ProcessMetrics.residentBytes(status)).isEqualTo(86628L * 1024);

        Files.writeString(status, "Name:\tjava\nThreads:\t24\n");
        assertThat(ProcessMetrics.residentBytes(status)).isEqualTo(-1);
        assertThat(ProcessMetrics.residentBytes(dir.resolve("missing"))).isEqualTo(-1);
    }
}
