package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The {@code opensm.conf} reader: format details, and the exact text of every kind of problem. */
class OpenSmConfReaderTest {

    private static ConfFile parse(String text) {
        return OpenSmConfReader.parse("opensm.conf", text);
    }

    @Test
    void readsCommentsBlankLinesTabsQuotesAndNull() {
        ConfFile f = parse("""
                # a comment
                   \t
                sweep_interval\t 5   # trailing comment
                  lmc 2
                log_file "/tmp/my log"
                routing_engine 'ftree,updn'
                torus_config (null)
                qos TRUE
                """);
        assertThat(f.warnings()).isEmpty();
        assertThat(f.errors()).isEmpty();
        assertThat(f.value(SweepOptions.SWEEP_INTERVAL)).isEqualTo(5L);
        assertThat(f.value(DeviceOptions.LMC)).isEqualTo(2L);
        assertThat(f.value(DebugOptions.LOG_FILE)).isEqualTo("/tmp/my log");
        assertThat(f.value(RoutingOptions.ROUTING_ENGINE)).isEqualTo("ftree,updn");
        assertThat(f.value(RoutingOptions.TORUS_CONFIG)).isNull();
        assertThat(f.value(QosOptions.QOS)).isTrue();
        assertThat(f.sets(DeviceOptions.GUID)).isFalse();
    }

    @Test
    void numbersFollowCsBase0Rules() {
        ConfFile f = parse("vl_stall_count 0x05\nleaf_vl_stall_count 06\nsubnet_timeout 17\nguid 1\nm_key 0XABC\n"
                + "qos_high_limit -1\nqos_ca_high_limit 255\n");
        assertThat(f.errors()).isEmpty();
        assertThat(f.value(DeviceOptions.VL_STALL_COUNT)).isEqualTo(5L);
        assertThat(f.value(DeviceOptions.LEAF_VL_STALL_COUNT)).isEqualTo(6L);
        assertThat(f.value(DeviceOptions.SUBNET_TIMEOUT)).isEqualTo(17L);
        assertThat(f.value(DeviceOptions.GUID)).isEqualTo(1L);
        assertThat(f.value(DeviceOptions.M_KEY)).isEqualTo(0xABCL);
        assertThat(f.value(QosOptions.DEFAULT.highLimit)).isEqualTo(-1L);
        assertThat(f.value(QosOptions.CA.highLimit)).isEqualTo(255L);
    }

    @Test
    void booleansAreReadInAnyCase() {
        ConfFile f = parse("qos true\nreassign_lids False\n");
        assertThat(f.errors()).isEmpty();
        assertThat(f.value(QosOptions.QOS)).isTrue();
        assertThat(f.value(SweepOptions.REASSIGN_LIDS)).isFalse();
    }

    @Test
    void fullWidthGuidsAndMasks() {
        ConfFile f = parse("guid 0xfffffffffffffffe\ncc_sw_cong_setting_victim_mask 0x8000000000000000000000000000000"
                + "000000000000000000000000000000001\ncc_sw_cong_setting_credit_mask 3\n");
        assertThat(f.errors()).isEmpty();
        assertThat(f.value(DeviceOptions.GUID)).isEqualTo(0xfffffffffffffffeL);
        assertThat(f.value(CongestionOptions.CC_SW_CONG_SETTING_VICTIM_MASK))
                .isEqualTo(BigInteger.ONE.shiftLeft(255).add(BigInteger.ONE));
        assertThat(f.value(CongestionOptions.CC_SW_CONG_SETTING_CREDIT_MASK)).isEqualTo(BigInteger.valueOf(3));
    }

    @Test
    void perSlLinesAddUp() {
        ConfFile f = parse("cc_ca_cong_setting_ccti_timer 0 10\ncc_ca_cong_setting_ccti_timer 3 0x20\n"
                + "cc_ca_cong_setting_ccti_min 15 7\ncc_cct 1:2, 0:16383,3:0\n"
                + "cc_sw_cong_setting_credit_starvation_return_delay 2:100\n");
        assertThat(f.warnings()).isEmpty();
        assertThat(f.errors()).isEmpty();
        PerSlValues timer = f.value(CongestionOptions.CC_CA_CONG_SETTING_CCTI_TIMER);
        assertThat(timer.get(0)).isEqualTo(10);
        assertThat(timer.get(3)).isEqualTo(32);
        assertThat(timer.get(1)).isZero();
        assertThat(f.value(CongestionOptions.CC_CA_CONG_SETTING_CCTI_MIN).get(15)).isEqualTo(7);
        assertThat(f.value(CongestionOptions.CC_CCT))
                .containsExactly(new CctEntry(1, 2), new CctEntry(0, 16383), new CctEntry(3, 0));
        assertThat(f.value(CongestionOptions.CC_SW_CONG_SETTING_CREDIT_STARVATION_RETURN_DELAY))
                .isEqualTo(new CctEntry(2, 100));
    }

    @Test
    void qosTablesAreChecked() {
        ConfFile f = parse("qos_vlarb_high 0:4,1:4,2:4\nqos_sw0_sl2vl 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n"
                + "qos_ca_vlarb_low 0:64, 1:0x40,\n");
        assertThat(f.errors()).isEmpty();
        assertThat(f.value(QosOptions.DEFAULT.vlArbHigh)).isEqualTo("0:4,1:4,2:4");
    }

    static Stream<Arguments> problems() {
        return Stream.of(
                Arguments.of("sweep_interval 10\nsweep_intervall 5\n",
                        "warning", "opensm.conf:2: unknown option 'sweep_intervall'"),
                Arguments.of("\n\ndimn_ports_file /etc/ports\n",
                        "warning", "opensm.conf:3: option 'dimn_ports_file' is deprecated, use "
                                + "'port_search_ordering_file'"),
                Arguments.of("lmc 1\nlmc 2\n",
                        "warning", "opensm.conf:2: option 'lmc' set again (first at line 1); this line counts"),
                Arguments.of("lmc 8\n",
                        "error", "opensm.conf:1: option 'lmc': expected an integer in 0..7, found '8'"),
                Arguments.of("sm_priority high\n",
                        "error", "opensm.conf:1: option 'sm_priority': expected an integer in 0..15, found 'high'"),
                Arguments.of("sweep_interval 10s\n",
                        "error", "opensm.conf:1: option 'sweep_interval': expected an integer in 0..2147483, "
                                + "found '10s'"),
                Arguments.of("force_link_speed 9\n",
                        "error", "opensm.conf:1: option 'force_link_speed': expected an integer in 0..7 or 15, "
                                + "found '9'"),
                Arguments.of("force_link_speed_ext 8\n",
                        "error", "opensm.conf:1: option 'force_link_speed_ext': expected an integer in 0..7 or "
                                + "30..31, found '8'"),
                Arguments.of("qos maybe\n",
                        "error", "opensm.conf:1: option 'qos': expected TRUE or FALSE, found 'maybe'"),
                Arguments.of("part_enforce both,in\n",
                        "error", "opensm.conf:1: option 'part_enforce': expected one of both, in, out, off, "
                                + "found 'both,in'"),
                Arguments.of("console remote\n",
                        "error", "opensm.conf:1: option 'console': expected one of off, local, loopback, socket, "
                                + "found 'remote'"),
                Arguments.of("guid 0xg\n",
                        "error", "opensm.conf:1: option 'guid': expected a 64-bit number (0x and up to 16 hex "
                                + "digits, or decimal), found '0xg'"),
                Arguments.of("m_key 0x10000000000000000\n",
                        "error", "opensm.conf:1: option 'm_key': expected a 64-bit number (0x and up to 16 hex "
                                + "digits, or decimal), found '0x10000000000000000'"),
                Arguments.of("log_file\n",
                        "error", "opensm.conf:1: option 'log_file': expected a file name or (null), found ''"),
                Arguments.of("leaf_vl_stall_count 08\n",
                        "error", "opensm.conf:1: option 'leaf_vl_stall_count': expected an integer in 0..7, "
                                + "found '08'"),
                Arguments.of("qos_high_limit -2\n",
                        "error", "opensm.conf:1: option 'qos_high_limit': expected an integer in -1..255, "
                                + "found '-2'"),
                Arguments.of("max_wire_smps -1\n",
                        "error", "opensm.conf:1: option 'max_wire_smps': expected an integer in 0..2147483647, "
                                + "found '-1'"),
                Arguments.of("qos_sl2vl 0,1,2\n",
                        "error", "opensm.conf:1: option 'qos_sl2vl': expected (null) or 16 comma-separated VLs "
                                + "(0..15), one per SL, found '0,1,2'"),
                Arguments.of("qos_swe_vlarb_low 0:4,15:4\n",
                        "error", "opensm.conf:1: option 'qos_swe_vlarb_low': expected (null) or up to 64 "
                                + "comma-separated VL:weight pairs (VL 0..14, weight 0..255), found '0:4,15:4'"),
                Arguments.of("cc_ca_cong_setting_ccti_timer 16 1\n",
                        "error", "opensm.conf:1: option 'cc_ca_cong_setting_ccti_timer': expected an SL (0..15) "
                                + "and a value (an integer in 0..65535), found '16 1'"),
                Arguments.of("cc_ca_cong_setting_ccti_increase 3\n",
                        "error", "opensm.conf:1: option 'cc_ca_cong_setting_ccti_increase': expected an SL "
                                + "(0..15) and a value (an integer in 0..255), found '3'"),
                Arguments.of("cc_cct 1:2,4:1\n",
                        "error", "opensm.conf:1: option 'cc_cct': expected (null) or 1 to 128 comma-separated "
                                + "shift:multiplier entries (shift 0..3, multiplier 0..16383), found '1:2,4:1'"),
                Arguments.of("cc_sw_cong_setting_victim_mask 0x" + "0".repeat(65) + "\n",
                        "error", "opensm.conf:1: option 'cc_sw_cong_setting_victim_mask': expected a 256-bit mask "
                                + "(0x and 1 to 64 hex digits), found '0x" + "0".repeat(65) + "'"));
    }

    @ParameterizedTest(name = "{2}")
    @MethodSource("problems")
    void problemIsReportedWithFileAndLine(String text, String kind, String expected) {
        ConfFile f = parse(text);
        List<ConfProblem> problems = kind.equals("error") ? f.errors() : f.warnings();
        List<ConfProblem> others = kind.equals("error") ? f.warnings() : f.errors();
        assertThat(problems).extracting(ConfProblem::toString).containsExactly(expected);
        assertThat(others).isEmpty();
    }

    @Test
    void allErrorsAreCollectedAndBadLinesKeepNoValue() {
        ConfFile f = parse("lmc 9\nsweep_interval 5\nsm_priority 16\nfoo bar\nqos yes\n");
        assertThat(f.errors()).extracting(ConfProblem::line).containsExactly(1, 3, 5);
        assertThat(f.warnings()).extracting(ConfProblem::toString)
                .containsExactly("opensm.conf:4: unknown option 'foo'");
        assertThat(f.sets(DeviceOptions.LMC)).isFalse();
        assertThat(f.rejected())
                .containsExactlyInAnyOrder(DeviceOptions.LMC, HandoverOptions.SM_PRIORITY, QosOptions.QOS);
        assertThat(f.value(SweepOptions.SWEEP_INTERVAL)).isEqualTo(5L);
    }

    @Test
    void deprecatedNameSetsTheCurrentOption() {
        ConfFile f = parse("dimn_ports_file /etc/ports\n");
        assertThat(f.value(RoutingOptions.PORT_SEARCH_ORDERING_FILE)).isEqualTo("/etc/ports");
    }

    @Test
    void readsFilesAndReportsMissingOnes(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("opensm.conf");
        Files.writeString(file, "sweep_interval 3\r\nlmc 1\r\n");
        ConfFile f = OpenSmConfReader.read(file);
        assertThat(f.source()).isEqualTo(file.toString());
        assertThat(f.value(SweepOptions.SWEEP_INTERVAL)).isEqualTo(3L);
        assertThat(f.value(DeviceOptions.LMC)).isEqualTo(1L);
        assertThatThrownBy(() -> OpenSmConfReader.read(dir.resolve("missing.conf")))
                .isInstanceOf(NoSuchFileException.class);
    }
}
