package dev.jsm.daemon.log;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * What one input can make the log hold (issue 25: one warning per duplicate of a 140 KB {@code routing_engine}
 * value, each quoting it whole, wrote 2.8 GB): a message is cut to {@link OpenSmLayout#MAX_MESSAGE_CHARS}
 * characters with the count of those left out, and a warning repeated at once is written once, then counted.
 */
class BoundedLinesTest {

    @TempDir
    Path dir;

    @AfterEach
    void backToDefaults() {
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Test
    void aHugeValueIsCutAndAWarningRepeated2000TimesIsTwoLines() throws Exception {
        Path file = dir.resolve("opensm.log");
        LogSetup.start(new LogSettings(file.toString(), 0x03, true, ""));
        Logger log = LogManager.getLogger("test");
        String value = "minhop,".repeat(20_000);
        log.warn("ROUT-0507 routing engine 'minhop' is listed twice in '{}'; it is tried once", value);
        for (int i = 0; i < 1_999; i++) {
            log.warn("ROUT-0507 routing engine 'minhop' is listed twice in '{}'; it is tried once", value);
        }
        log.info("SUBNET UP");
        log.info("SUBNET UP");
        log.error("LID-0303 bad line");
        log.error("LID-0303 bad line");
        log.error("LID-0303 another bad line");

        List<String> lines = Files.readAllLines(file);
        assertThat(Files.size(file)).as("instead of 280 MB").isLessThan(10_000);
        assertThat(lines).hasSize(7);
        String whole = "ROUT-0507 routing engine 'minhop' is listed twice in '" + value + "'; it is tried once";
        assertThat(lines.get(0)).contains("ROUT-0507 routing engine 'minhop' is listed twice in 'minhop,minhop,")
                .endsWith("... [" + (whole.length() - OpenSmLayout.MAX_MESSAGE_CHARS) + " more characters not logged]");
        assertThat(lines.get(1)).endsWith("0x01 -> last message repeated 1999 times");
        assertThat(lines.subList(2, 4)).allMatch(l -> l.endsWith("-> SUBNET UP"));
        assertThat(lines.get(4)).endsWith("-> LID-0303 bad line");
        assertThat(lines.get(5)).endsWith("-> last message repeated 1 times");
        assertThat(lines.get(6)).endsWith("-> LID-0303 another bad line");
    }
}
