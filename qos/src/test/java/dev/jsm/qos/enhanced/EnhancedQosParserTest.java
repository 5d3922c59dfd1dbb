package dev.jsm.qos.enhanced;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.qos.policy.QosPolicyException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The enhanced QoS policy file: the manual's example, the rules' arithmetic (a GUID's rule over the default, all and
 * numbered SLs, vport 0 with and without {@code enhanced_qos_vport0_unlimit_default_rl}), and every error with its
 * {@code file:line:column}.
 */
class EnhancedQosParserTest {

    /** The example of NVIDIA's manual (in our words, docs/enhanced-qos.md), one setting a line. */
    static final String EXAMPLE = """
            # enhanced QoS
            BW_NAMES
            bw1 = 50
            bw2 = 25
            bw3 = 15
            bw4 = 10

            BW_RULES
            default= 1:bw1
            0x2c90000000025= 1:bw2

            VPORT_BW_RULES
            default= all:bw3
            0x2c90000000026= 3:bw4
            """;

    private static int[] limits(int... slAndMbps) {
        int[] out = new int[16];
        for (int i = 0; i < slAndMbps.length; i += 2) {
            out[slAndMbps[i]] = slAndMbps[i + 1];
        }
        return out;
    }

    private static int[] all(int mbps) {
        int[] out = new int[16];
        java.util.Arrays.fill(out, mbps);
        return out;
    }

    @Test
    void theManualsExampleGivesEachPortAndVportItsLimits() throws Exception {
        EnhancedQosPolicy p = EnhancedQosParser.parse("eqos.conf", EXAMPLE);
        assertThat(p.bandwidths()).containsExactly(java.util.Map.entry("bw1", 50), java.util.Map.entry("bw2", 25),
                java.util.Map.entry("bw3", 15), java.util.Map.entry("bw4", 10));
        assertThat(p.portLimits(0x2c90000000025L)).containsExactly(limits(1, 25));
        assertThat(p.portLimits(0x1234L)).containsExactly(limits(1, 50));
        assertThat(p.vportLimits(0x99L, false, true)).containsExactly(all(15));
        int[] named = all(15);
        named[3] = 10;
        assertThat(p.vportLimits(0x2c90000000026L, false, true)).as("its rule over the default").containsExactly(named);
        assertThat(p.toString()).isEqualTo("enhanced QoS policy eqos.conf (4 bandwidths, 2 port rules, 2 vport rules)");
        assertThat(p.describe()).contains("BW_RULES 0x0002c90000000025 1:25\n", "VPORT_BW_RULES default 0:15, 1:15");
    }

    @Test
    void vportZeroIsUnlimitedWhereItsOwnRuleIsSilentUnlessTheOptionSaysOtherwise() throws Exception {
        EnhancedQosPolicy p = EnhancedQosParser.parse("eqos.conf", EXAMPLE);
        assertThat(p.vportLimits(0x1234L, true, true)).as("vport 0 not named").containsExactly(new int[16]);
        assertThat(p.vportLimits(0x2c90000000026L, true, true)).containsExactly(limits(3, 10));
        assertThat(p.vportLimits(0x1234L, true, false)).as("like any vport").containsExactly(all(15));
        int[] named = all(15);
        named[3] = 10;
        assertThat(p.vportLimits(0x2c90000000026L, true, false)).containsExactly(named);
    }

    @Test
    void numberedSlsWinOverAllWhateverTheirOrderAndNoDefaultMeansUnlimited() throws Exception {
        EnhancedQosPolicy p = EnhancedQosParser.parse("x", """
                BW_RULES
                0x10 = 2:fast, all:slow ,5:fast
                VPORT_BW_RULES
                0x20=0:none
                BW_NAMES
                slow=100
                fast = 1048575
                none = 0
                """);
        int[] want = all(100);
        want[2] = 1048575;
        want[5] = 1048575;
        assertThat(p.portLimits(0x10L)).containsExactly(want);
        assertThat(p.portLimits(0x11L)).containsExactly(new int[16]);
        assertThat(p.vportLimits(0x20L, false, true)).containsExactly(new int[16]);
        assertThat(p.portDefault()).isNull();
        assertThat(EnhancedQosParser.parse("empty", "# nothing\n\n").portRules()).isEmpty();
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("bw1 = 5\n", "x:1:1: expected a section name (BW_NAMES, BW_RULES or VPORT_BW_RULES), "
                        + "found 'bw1'"),
                Arguments.of("BW_NAMES\nBW_RULES\nBW_NAMES\n", "x:3:1: section BW_NAMES given twice (first at line 1)"),
                Arguments.of("BW_NAMES\n  b w = 5\n", "x:2:5: expected '=' after the bandwidth name, found 'w'"),
                Arguments.of("BW_NAMES\n= 5\n", "x:2:1: expected a bandwidth name (letters, digits, '_', '-', '.'), "
                        + "found '='"),
                Arguments.of("BW_NAMES\nb = 0x10\n", "x:2:5: expected a rate in Mb/s, a decimal number 0-1048575, "
                        + "found '0x10'"),
                Arguments.of("BW_NAMES\nb = 1048576\n", "x:2:5: expected a rate in Mb/s, a decimal number "
                        + "0-1048575, found '1048576'"),
                Arguments.of("BW_NAMES\nb =\n", "x:2:4: expected a rate in Mb/s, a decimal number 0-1048575, found "
                        + "the end of the line"),
                Arguments.of("BW_NAMES\nb = 5 6\n", "x:2:7: expected the end of the line after the rate, found '6'"),
                Arguments.of("BW_NAMES\nb = 5\nb = 6\n", "x:3:1: bandwidth name 'b' defined twice"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\nhost = 1:b\n", "x:4:1: expected 'default' or a port GUID "
                        + "(hex, not 0), found 'host'"),
                Arguments.of("BW_NAMES\nb=1\nVPORT_BW_RULES\n0x0 = 1:b\n", "x:4:1: expected 'default' or a vport "
                        + "GUID (hex, not 0), found '0x0'"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\n0x5 1:b\n", "x:4:5: expected '=' after the GUID, found '1:b'"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\ndefault = 16:b\n", "x:4:11: expected an SL 0-15 or 'all', "
                        + "found '16'"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\ndefault = 1 b\n", "x:4:13: expected ':' after the SL, found "
                        + "'b'"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\ndefault = 1:\n", "x:4:13: expected a bandwidth name after "
                        + "':', found the end of the line"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\ndefault = 1:b, 1:b\n", "x:4:16: SL 1 given twice in this "
                        + "rule"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\ndefault = all:b, all:b\n", "x:4:18: 'all' given twice in "
                        + "this rule"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\ndefault = 1:b 2:b\n", "x:4:15: expected ',' or the end of "
                        + "the line after the rule's entry, found '2:b'"),
                Arguments.of("BW_NAMES\nb=1\nBW_RULES\n0x5 = 1:b\n0x05 = 2:b\n", "x:5:1: rule for "
                        + "0x0000000000000005 given twice in BW_RULES (first at line 4)"),
                Arguments.of("BW_RULES\ndefault = 1:b # fast\nBW_NAMES\nc = 1\n", "x:2:13: unknown bandwidth name "
                        + "'b' (defined: c)"),
                Arguments.of("VPORT_BW_RULES\n0x7 = 3:b\n", "x:2:9: unknown bandwidth name 'b' (BW_NAMES defines "
                        + "none)"));
    }

    @ParameterizedTest
    @MethodSource("errors")
    void everyErrorSaysFileLineAndColumnAndWhatWasExpected(String text, String message) {
        assertThatThrownBy(() -> EnhancedQosParser.parse("x", text)).isInstanceOf(QosPolicyException.class)
                .hasMessage(message);
    }

    @Test
    void theHolderKeepsTheLastGoodPolicyAndSaysWhy() {
        EnhancedQosHolder h = new EnhancedQosHolder();
        assertThat(h.accept("eqos.conf", EXAMPLE).status()).isEqualTo(EnhancedQosHolder.Status.LOADED);
        EnhancedQosPolicy good = h.current();
        assertThat(h.accept("eqos.conf", EXAMPLE).status()).isEqualTo(EnhancedQosHolder.Status.UNCHANGED);
        EnhancedQosHolder.Outcome bad = h.accept("eqos.conf", EXAMPLE.replace("bw4 = 10", "bw4 = ten"));
        assertThat(bad.status()).isEqualTo(EnhancedQosHolder.Status.REJECTED);
        assertThat(bad.message()).startsWith("eqos.conf:6:7: expected a rate in Mb/s")
                .endsWith("; keeping the last good " + good);
        assertThat(h.current()).isSameAs(good);
        assertThat(h.reload(java.nio.file.Path.of("/nonexistent/eqos.conf")).message())
                .startsWith("/nonexistent/eqos.conf: cannot read: ");
        assertThat(h.current()).isSameAs(good);
        assertThat(h.reload(null).status()).isEqualTo(EnhancedQosHolder.Status.DISABLED);
        assertThat(h.current()).isNull();
    }
}
