package dev.jsm.daemon.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code per_module_logging_file}: OpenSM's module names and separators, masks as {@code strtoul} reads them, a
 * module's mask added to {@code log_flags} for that module's loggers only, and a bad file logged with its line and
 * leaving the masks in force.
 */
class PerModuleLoggingTest {

    @TempDir
    Path dir;

    @AfterEach
    void backToDefaults() {
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Test
    void modulesAreOpenSmsSourceFilesWithTheirSeparators() {
        PerModuleLogging.Result r = PerModuleLogging.parse("f", List.of("# comment", "", "osm_sm.c 0x08",
                "osm_ucast_ftree.c=0x0c extra", "osm_sminfo_rcv.c,4", "osm_perfmgr.c\t010", "osm_sm.c 0x0a",
                "dev.jsm.daemon.mgmt.ConsoleSession 255"));
        assertThat(r.problems()).isEmpty();
        assertThat(r.masks()).containsExactlyInAnyOrderEntriesOf(Map.of("dev.jsm.daemon.sm", 0x0a | 0x04,
                "dev.jsm.routing.ftree", 0x0c, "dev.jsm.daemon.perfmgr", 8,
                "dev.jsm.daemon.mgmt.ConsoleSession", 0xff));
    }

    @Test
    void problemsNameTheFileAndLineAndWhatWasExpected() {
        PerModuleLogging.Result r = PerModuleLogging.parse("/etc/opensm/pm.conf", List.of("osm_sm.c 0x08",
                "osm_nosuch.c 0x08", "osm_lid_mgr.c", "osm_link_mgr.c 0x100", "osm_trap_rcv.c high"));
        assertThat(r.masks()).isEmpty();
        assertThat(r.problems()).containsExactly(
                "/etc/opensm/pm.conf:2: unknown module osm_nosuch.c (expected one of OpenSM's source files, as "
                        + "osm_sm.c or osm_ucast_mgr.c, or a jsm logger name starting with dev.jsm.)",
                "/etc/opensm/pm.conf:3: missing log level after module osm_lid_mgr.c (expected a mask 0..0xff, as "
                        + "0x0f)",
                "/etc/opensm/pm.conf:4: bad log level 0x100 for module osm_link_mgr.c (expected a mask 0..0xff: "
                        + "decimal, 0x hex or 0 octal)",
                "/etc/opensm/pm.conf:5: bad log level high for module osm_trap_rcv.c (expected a mask 0..0xff: "
                        + "decimal, 0x hex or 0 octal)");
    }

    @Test
    void aMissingFileSetsNoMasks() {
        PerModuleLogging.Result r = PerModuleLogging.read(dir.resolve("absent.conf").toString());
        assertThat(r.masks()).isEmpty();
        assertThat(r.problems()).isEmpty();
    }

    @Test
    void aModulesMaskAddsItsLevelsForItsLoggersOnly() throws Exception {
        Path log = dir.resolve("opensm.log");
        Path conf = dir.resolve("per-module-logging.conf");
        LogSetup.start(new LogSettings(log.toString(), 0x03, true, ""));
        Files.writeString(conf, "osm_ucast_ftree.c 0x0b\n");
        assertThat(LogSetup.loadPerModule(conf.toString())).isEmpty();
        Logger ftree = LogManager.getLogger("dev.jsm.routing.ftree.FtreeEngine");
        Logger sm = LogManager.getLogger("dev.jsm.daemon.sm.SmStateMachine");
        ftree.debug("ftree debug");
        ftree.log(LogLevels.VERBOSE, "ftree verbose");
        sm.debug("sm debug");
        sm.info("sm info");
        assertThat(Files.readAllLines(log)).filteredOn(l -> !l.contains("per-module log levels"))
                .hasSize(2).satisfiesExactly(l -> assertThat(l).endsWith("0x08 -> ftree debug"),
                        l -> assertThat(l).endsWith("0x02 -> sm info"));

        Files.writeString(conf, "osm_ucast_ftree.c 0x0b\nosm_sm.c\n");
        assertThat(LogSetup.loadPerModule(conf.toString())).singleElement().asString()
                .startsWith(conf + ":2: missing log level");
        ftree.debug("still written");
        Files.writeString(conf, "# none\n");
        assertThat(LogSetup.loadPerModule(conf.toString())).isEmpty();
        ftree.debug("no longer written");
        assertThat(Files.readString(log)).contains("still written").doesNotContain("no longer written")
                .contains("MAIN-0831 per_module_logging_file " + conf + ":2: missing log level");
    }
}
