package dev.jsm.mad.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.umad.UmadException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line of {@code bin/smp-query} and its exit statuses, without a fabric. */
class SmpQueryArgsTest {

    @Test
    void directedRouteQueryWithPortModifier() throws Exception {
        SmpQueryArgs a = SmpQueryArgs.parse("-C", "mlx5_0", "-P", "2", "-D", "PI", "0,1,5", "3");
        assertThat(a.caName()).isEqualTo("mlx5_0");
        assertThat(a.portNum()).isEqualTo(2);
        assertThat(a.portGuid()).isZero();
        assertThat(a.attribute()).isEqualTo(AttributeId.PORT_INFO);
        assertThat(a.route()).isEqualTo(DrPath.of(1, 5));
        assertThat(a.modifier()).isEqualTo(3);
        assertThat(a.destination()).isEqualTo("DR path 0,1,5");
        assertThat(a.timeoutMs()).isEqualTo(200);
        assertThat(a.retries()).isEqualTo(3);
    }

    @Test
    void lidQueryByPortGuidWithSets() throws Exception {
        SmpQueryArgs a = SmpQueryArgs.parse("-g", "0x0002c90200000001", "--set", "LID=0x7", "--set",
                "MasterSMLID=7", "-t", "50", "-r", "0", "portinfo", "0x7", "1");
        assertThat(a.portGuid()).isEqualTo(0x0002c90200000001L);
        assertThat(a.route()).isNull();
        assertThat(a.lid()).isEqualTo(7);
        assertThat(a.destination()).isEqualTo("lid 7");
        assertThat(a.sets()).containsExactly(new SmpQueryArgs.FieldValue("LID", 7),
                new SmpQueryArgs.FieldValue("MasterSMLID", 7));
        assertThat(a.timeoutMs()).isEqualTo(50);
        assertThat(a.retries()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"nodeinfo,0x0011", "NI,0x0011", "NodeDesc,0x0010", "si,0x0012", "PKeys,0x0016", "sl2vl,0x0017",
            "VLArb,0x0018", "GI,0x0014", "lft,0x0019", "MFT,0x001b", "SMInfo,0x0020", "0x0031,0x0031",
            "VI,0xffb0", "vportinfo,0xffb1", "VNI,0xffb2", "vps,0xffb3", "VNodeDesc,0xffb4", "VGI,0xffb5",
            "VPKeys,0xffb6", "QoSConfigSL,0xff82", "GeneralInfo,0xff17"})
    void attributeNamesAndIds(String name, String id) throws Exception {
        assertThat(SmpQueryArgs.parse("-D", name, "0").attribute().value()).isEqualTo(Integer.decode(id));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "nodeinfo|expected <attribute> <lid | dr_path> [modifier], got nodeinfo",
        "bogus 1|unknown attribute bogus",
        "-x nodeinfo 1|unknown option -x",
        "nodeinfo 0|LID: 0 is outside 1..49151",
        "nodeinfo 0xC000|LID: 0xC000 is outside 1..49151",
        "-D nodeinfo 0,x|bad directed route 0,x",
        "-P|-P needs a value",
        "-g 0x1 -C mlx5_0 ni 1|do not combine it with -C or -P",
        "--set LID ni 1|--set LID: expected Field=value",
        "-t 0 ni 1|-t: 0 is outside 1..3600000",
        "ni 1 0x100000000|modifier: 0x100000000 is outside 0..4294967295",
        "ni 1 2 3|expected <attribute> <lid | dr_path> [modifier], got ni 1 2 3",
        "ni +1|LID: expected a number (decimal or 0x hex), got +1",
        "ni 0x+1|LID: expected a number (decimal or 0x hex), got 0x+1",
        "ni 1a|LID: expected a number (decimal or 0x hex), got 1a"})
    void usageErrorsSayWhatWasExpected(String line, String message) {
        assertThatThrownBy(() -> SmpQueryArgs.parse(line.split(" ")))
                .isInstanceOf(SmpQueryArgs.UsageException.class).hasMessageContaining(message);
    }

    @Test
    void aLeadingZeroIsDecimal() throws SmpQueryArgs.UsageException {
        SmpQueryArgs a = SmpQueryArgs.parse("-r", "010", "ni", "010", "0X1f");

        assertThat(a.lid()).isEqualTo(10);
        assertThat(a.retries()).isEqualTo(10);
        assertThat(a.modifier()).isEqualTo(31);
    }

    @Test
    void helpPrintsUsageAndUsageErrorsAreOneLine() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);

        assertThat(SmpQuery.run(new String[] {"-h"}, o, e)).isEqualTo(ExitCode.OK);
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: smp-query").contains("Exit status");
        assertThat(SmpQuery.run(new String[] {"ni"}, o, e)).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("smp-query: expected <attribute>").endsWith("(smp-query -h for help)");
    }

    @Test
    void everyUmadFailureHasItsOwnExitStatus() {
        Set<Integer> statuses = new HashSet<>(List.of(ExitCode.OK.status(), ExitCode.MAD_FAILED.status(),
                ExitCode.USAGE.status()));
        for (UmadException.Reason r : UmadException.Reason.values()) {
            assertThat(statuses.add(ExitCode.of(r).status())).as("distinct status for %s", r).isTrue();
        }
        assertThat(ExitCode.of(UmadException.Reason.PORT_DOWN).status()).isEqualTo(6);
    }
}
