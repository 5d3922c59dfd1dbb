package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Congestion control side by side ({@code scripts/cc-tables.sh}, {@code docs/congestion-control.md}): the reference
 * OpenSM and jsm, each alone on {@code fabrics/fat2-16.net} behind the sim server with the same
 * {@code congestion_control} and {@code cc_*} options (every group set, a 70-entry table), then every switch's and
 * CA port's congestion control attributes read back by the stock {@code ibccquery}. The two reads must be the same,
 * line for line, and show what the options say.
 */
@Tag("ibsim")
class CongestionControlSideBySideIT {

    private static final Path SCRIPT = Path.of("..", "scripts", "cc-tables.sh").toAbsolutePath();
    private static final Path FABRIC = Path.of("..", "fabrics", "fat2-16.net").toAbsolutePath();
    private static final List<String> TOOLS = List.of("/usr/sbin/opensm", "/usr/sbin/ibccquery",
            "/usr/sbin/ibnetdiscover", "/usr/bin/unshare");
    private static final String CONF = CongestionControlSimTest.CC_OPTIONS;
    private static final String SWITCH = " SwitchCongestionSetting: Control_Map=0x0000001f Victim_Mask="
            + "0".repeat(62) + "1e Credit_Mask=" + "0".repeat(62) + "06 Threshold=0x0f Packet_Size=8 CS_Threshold=0x05"
            + " CS_ReturnDelay=0x4064 Marking_Rate=10";

    @BeforeAll
    static void requireTools() {
        IbsimHarness.assumeAvailable();
        List<String> missing = TOOLS.stream().filter(t -> !Files.isExecutable(Path.of(t))).toList();
        if (!missing.isEmpty()) {
            System.err.println("[ibsim] SKIPPED: " + missing + " not installed (apt-get install opensm "
                    + "infiniband-diags util-linux)");
        }
        assumeTrue(missing.isEmpty(), "stock tools missing: " + missing);
    }

    @Test
    void jsmProgramsWhatTheReferenceOpenSmProgramsReadBackByIbccquery(@TempDir Path out) throws Exception {
        StringBuilder cct = new StringBuilder("cc_cct 0:0,0:1,0:2,1:3,1:4,2:5,2:6,3:7,3:8");
        for (int m = 100; m <= 160; m++) {
            cct.append(",0:").append(m);
        }
        Path conf = out.resolve("cc.conf");
        Files.writeString(conf, CONF + cct + "\n");
        String java = ProcessHandle.current().info().command().orElse("java");
        String jvm = java + " -XX:+UseSerialGC -cp " + System.getProperty("java.class.path") + " ";

        List<String> reference = tables(out.resolve("reference"), conf, "/usr/sbin/opensm");
        List<String> jsm = tables(out.resolve("jsm"), conf, jvm + Main.class.getName());

        assertThat(jsm.stream().filter(l -> l.contains(" SwitchCongestionSetting:"))).hasSize(6)
                .allSatisfy(l -> assertThat(l).endsWith(SWITCH));
        assertThat(jsm.stream().filter(l -> l.endsWith(" CACongestionSetting: Port_Control=0x0001"
                + " Control_Map=0x0005"))).hasSize(16);
        assertThat(jsm.stream().filter(l -> l.endsWith(" CongestionControlTable: CCTI_Limit=69"))).hasSize(16);
        assertThat(jsm.stream().filter(l -> l.endsWith(" Entry=69: CCT_Shift=0 CCT_Multiplier=160"))).hasSize(16);
        assertThat(jsm).as("jsm's tables, line for line as the reference's").containsExactlyElementsOf(reference);
        System.out.println("[ibsim] congestion control side by side: " + jsm.size() + " lines read back, identical");
    }

    /**
     * What {@code scripts/cc-tables.sh} prints of the SM command {@code sm} with {@code conf}, the fabric behind
     * {@code bin/sim-server} (the {@code sim} module packaged before this module's integration tests).
     */
    private static List<String> tables(Path dir, Path conf, String sm) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path tables = dir.resolve("tables.txt");
        Path log = dir.resolve("script.log");
        ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString(), FABRIC.toString(), conf.toString(), sm)
                .redirectOutput(tables.toFile()).redirectError(log.toFile());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("IBSIM_SOCKNAME");
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        assertThat(p.exitValue()).as(Files.readString(log)).isZero();
        return Files.readAllLines(tables);
    }
}
