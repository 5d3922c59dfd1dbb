package dev.jsm.sim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference OpenSM's congestion control on the simulator, read back by the stock {@code ibccquery} through the
 * server ({@code scripts/cc-tables.sh}, {@code docs/congestion-control.md#the-reference-opensm-on-the-simulator}): on
 * {@code fabrics/fat2-16.net} with {@code congestion_control TRUE} and every group of {@code cc_*} options set, it
 * reaches SUBNET UP (it crashed on class 0x21 before the simulator had an agent), every switch holds the
 * SwitchCongestionSetting and every CA port the CACongestionSetting and the 70-entry table the options say, and
 * {@code ibccquery} reads every attribute of a switch and of a CA port (and is refused those of the other kind).
 */
@Tag("ibsim")
class CongestionControlServerIT {

    private static final Path SCRIPT = Path.of("..", "scripts", "cc-tables.sh").toAbsolutePath();
    private static final Path FABRIC = Path.of("..", "fabrics", "fat2-16.net").toAbsolutePath();
    private static final List<String> TOOLS = List.of("/usr/sbin/opensm", "/usr/sbin/ibccquery",
            "/usr/sbin/ibnetdiscover", "/usr/bin/unshare");
    static final String CONF = """
            congestion_control TRUE
            cc_sw_cong_setting_control_map 0x1F
            cc_sw_cong_setting_victim_mask 0x1E
            cc_sw_cong_setting_credit_mask 0x6
            cc_sw_cong_setting_threshold 0x0F
            cc_sw_cong_setting_packet_size 8
            cc_sw_cong_setting_credit_starvation_threshold 0x05
            cc_sw_cong_setting_credit_starvation_return_delay 1:100
            cc_sw_cong_setting_marking_rate 10
            cc_ca_cong_setting_port_control 0x0001
            cc_ca_cong_setting_control_map 0x0005
            cc_ca_cong_setting_ccti_timer 0 1024
            cc_ca_cong_setting_ccti_increase 0 1
            cc_ca_cong_setting_trigger_threshold 0 2
            cc_ca_cong_setting_ccti_timer 2 256
            cc_ca_cong_setting_ccti_increase 2 4
            cc_ca_cong_setting_trigger_threshold 2 8
            cc_ca_cong_setting_ccti_min 2 3
            cc_cct %s
            """.formatted(table());
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

    /** The 70 entries: 0:0 0:1 0:2 1:3 1:4 2:5 2:6 3:7 3:8, then 0:100 to 0:160. */
    static String table() {
        List<String> entries = new ArrayList<>(List.of("0:0", "0:1", "0:2", "1:3", "1:4", "2:5", "2:6", "3:7",
                "3:8"));
        for (int m = 100; m <= 160; m++) {
            entries.add("0:" + m);
        }
        return String.join(",", entries);
    }

    @Test
    void theReferenceOpenSmProgramsTheSimulatorAndIbccqueryReadsItBack(@TempDir Path out) throws Exception {
        List<String> lines = tables(out, "/usr/sbin/opensm");

        List<String> switches = lines.stream().filter(l -> l.contains(" SwitchCongestionSetting:")).toList();
        assertThat(switches).hasSize(6).allSatisfy(l -> assertThat(l).endsWith(SWITCH));
        assertThat(lines.stream().filter(l -> l.contains(" SwitchPortCongestionSetting Port="))).isNotEmpty()
                .allSatisfy(l -> assertThat(l).endsWith(": Valid=0 Control_Type=0 Threshold=0x00 Packet_Size=0"
                        + " Cong_Parm_Marking_Rate=0"));
        List<String> cas = lines.stream().filter(l -> l.contains(" CACongestionSetting:")).toList();
        assertThat(cas).hasSize(16).allSatisfy(l -> assertThat(l).endsWith(": Port_Control=0x0001"
                + " Control_Map=0x0005"));
        for (String ca : cas) {
            String guid = ca.substring(0, ca.indexOf(' '));
            List<String> port = lines.stream().filter(l -> l.startsWith(guid + " ")).toList();
            assertThat(port).contains(guid + " CACongestionSetting SL=0: CCTI_Timer=1024 CCTI_Increase=1"
                    + " Trigger_Threshold=2 CCTI_Min=0", guid + " CACongestionSetting SL=1: CCTI_Timer=0"
                    + " CCTI_Increase=0 Trigger_Threshold=0 CCTI_Min=0", guid + " CACongestionSetting SL=2:"
                    + " CCTI_Timer=256 CCTI_Increase=4 Trigger_Threshold=8 CCTI_Min=3",
                    guid + " CongestionControlTable: CCTI_Limit=69",
                    guid + " CongestionControlTable Entry=3: CCT_Shift=1 CCT_Multiplier=3",
                    guid + " CongestionControlTable Entry=69: CCT_Shift=0 CCT_Multiplier=160",
                    guid + " CongestionKeyInfo: CC_Key=0x0000000000000000 CC_KeyProtectBit=0 CC_KeyLeasePeriod=0"
                            + " CC_KeyViolations=0");
            assertThat(port.stream().filter(l -> l.contains(" CongestionControlTable Entry="))).hasSize(70);
        }
        for (String op : List.of("ClassPortInfo", "CongestionInfo", "CongestionKeyInfo", "CongestionLog",
                "Timestamp")) {
            assertThat(lines).contains("read " + op + " switch 0", "read " + op + " ca 0");
        }
        assertThat(lines).contains("read SwitchCongestionSetting switch 0", "read SwitchPortCongestionSetting switch 0",
                "read CACongestionSetting ca 0", "read CongestionControlTable ca 0")
                .doesNotContain("read CACongestionSetting switch 0", "read SwitchCongestionSetting ca 0");
    }

    /** The lines {@code scripts/cc-tables.sh} prints for the SM command {@code sm} with {@link #CONF}. */
    static List<String> tables(Path out, String sm) throws IOException, InterruptedException {
        Path conf = out.resolve("cc.conf");
        Files.writeString(conf, CONF);
        Path tables = out.resolve("tables.txt");
        Path log = out.resolve("script.log");
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString(), FABRIC.toString(), conf.toString(), sm)
                .redirectOutput(tables.toFile()).redirectError(log.toFile());
        pb.environment().put("SIM_SERVER_CMD", java + " -XX:+UseSerialGC -cp " + System.getProperty("java.class.path")
                + " " + SimServerMain.class.getName());
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
