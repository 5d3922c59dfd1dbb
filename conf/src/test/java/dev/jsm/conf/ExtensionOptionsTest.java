package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The extension options of the routing chains (docs/reference/opensm-behaviour.md#routing-chains):
 * known to the reader, the options and the writer under OpenSM's names,
 * never counted among OpenSM 3.3.23's, written commented out while at their defaults.
 */
class ExtensionOptionsTest {

    private static final List<String> NAMES = List.of("pgrp_policy_file", "topo_policy_file", "rch_policy_file");

    @Test
    void theChainPolicyFilesAreExtensionsOutsideOpenSmsTable() {
        List<String> extensions = OptionTable.known().stream().filter(Option::extension).map(Option::name).toList();
        assertThat(extensions).containsAll(NAMES);
        assertThat(OptionTable.known()).hasSize(OptionTable.size() + extensions.size());
        for (String name : NAMES) {
            Option<?> o = OptionTable.get(name);
            assertThat(OptionTable.all()).doesNotContain(o);
            assertThat(o.defaultValue()).isNull();
            assertThat(o.reloadable()).isFalse();
            assertThat(o.group()).isEqualTo(OptionGroup.ROUTING);
        }
    }

    @Test
    void theActivityReportSubjectsAreAReloadableExtensionOfTheDebugSection() {
        Option<?> o = OptionTable.get("activity_report_subjects");
        assertThat(o.extension()).isTrue();
        assertThat(o.reloadable()).isTrue();
        assertThat(o.group()).isEqualTo(OptionGroup.DEBUG);
        assertThat(o.defaultValue()).isEqualTo("none");
        assertThat(OptionStatusTable.of(o).level()).isEqualTo(OptionStatus.Level.IMPLEMENTED);
        SmOptions set = SmOptions.fromFile(OpenSmConfReader.parse("x", "activity_report_subjects mc,prtn\n"));
        assertThat(set.get(DebugOptions.ACTIVITY_REPORT_SUBJECTS)).isEqualTo("mc,prtn");
        assertThat(ConfWriter.render(SmOptions.defaults())).contains("\n#activity_report_subjects none\n");
    }

    @Test
    void theVirtualizationAndEnhancedQosOptionsAreNvidiasExtensionsWithItsDefaults() {
        assertThat(OptionTable.get("virt_enabled")).isSameAs(MiscOptions.VIRT_ENABLED);
        for (Option<?> o : List.of(MiscOptions.VIRT_ENABLED, MiscOptions.VIRT_MAX_PORTS_IN_PROCESS,
                MiscOptions.VIRT_DEFAULT_HOP_LIMIT, QosOptions.ENHANCED_QOS_POLICY_FILE,
                QosOptions.ENHANCED_QOS_VPORT0_UNLIMIT_DEFAULT_RL)) {
            assertThat(o.extension()).as(o.name()).isTrue();
            assertThat(OptionTable.all()).doesNotContain(o);
            assertThat(OptionStatusTable.of(o)).isNotNull();
        }
        SmOptions defaults = SmOptions.defaults();
        assertThat(defaults.get(MiscOptions.VIRT_ENABLED)).isZero();
        assertThat(defaults.get(MiscOptions.VIRT_MAX_PORTS_IN_PROCESS)).isEqualTo(64);
        assertThat(defaults.get(MiscOptions.VIRT_DEFAULT_HOP_LIMIT)).isEqualTo(2);
        assertThat(defaults.get(QosOptions.ENHANCED_QOS_POLICY_FILE)).isNull();
        assertThat(defaults.get(QosOptions.ENHANCED_QOS_VPORT0_UNLIMIT_DEFAULT_RL)).isTrue();
        assertThat(QosOptions.ENHANCED_QOS_VPORT0_UNLIMIT_DEFAULT_RL.reloadable()).isTrue();
        assertThat(MiscOptions.VIRT_ENABLED.reloadable()).isFalse();

        ConfFile f = OpenSmConfReader.parse("opensm.conf", "virt_enabled 2\nvirt_default_hop_limit 4\n"
                + "enhanced_qos_policy_file /etc/opensm/eqos.conf\nenhanced_qos_vport0_unlimit_default_rl FALSE\n");
        assertThat(f.warnings()).isEmpty();
        SmOptions set = SmOptions.fromFile(f);
        assertThat(set.get(MiscOptions.VIRT_ENABLED)).isEqualTo(2);
        assertThat(set.get(QosOptions.ENHANCED_QOS_POLICY_FILE)).isEqualTo("/etc/opensm/eqos.conf");
        String written = ConfWriter.render(set);
        assertThat(written).contains("\nvirt_enabled 2\n", "\nvirt_default_hop_limit 4\n",
                "\n#virt_max_ports_in_process 64\n", "\nenhanced_qos_vport0_unlimit_default_rl FALSE\n");
        assertThat(SmOptions.fromFile(OpenSmConfReader.parse("x", written))).isEqualTo(set);
        assertThat(OpenSmConfReader.parse("x", "virt_enabled 3\n").errors()).singleElement().asString()
                .contains("virt_enabled");
    }

    @Test
    void helpListsTheExtensionsWithTheirDefaultsAndWhatJsmDoesNotImplement() {
        String help = ((CommandLineResult.Exit) new OpenSmCommandLine("jsm", "jsm 0.1.0",
                java.nio.file.Path.of("/etc/opensm/opensm.conf")).parse("--help")).text();
        assertThat(help).contains("\nConfig file options that are extensions")
                .contains("\nvirt_enabled 0\n          Port virtualization")
                .contains("\nenhanced_qos_policy_file (null)\n          Enhanced QoS policy file")
                .contains("\npgrp_policy_file (null)\n");
        assertThat(help.indexOf("\nvirt_enabled 0")).isLessThan(help.indexOf("Default config file: "));
    }

    @Test
    void theReaderAndTheOptionsKnowThem() {
        ConfFile f = OpenSmConfReader.parse("opensm.conf", "rch_policy_file /etc/opensm/chains\nlmc 1\n");
        assertThat(f.warnings()).isEmpty();
        SmOptions o = SmOptions.fromFile(f);
        assertThat(o.get(RoutingOptions.RCH_POLICY_FILE)).isEqualTo("/etc/opensm/chains");
        assertThat(o.get(RoutingOptions.PGRP_POLICY_FILE)).isNull();
        assertThat(o.changedFromDefaults()).extracting(Option::name).contains("rch_policy_file", "lmc");
    }

    @Test
    void theWriterShowsThemCommentedOutAtTheirDefaults() {
        String defaults = ConfWriter.render(SmOptions.defaults());
        assertThat(defaults).contains("\n#pgrp_policy_file (null)\n", "\n#topo_policy_file (null)\n",
                "\n#rch_policy_file (null)\n");
        assertThat(ConfFixtures.namesIn(defaults)).doesNotContain("rch_policy_file");
        SmOptions set = SmOptions.fromFile(OpenSmConfReader.parse("x", "rch_policy_file /etc/opensm/chains\n"));
        String written = ConfWriter.render(set);
        assertThat(written).contains("\nrch_policy_file /etc/opensm/chains\n");
        assertThat(SmOptions.fromFile(OpenSmConfReader.parse("x", written))).isEqualTo(set);
    }
}
