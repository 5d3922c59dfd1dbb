package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MainTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private ExitCode exited;

    @AfterEach
    void backToDefaults() {
        Configurator.reconfigure(new DefaultConfiguration());
    }

    @Test
    void versionAndHelpExitZero() {
        assertThat(run("--version")).isEqualTo(ExitCode.OK);
        assertThat(out()).matches("-{49}\njsm \\S+ \\(OpenSM 3\\.3\\.23 command line and files\\)\n");
        assertThat(run("--help")).isEqualTo(ExitCode.OK);
        assertThat(out()).contains("\n--sim-topology <", "\nExit status:\n", "\n  0   normal exit",
                "\n  30  -o: the subnet could not be configured");
        for (ExitCode c : ExitCode.values()) {
            assertThat(out()).contains("\n  " + c.value() + " ");
        }
    }

    @Test
    void aBadFlagIsAUsageErrorOnOneLine() {
        assertThat(run("-l", "9")).isEqualTo(ExitCode.USAGE);
        assertThat(err()).contains("lmc").hasLineCount(1);
    }

    @Test
    void aConfigurationThatWouldLockTheSmOutIsRefusedAtStart() throws Exception {
        Path conf = Files.writeString(dir.resolve("locked.conf"), "m_key 0x1234\nm_key_protection_level 2\n"
                + "m_key_lease_period 0\nm_key_lookup FALSE\n");
        assertThat(run("-F", conf.toString(), "--sim-topology", "fat2:k=4", "-f", log())).isEqualTo(ExitCode.USAGE);
        assertThat(err()).startsWith("opensm: m_key_protection_level 2 with m_key_lease_period 0 and m_key_lookup "
                + "FALSE would lock the SM out").hasLineCount(1);
        assertThat(dir.resolve("opensm.log")).doesNotExist();
    }

    @Test
    void createConfigWritesTheFileAndStops() throws Exception {
        Path conf = dir.resolve("opensm.conf");
        assertThat(run("-c", conf.toString(), "-s", "7")).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(conf)).contains("\nsweep_interval 7\n").contains("routing_engine");
    }

    @Test
    void anUnreadableFabricIsItsOwnExitCode() {
        assertThat(run("--sim-topology", dir.resolve("missing.net").toString(), "-f", log())).isEqualTo(
                ExitCode.SIM_TOPOLOGY);
        assertThat(err()).contains("missing.net").hasLineCount(1);
    }

    @Test
    void aFabricThatFailsWhileLoggingStartsIsReportedInTheLogToo() throws Exception {
        assertThat(run("--sim-topology", dir.resolve("missing.net").toString(), "-f", log())).isEqualTo(
                ExitCode.SIM_TOPOLOGY);
        String text = Files.readString(Path.of(log()));
        assertThat(text.indexOf("-> jsm ")).isNotNegative().isLessThan(text.indexOf("MAIN-0801 --sim-topology"));
        assertThat(text).contains("missing.net");
    }

    @Test
    void aLogFileThatCannotBeOpenedIsAFileErrorEvenWhenTheFabricOpened() throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-directory"), "x");
        assertThat(run("--sim-topology", "fat2:k=4", "-f", blocker.resolve("opensm.log").toString(), "-o"))
                .isEqualTo(ExitCode.FILE_ERROR);
        assertThat(err()).contains("cannot open log file").hasLineCount(1);
    }

    @Test
    void runOnceOnTheSimulatorConfiguresTheSubnetAndExits() throws Exception {
        assertThat(run("--sim-topology", "fat2:k=4", "-f", log(), "-o", "-s", "0", "-e")).isEqualTo(ExitCode.OK);
        String text = Files.readString(Path.of(log()));
        assertThat(text).contains("0x80 -> Entering DISCOVERING state", "0x80 -> Entering MASTER state",
                "0x02 -> SUBNET UP", "0x80 -> Exiting SM");
        assertThat(text.indexOf("SUBNET UP")).isLessThan(text.indexOf("Exiting SM"));
        assertThat(dir.resolve("guid2lid")).exists();
        assertThat(dir.resolve("opensm-subnet.lst")).exists();
    }

    /**
     * {@code exit_on_fatal TRUE} (the default): a fabric in which a leaf switch has the GUIDs of the SM's leaf ends
     * the daemon after the first discovery, through the usual stop, with status 40 and a line on standard error
     * ({@code DuplicateGuidSimTest} checks the log lines). Last: a run of the daemon through {@link Main} shuts log4j
     * down, and the daemon's classes then log nowhere in this JVM, and the run-once test reads their lines.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void duplicateGuidsEndTheDaemonWithTheirOwnExitStatus() throws Exception {
        Topology t = TopologyShapes.parse("fat2:k=4");
        int smLeaf = t.peerNode(SimSm.firstCa(t), 1);
        int twin = -1;
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.CA && t.peerNode(n, 1) != smLeaf) {
                twin = t.peerNode(n, 1);
            }
        }
        String shape = "fat2:k=4,twin=" + twin + ",twin-of=" + smLeaf;
        assertThat(run("--sim-topology", shape, "-f", log(), "-s", "0")).isEqualTo(ExitCode.FATAL_SUBNET);
        assertThat(err()).contains("opensm: errors on subnet: ", "duplicate GUID",
                "exiting (exit_on_fatal TRUE; see the log)");
    }

    private ExitCode run(String... args) {
        try {
            Files.writeString(dir.resolve("empty.conf"), "# nothing\n");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.reset();
        err.reset();
        Main main = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("OSM_CACHE_DIR", dir.toString(), "OSM_TMP_DIR", dir.toString())) {
            @Override
            protected void requestExit(ExitCode code) {
                exited = code;
            }
        };
        String[] all = new String[args.length + 2];
        all[0] = "-F";
        all[1] = dir.resolve("empty.conf").toString();
        System.arraycopy(args, 0, all, 2, args.length);
        main.launch(all, new SmEvents());
        return exited;
    }

    private String log() {
        return dir.resolve("opensm.log").toString();
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
