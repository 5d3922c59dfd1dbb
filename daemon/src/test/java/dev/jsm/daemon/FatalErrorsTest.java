package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.log.LogSettings;
import dev.jsm.daemon.log.LogSetup;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fatal error reaches {@code opensm.log} and standard error before the process ends: {@link FatalErrors} directly
 * (a fake halt), and a real OutOfMemoryError thrown in a task of the SM thread of a child JVM with a small heap
 * ({@link FatalErrorsProbe}), which must exit with status 1 after writing both.
 */
class FatalErrorsTest {

    @TempDir
    Path dir;

    @AfterEach
    void backToDefaults() {
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Test
    void anUncaughtErrorIsLoggedWrittenToStderrAndHaltsWithStatusOneOnce() throws Exception {
        Path log = dir.resolve("opensm.log");
        Path err = dir.resolve("stderr");
        LogSetup.start(new LogSettings(log.toString(), 0x03, true, ""));
        List<Integer> halts = new ArrayList<>();
        try (FileOutputStream stderr = new FileOutputStream(err.toFile())) {
            FatalErrors f = new FatalErrors(stderr, halts::add);
            assertThat(f.holdsReserve()).isTrue();
            Thread sa = new Thread(() -> { }, "jsm-sa");
            f.uncaught(sa, new OutOfMemoryError("Java heap space"));
            f.uncaught(sa, new OutOfMemoryError("again"));
            assertThat(f.holdsReserve()).as("released for the report").isFalse();
        }
        assertThat(halts).containsExactly(1);
        assertThat(Files.readString(err)).isEqualTo("opensm: fatal: java.lang.OutOfMemoryError: Java heap space in "
                + "thread jsm-sa; exiting\n");
        assertThat(Files.readAllLines(log)).singleElement().asString().endsWith("-> MAIN-0809 fatal error in thread "
                + "jsm-sa: java.lang.OutOfMemoryError: Java heap space; exiting with status 1 (cause: "
                + "java.lang.OutOfMemoryError: Java heap space)");
    }

    @Test
    void anOutOfMemoryErrorOnTheSmThreadOfASmallHeapEndsTheProcessAfterSayingSo() throws Exception {
        Path log = dir.resolve("opensm.log");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-Xmx48m", "-XX:+UseSerialGC", "-cp", System.getProperty(
                "java.class.path"), FatalErrorsProbe.class.getName(), log.toString(), dir.toString())
                .redirectErrorStream(false).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(stdout + stderr).isEqualTo(1);
        assertThat(stderr).contains("opensm: fatal: java.lang.OutOfMemoryError: Java heap space in thread jsm-sm; "
                + "exiting");
        assertThat(stdout).as("no JVM 'Terminating due to' line").doesNotContain("Terminating due to");
        assertThat(Files.readString(log)).contains("allocating", "MAIN-0809 fatal error in thread jsm-sm: "
                + "java.lang.OutOfMemoryError: Java heap space; exiting with status 1", "MAIN-0809 wrote "
                + dir.resolve(HeapMarker.FILE) + ": the next start leaves the heap's maximum to the JVM");
        String marker = Files.readString(dir.resolve(HeapMarker.FILE));
        assertThat(marker).matches("max_heap_kib [0-9]+\n");
        assertThat(Long.parseLong(marker.trim().split(" ")[1])).as("-Xmx48m, in KiB").isBetween(32768L, 49152L);
    }

    @Test
    void onlyAnExhaustedHeapIsRecordedForTheNextStart() throws Exception {
        Path err = dir.resolve("stderr");
        HeapMarker marker = new HeapMarker(dir);
        try (FileOutputStream stderr = new FileOutputStream(err.toFile())) {
            FatalErrors f = new FatalErrors(stderr, code -> { });
            f.setHeapMarker(marker);
            f.uncaught(new Thread(() -> { }, "jsm-sm"), new OutOfMemoryError("Metaspace"));
        }
        assertThat(dir.resolve(HeapMarker.FILE)).as("a larger heap would not help").doesNotExist();
        try (FileOutputStream stderr = new FileOutputStream(err.toFile())) {
            FatalErrors f = new FatalErrors(stderr, code -> { });
            f.setHeapMarker(marker);
            f.uncaught(new Thread(() -> { }, "jsm-sm"), new IllegalStateException("task failed",
                    new OutOfMemoryError("Java heap space")));
        }
        assertThat(Files.readString(dir.resolve(HeapMarker.FILE))).startsWith("max_heap_kib ");
        assertThat(FatalErrors.heapExhausted(new OutOfMemoryError("GC overhead limit exceeded"))).isTrue();
        assertThat(FatalErrors.heapExhausted(new OutOfMemoryError("unable to create native thread"))).isFalse();
        assertThat(FatalErrors.heapExhausted(new IllegalStateException())).isFalse();
    }
}
