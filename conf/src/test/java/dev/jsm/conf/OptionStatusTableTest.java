package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.conf.OptionStatus.Level;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every option has exactly one status, and the statuses mean what the daemon and the documents make of them. */
class OptionStatusTableTest {

    @Test
    void everyOptionHasOneStatusInTableOrder() {
        assertThat(OptionStatusTable.all()).extracting(OptionStatus::option)
                .containsExactlyElementsOf(OptionTable.all());
        for (Option<?> o : OptionTable.all()) {
            assertThat(OptionStatusTable.of(o).option()).isSameAs(o);
            assertThat(OptionStatusTable.find(o.name())).contains(OptionStatusTable.of(o));
        }
        assertThat(OptionStatusTable.find("no_such_option")).isEmpty();
        assertThat(OptionStatusTable.at(Level.IMPLEMENTED).size() + OptionStatusTable.at(Level.PARTIAL).size()
                + OptionStatusTable.at(Level.NOT_IMPLEMENTED).size()).isEqualTo(OptionTable.size());
    }

    @Test
    void whatIsNotImplementedSaysWhatJsmDoesInstead() {
        for (OptionStatus s : OptionStatusTable.all()) {
            assertThat(s.note().isEmpty()).as(s.option().name()).isEqualTo(s.level() == Level.IMPLEMENTED);
            if (s.level() == Level.NOT_IMPLEMENTED) {
                assertThat(s.reloadable()).as(s.option().name()).isFalse();
            } else {
                assertThat(s.reloadable()).as(s.option().name()).isEqualTo(s.option().reloadable());
            }
        }
    }

    /**
     * The options issue 23 names, and the high-availability options, the unicast cache, the SA database file and
     * congestion control
     * implemented since.
     */
    @Test
    void statusesOfTheOptionsTheAuditNamed() {
        assertThat(levels(PerfMgrOptions.ALL.subList(1, 10))).containsOnly(Level.IMPLEMENTED).hasSize(9);
        assertThat(level("perfmgr")).as("a standby's performance manager sweeps too").isEqualTo(Level.IMPLEMENTED);
        assertThat(levels(CongestionOptions.ALL)).containsOnly(Level.IMPLEMENTED).hasSize(18);
        for (String name : List.of("force_log_flush")) {
            assertThat(level(name)).as(name).isEqualTo(Level.NOT_IMPLEMENTED);
        }
        for (String name : List.of("sm_priority", "sminfo_polling_timeout", "polling_retry_number", "ignore_other_sm",
                "honor_guid2lid_file", "sm_inactive", "sm_key", "routing_engine", "nue_max_num_vls",
                "force_heavy_sweep", "console", "event_db_dump_file", "node_name_map_name", "use_ucast_cache",
                "daemon", "long_transaction_timeout", "m_key_lookup", "sa_db_file", "sa_db_dump",
                "suppress_sl2vl_mad_status_errors", "port_search_ordering_file",
                "event_plugin_name", "event_plugin_options", "exit_on_fatal", "fdr10", "per_module_logging_file",
                "drop_event_subscriptions", "disable_multicast", "enable_quirks",
                "max_msg_fifo_timeout", "ipoib_mcgroup_creation_validation", "mcgroup_join_validation", "single_thread",
                "prefix_routes_file", "sm_assigned_guid", "use_original_extended_sa_rates_only", "rtr_pr_rate",
                "connect_roots")) {
            assertThat(level(name)).as(name).isEqualTo(Level.IMPLEMENTED);
        }
    }

    @Test
    void aValueIsUnhonouredWhenItAsksForWhatJsmDoesNotDo() {
        OptionStatus quirks = OptionStatusTable.of(DebugOptions.ENABLE_QUIRKS);
        assertThat(quirks.actsAs()).isNull();
        assertThat(quirks.unhonoured("TRUE")).isFalse();
        assertThat(OptionStatusTable.of(PerfMgrOptions.PERFMGR).unhonoured("TRUE")).isFalse();
        assertThat(OptionStatusTable.of(RoutingOptions.CONNECT_ROOTS).unhonoured("TRUE")).isFalse();
        assertThat(OptionStatusTable.of(DebugOptions.EXIT_ON_FATAL).unhonoured("FALSE")).isFalse();
        assertThat(OptionStatusTable.of(DeviceOptions.FDR10).unhonoured("2")).isFalse();
        assertThat(OptionStatusTable.of(DeviceOptions.LMC).unhonoured("3")).isFalse();
        assertThat(OptionStatusTable.of(DebugOptions.FORCE_LOG_FLUSH).unhonoured("TRUE")).as("what jsm acts as")
                .isFalse();
        assertThat(OptionStatusTable.of(DebugOptions.FORCE_LOG_FLUSH).unhonoured("FALSE")).as("the default")
                .isFalse();
    }

    /** No option of the table is partly implemented today, so the rules for one are held on statuses made here. */
    @Test
    void aPartlyImplementedOptionWarnsOfEveryValueButTheDefaultAndTheOneItHonours() {
        OptionStatus lmc = new OptionStatus(DeviceOptions.LMC, Level.PARTIAL, "only 0 to 2 are honoured", null, "2");
        assertThat(lmc.unhonoured("0")).as("the default").isFalse();
        assertThat(lmc.unhonoured("2")).as("honoured in full").isFalse();
        assertThat(lmc.unhonoured("3")).isTrue();
        assertThat(lmc.warning("3")).isEqualTo("option lmc 3 is partly implemented in jsm: only 0 to 2 are honoured");
        OptionStatus single = new OptionStatus(TimingOptions.SINGLE_THREAD, Level.NOT_IMPLEMENTED, "x", "TRUE");
        assertThat(single.unhonoured("TRUE")).as("what jsm acts as").isFalse();
        assertThat(single.warning("TRUE")).isEqualTo("option single_thread TRUE is not implemented in jsm: x");
    }

    @Test
    void noValueOfTheTableIsUnhonouredToday() throws Exception {
        SmOptions o = SmOptions.builder().set(DebugOptions.EXIT_ON_FATAL, false).set(PerfMgrOptions.PERFMGR, true)
                .set(DeviceOptions.LMC, 2L).set(RoutingOptions.CONNECT_ROOTS, true)
                .set(TimingOptions.SINGLE_THREAD, true).set(DebugOptions.FORCE_LOG_FLUSH, true).build();
        assertThat(OptionStatusTable.unhonoured(o)).isEmpty();
        assertThat(OptionStatusTable.unhonoured(SmOptions.defaults())).isEmpty();
    }

    @Test
    void aStatusIsCheckedWhenMade() {
        assertThatThrownBy(() -> new OptionStatus(DeviceOptions.LMC, Level.IMPLEMENTED, "why", null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OptionStatus(DeviceOptions.LMC, Level.PARTIAL, "", null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OptionStatus(DeviceOptions.LMC, Level.PARTIAL, "x", "1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OptionStatus(TimingOptions.SINGLE_THREAD, Level.NOT_IMPLEMENTED, "x", "true"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OptionStatus(DebugOptions.EXIT_ON_FATAL, Level.IMPLEMENTED, "", null, "FALSE"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OptionStatus(DebugOptions.EXIT_ON_FATAL, Level.PARTIAL, "x", null, "false"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static Level level(String name) {
        return OptionStatusTable.find(name).orElseThrow().level();
    }

    private static List<Level> levels(List<Option<?>> options) {
        return options.stream().map(o -> OptionStatusTable.of(o).level()).toList();
    }
}
