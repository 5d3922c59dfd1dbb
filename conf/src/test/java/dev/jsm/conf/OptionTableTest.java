package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The table knows exactly OpenSM 3.3.23's options (as committed), in its order, with its reload flags but for the
 * four jsm reads at start only.
 */
class OptionTableTest {

    /** OpenSM's {@code can_update = 0} options, docs/reference/opensm-behaviour.md#options-re-read-at-run-time. */
    private static final Set<String> RESTART_ONLY = Set.of("guid", "subnet_prefix", "console", "console_port",
            "transaction_timeout", "transaction_retries", "long_transaction_timeout", "lmc", "lmc_esp0",
            "single_thread", "port_prof_ignore_file", "hop_weights_file", "port_search_ordering_file",
            "routing_engine", "avoid_throttled_links", "use_ucast_cache", "log_file", "partition_config_file",
            "allow_both_pkeys", "qos_policy_file", "dump_files_dir", "lid_matrix_dump_file", "lfts_file",
            "root_guid_file", "cn_guid_file", "io_guid_file", "max_reverse_hops", "ids_guid_file",
            "guid_routing_order_file", "guid_routing_order_no_scatter", "sa_db_file", "daemon", "perfmgr",
            "perfmgr_redir", "perfmgr_sweep_time_s", "perfmgr_max_outstanding_queries", "perfmgr_ignore_cas",
            "event_db_dump_file", "perfmgr_rm_nodes", "perfmgr_log_errors", "perfmgr_query_cpi",
            "perfmgr_xmit_wait_log", "perfmgr_xmit_wait_threshold", "event_plugin_name", "event_plugin_options",
            "node_name_map_name", "cc_key", "cc_max_outstanding_mads", "prefix_routes_file", "nue_include_switches",
            "per_module_logging_file");

    /** Options OpenSM re-reads (can_update = 1) but jsm reads at start only: what reads them keeps its value. */
    private static final Set<String> RESTART_ONLY_IN_JSM = Set.of("m_key", "reassign_lids", "sm_inactive",
            "accum_log_file");

    @Test
    void namesAndOrderAreThoseOfOpenSmsOwnFile() {
        assertThat(ConfFixtures.tableNames()).containsExactlyElementsOf(ConfFixtures.openSmOptionNames());
        assertThat(OptionTable.size()).isEqualTo(160);
    }

    @Test
    void restartOnlyOptionsAreOpenSmsNonUpdatableOnesAndFourMore() {
        List<String> restart = new ArrayList<>();
        for (Option<?> o : OptionTable.all()) {
            if (!o.reloadable()) {
                restart.add(o.name());
            }
        }
        Set<String> expected = new java.util.HashSet<>(RESTART_ONLY);
        expected.addAll(RESTART_ONLY_IN_JSM);
        assertThat(restart).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(OptionTable.size() - RESTART_ONLY.size()).isEqualTo(109);
        assertThat(OptionTable.size() - restart.size()).isEqualTo(105);
    }

    @Test
    void everyOptionHasAOneLineDescriptionAndAnAcceptedDefault() {
        for (Option<?> o : OptionTable.all()) {
            assertThat(o.description()).as(o.name()).isNotBlank().doesNotContain("\n").doesNotContain("#");
            assertThat(acceptsDefault(o)).as(o.name()).isTrue();
            assertThat(OptionTable.get(o.name())).isSameAs(o);
        }
    }

    @Test
    void onlyThePerClassQosOptionsRevertWhenRemoved() {
        List<String> reverting = new ArrayList<>();
        for (Option<?> o : OptionTable.all()) {
            if (o.revertsWhenAbsent()) {
                reverting.add(o.name());
            }
        }
        assertThat(reverting).hasSize(25).allMatch(n -> n.startsWith("qos_"))
                .contains("qos_max_vls", "qos_rtr_sl2vl", "qos_ca_high_limit");
    }

    @Test
    void deprecatedNameLeadsToTheCurrentOne() {
        assertThat(OptionTable.currentName("dimn_ports_file")).contains("port_search_ordering_file");
        assertThat(OptionTable.currentName("lmc")).isEmpty();
        assertThat(OptionTable.find("dimn_ports_file")).isEmpty();
    }

    private static <T> boolean acceptsDefault(Option<T> o) {
        return o.type().accepts(o.defaultValue());
    }
}
