package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Typed access, validation, and the reload rules of a heavy sweep. */
class SmOptionsTest {

    private static ConfFile file(String text) {
        return OpenSmConfReader.parse("opensm.conf", text);
    }

    @Test
    void typedGetters() {
        SmOptions o = SmOptions.fromFile(file("sweep_interval 5\nguid 0x10\nqos TRUE\nlog_file /tmp/sm.log\n"));
        assertThat(o.getInt(SweepOptions.SWEEP_INTERVAL)).isEqualTo(5);
        assertThat(o.get(DeviceOptions.GUID)).isEqualTo(0x10L);
        assertThat(o.get(QosOptions.QOS)).isTrue();
        assertThat(o.get(DebugOptions.LOG_FILE)).isEqualTo("/tmp/sm.log");
        assertThat(o.get(RoutingOptions.ROUTING_ENGINE)).isNull();
        assertThat(o.get(DeviceOptions.LMC)).isEqualTo(0L);
        assertThatThrownBy(() -> o.getInt(DeviceOptions.GUID)).hasMessage("option 'guid' is not an int option");
        assertThatThrownBy(() -> OptionTable.get("no_such")).hasMessage("unknown option 'no_such'");
    }

    @Test
    void accessorsForCommonOptions() {
        SmOptions d = SmOptions.defaults();
        assertThat(d.sweepIntervalSeconds()).isEqualTo(10);
        assertThat(d.maxWireSmps()).isEqualTo(4);
        assertThat(d.transactionTimeoutMs()).isEqualTo(200);
        assertThat(d.transactionRetries()).isEqualTo(3);
        assertThat(d.smKey()).isEqualTo(1L);
        assertThat(d.subnetPrefix()).isEqualTo(0xfe80000000000000L);
        assertThat(d.logFlags()).isEqualTo(3);
        assertThat(d.partEnforce()).isEqualTo("both");
        assertThat(d.routingEngines()).isEmpty();
        SmOptions o = SmOptions.fromFile(file("max_wire_smps 0\nrouting_engine ftree, updn,,minhop\n"
                + "no_partition_enforcement TRUE\n"));
        assertThat(o.maxWireSmps()).isEqualTo(Integer.MAX_VALUE);
        assertThat(o.routingEngines()).containsExactly("ftree", "updn", "minhop");
        assertThat(o.partEnforce()).isEqualTo("off");
    }

    @Test
    void builderRejectsValuesOutsideTheRange() {
        assertThatThrownBy(() -> SmOptions.builder().set(DeviceOptions.LMC, 8L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'lmc': expected an integer in 0..7, found '8'");
        assertThatThrownBy(() -> SmOptions.builder().setText(DebugOptions.CONSOLE, "telnet"))
                .isInstanceOf(BadValueException.class)
                .hasMessage("expected one of off, local, loopback, socket, found 'telnet'");
        assertThatThrownBy(() -> SmOptions.builder().set(DebugOptions.LOG_FILE, "a # b"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void changedFromDefaults() {
        SmOptions o = SmOptions.builder().set(DeviceOptions.LMC, 2L).set(QosOptions.QOS, true).build();
        assertThat(o.changedFromDefaults()).containsExactly(DeviceOptions.LMC, QosOptions.QOS);
        assertThat(o).hasToString("SmOptions{lmc 2, qos TRUE}");
    }

    @Test
    void reloadAppliesReloadableChangesOnly() {
        SmOptions start = SmOptions.fromFile(file("sweep_interval 10\nlmc 0\nrouting_engine updn\n"));
        ReloadResult r = start.reload(file("sweep_interval 30\nlmc 2\nrouting_engine ftree\nsm_priority 5\n"));
        assertThat(r.options().sweepIntervalSeconds()).isEqualTo(30);
        assertThat(r.options().smPriority()).isEqualTo(5);
        assertThat(r.options().lmc()).isZero();
        assertThat(r.options().routingEngines()).containsExactly("updn");
        assertThat(r.applied()).extracting(Object::toString)
                .containsExactly("sweep_interval: 10 -> 30", "sm_priority: 0 -> 5");
        assertThat(r.restartRequired()).extracting(Object::toString)
                .containsExactly("lmc: 0 -> 2", "routing_engine: updn -> ftree");
    }

    @Test
    void restartOnlyChangeIsReportedOnce() {
        SmOptions start = SmOptions.fromFile(file("lmc 0\n"));
        ReloadResult first = start.reload(file("lmc 2\n"));
        ReloadResult second = first.options().reload(file("lmc 2\n"));
        assertThat(first.restartRequired()).hasSize(1);
        assertThat(second.unchanged()).isTrue();
        assertThat(second.options().lmc()).isZero();
    }

    @Test
    void unchangedFileIsNoChange() {
        SmOptions start = SmOptions.fromFile(file("sweep_interval 10\nqos_ca_max_vls 4\n"));
        ReloadResult r = start.reload(file("sweep_interval 10\nqos_ca_max_vls 4\n"));
        assertThat(r.unchanged()).isTrue();
        assertThat(r.options()).isEqualTo(start);
    }

    @Test
    void commandLineOverrideStaysUntilTheFileChangesThatOption() {
        SmOptions start = SmOptions.fromFile(file("sweep_interval 10\n")).toBuilder()
                .set(SweepOptions.SWEEP_INTERVAL, 3L).build();
        ReloadResult same = start.reload(file("sweep_interval 10\n"));
        assertThat(same.unchanged()).isTrue();
        assertThat(same.options().sweepIntervalSeconds()).isEqualTo(3);
        ReloadResult edited = same.options().reload(file("sweep_interval 20\n"));
        assertThat(edited.options().sweepIntervalSeconds()).isEqualTo(20);
        assertThat(edited.applied()).extracting(Object::toString).containsExactly("sweep_interval: 3 -> 20");
    }

    @Test
    void removedOptionsKeepTheirValueExceptPerClassQos() {
        SmOptions start = SmOptions.fromFile(file("sweep_interval 5\nqos_ca_max_vls 4\nqos_sl2vl "
                + "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,0\n"));
        ReloadResult r = start.reload(file(""));
        assertThat(r.options().sweepIntervalSeconds()).isEqualTo(5);
        assertThat(r.options().get(QosOptions.CA.maxVls)).isZero();
        assertThat(r.options().get(QosOptions.DEFAULT.sl2Vl)).isNull();
        assertThat(r.applied()).extracting(c -> c.option().name()).containsExactly("qos_sl2vl", "qos_ca_max_vls");
    }

    @Test
    void linesWithErrorsKeepTheCurrentValue() {
        SmOptions start = SmOptions.fromFile(file("sweep_interval 5\nqos_ca_max_vls 4\n"));
        ConfFile bad = file("sweep_interval 5s\nqos_ca_max_vls 40\n");
        assertThat(bad.errors()).hasSize(2);
        ReloadResult r = start.reload(bad);
        assertThat(r.unchanged()).isTrue();
        assertThat(r.options().get(QosOptions.CA.maxVls)).isEqualTo(4L);
    }

    @Test
    void perSlOptionsReloadAsAWhole() {
        SmOptions start = SmOptions.fromFile(file("cc_ca_cong_setting_ccti_timer 1 5\n"));
        ReloadResult r = start.reload(file("cc_ca_cong_setting_ccti_timer 2 7\n"));
        assertThat(r.options().get(CongestionOptions.CC_CA_CONG_SETTING_CCTI_TIMER))
                .isEqualTo(PerSlValues.ZERO.with(2, 7));
        assertThat(r.applied()).extracting(Object::toString)
                .containsExactly("cc_ca_cong_setting_ccti_timer: 1:5 -> 2:7");
    }
}
