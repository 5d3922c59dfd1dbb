package dev.jsm.daemon.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogSetupTest {

    private static final String LINE =
            "[A-Z][a-z]{2} \\d{2} \\d{2}:\\d{2}:\\d{2} \\d{6} \\[[0-9A-F]{4,}\\] 0x%02x -> %s";

    @TempDir
    Path dir;

    @AfterEach
    void backToDefaults() {
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Test
    void linesLookLikeOpenSmsAndTheMaskDecidesWhatIsWritten() throws Exception {
        Path file = dir.resolve("opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, ""));
        Logger log = LogManager.getLogger("test");
        log.info("SUBNET UP");
        log.debug("not written");
        log.log(LogLevels.VERBOSE, "not written either");
        log.log(LogLevels.SYS, "Entering MASTER state");
        log.error("ERR 0101: broken");
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).matches(String.format(LINE, 0x02, "SUBNET UP"));
        assertThat(lines.get(1)).matches(String.format(LINE, 0x80, "Entering MASTER state"));
        assertThat(lines.get(2)).matches(String.format(LINE, 0x01, "ERR 0101: broken"));
    }

    /**
     * The console's {@code logflush off}: lines wait in a buffer until an error or SYS line (or {@code logflush on})
     * writes them, in order.
     */
    @Test
    void logflushOffBuffersLinesUntilAnErrorOrLogflushOn() throws Exception {
        Path file = dir.resolve("opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, ""));
        Logger log = LogManager.getLogger("test");
        assertThat(LogSetup.setFlush(false)).isTrue();
        log.info("first");
        assertThat(Files.readAllLines(file)).isEmpty();
        log.error("ERR 0101: broken");
        assertThat(Files.readAllLines(file)).hasSize(2).last().asString().endsWith("ERR 0101: broken");
        log.info("second");
        assertThat(Files.readAllLines(file)).hasSize(2);
        LogSetup.setFlush(true);
        assertThat(Files.readAllLines(file)).hasSize(3).last().asString().endsWith(" -> second");
        log.info("third");
        assertThat(Files.readAllLines(file)).hasSize(4);
    }

    @Test
    void aBackgroundStartIsInPlaceOnceAwaitReturns() throws Exception {
        Path file = dir.resolve("opensm.log");
        LogSetup.Pending pending = LogSetup.startInBackground(new LogSettings(file.toString(), 0x03, true, ""));
        pending.await();
        LogManager.getLogger("test").info("SUBNET UP");
        assertThat(Files.readAllLines(file)).singleElement().asString().matches(String.format(LINE, 0x02,
                "SUBNET UP"));
    }

    @Test
    void aBackgroundStartThatCannotOpenTheFileFailsInAwait() throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-directory"), "x");
        LogSetup.Pending pending = LogSetup.startInBackground(new LogSettings(
                blocker.resolve("opensm.log").toString(), 0x03, true, ""));
        assertThatThrownBy(pending::await).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot open log file " + blocker.resolve("opensm.log"));
    }

    @Test
    void missingDirectoriesOfTheLogFileAreCreated() throws Exception {
        Path file = dir.resolve("var/log/opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, ""));
        LogManager.getLogger("test").info("SUBNET UP");
        assertThat(Files.readAllLines(file)).singleElement().asString().endsWith("-> SUBNET UP");
    }

    @Test
    void reopenAfterARenameStartsAFreshFileAndTouchesNoOther() throws Exception {
        Path file = dir.resolve("opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, "pfx "));
        Logger log = LogManager.getLogger("test");
        log.info("before");
        Files.move(file, dir.resolve("opensm.log.1"));
        assertThat(LogSetup.reopen()).isTrue();
        log.info("after");
        assertThat(Files.readAllLines(dir.resolve("opensm.log.1"))).singleElement().asString()
                .endsWith("-> pfx before");
        assertThat(Files.readAllLines(file)).singleElement().asString().endsWith("-> pfx after");
        assertThat(LogSetup.reopen()).isTrue();
        log.info("again");
        assertThat(Files.readAllLines(file)).hasSize(2);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("opensm.log",
                    "opensm.log.1");
        }
    }

    @Test
    void aFileThatReachesLogMaxSizeStartsOverAndReopenStillAppends() throws Exception {
        Path file = dir.resolve("opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, "", 4096));
        Logger log = LogManager.getLogger("test");
        for (int i = 0; i < 500; i++) {
            log.info("line {} of a log that outgrows its limit", i);
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(Files.size(file)).isLessThanOrEqualTo(4096 + 200);
        assertThat(lines).isNotEmpty().last().asString().endsWith("line 499 of a log that outgrows its limit");
        assertThat(lines.get(0)).matches(String.format(LINE, 0x02, "line \\d+ of a log that outgrows its limit"));
        assertThat(LogSetup.reopen()).isTrue();
        log.info("after reopen");
        List<String> after = Files.readAllLines(file);
        assertThat(after).hasSize(lines.size() + 1);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("opensm.log");
        }
    }

    @Test
    void aReopenThatCannotOpenThePathKeepsWritingToTheFileThatWasOpen() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("logs"));
        Path file = sub.resolve("opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, ""));
        Logger log = LogManager.getLogger("test");
        log.info("before");
        Path moved = dir.resolve("kept.log");
        Files.move(file, moved);
        Files.delete(sub);
        assertThat(LogSetup.reopen()).isFalse();
        log.info("after");
        assertThat(Files.readAllLines(moved)).hasSize(3).anyMatch(l -> l.endsWith("-> after"))
                .anyMatch(l -> l.contains("MAIN-0815 cannot reopen the log file"));
    }

    @Test
    void withoutAccumulationAStartEmptiesTheFileAndSysLinesAlsoGoToStandardOutput() throws Exception {
        Path file = dir.resolve("opensm.log");
        Files.writeString(file, "an earlier run\n");
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            LogSetup.start(new LogSettings(file.toString(), 0x03, false, ""));
            Logger log = LogManager.getLogger("test");
            log.info("SUBNET UP");
            log.log(LogLevels.SYS, "Entering MASTER state");
        } finally {
            System.setOut(stdout);
        }
        assertThat(Files.readAllLines(file)).hasSize(2).noneMatch(l -> l.contains("earlier"));
        assertThat(captured.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .matches(String.format(LINE, 0x80, "Entering MASTER state"));
    }

    @Test
    void theMaskChangesAtRunTimeWithoutReopeningTheFile() throws Exception {
        Path file = dir.resolve("opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, ""));
        Logger log = LogManager.getLogger("test");
        log.debug("hidden");
        assertThat(LogSetup.flags()).hasValue(0x83);
        assertThat(LogSetup.setFlags(0x0b)).isTrue();
        log.debug("shown");
        log.info("info still");
        assertThat(LogSetup.setFlags(0x01)).isTrue();
        log.info("hidden again");
        log.error("errors still");
        assertThat(LogSetup.flags()).as("SYS stays on").hasValue(0x81);
        assertThat(Files.readAllLines(file)).hasSize(3).anyMatch(l -> l.endsWith("-> shown"))
                .anyMatch(l -> l.endsWith("-> info still")).anyMatch(l -> l.endsWith("-> errors still"));
    }
}
