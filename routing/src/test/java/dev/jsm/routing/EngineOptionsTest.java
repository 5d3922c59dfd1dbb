package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EngineOptionsTest {

    @Test
    void defaultsAreOpenSmDefaults() {
        EngineOptions o = EngineOptions.defaults();

        assertThat(o.get(EngineOptions.PORT_SHIFTING)).isFalse();
        assertThat(o.get(EngineOptions.SCATTER_PORTS)).isZero();
        assertThat(o.get(EngineOptions.PORT_PROFILE_SWITCH_NODES)).isFalse();
        assertThat(o.routingThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(o.text(EngineOptions.ROOT_GUID_FILE)).isEmpty();
        assertThat(o.get(EngineOptions.ROOT_GUID_FILE)).isEmpty();
    }

    @Test
    void parsesOpenSmSpellings() {
        EngineOptions o = EngineOptions.of(Map.of(EngineOptions.PORT_SHIFTING.name(), "TRUE",
                EngineOptions.SCATTER_PORTS.name(), "0x10", EngineOptions.PORT_PROFILE_SWITCH_NODES.name(), "false",
                EngineOptions.ROUTING_THREADS.name(), "1", EngineOptions.ROOT_GUID_FILE.name(), "/etc/opensm/roots"));

        assertThat(o.get(EngineOptions.PORT_SHIFTING)).isTrue();
        assertThat(o.get(EngineOptions.SCATTER_PORTS)).isEqualTo(16);
        assertThat(o.get(EngineOptions.PORT_PROFILE_SWITCH_NODES)).isFalse();
        assertThat(o.routingThreads()).isEqualTo(1);
        assertThat(o.text(EngineOptions.ROOT_GUID_FILE)).contains("/etc/opensm/roots");
        assertThat(o.get(EngineOptions.ROOT_GUID_FILE)).contains(Path.of("/etc/opensm/roots"));
        assertThat(o.with(EngineOptions.SCATTER_PORTS, "7").get(EngineOptions.SCATTER_PORTS)).isEqualTo(7);
        assertThat(o.get(EngineOptions.SCATTER_PORTS)).isEqualTo(16);
        assertThat(o.asMap()).containsKeys(EngineOptions.PORT_SHIFTING.name(), EngineOptions.ROOT_GUID_FILE.name());
    }

    @Test
    void malformedValuesNameTheOption() {
        EngineOptions o = EngineOptions.of(Map.of(EngineOptions.PORT_SHIFTING.name(), "yes",
                EngineOptions.SCATTER_PORTS.name(), "seven", EngineOptions.ROUTING_THREADS.name(), "-1"));

        assertThatThrownBy(() -> o.get(EngineOptions.PORT_SHIFTING)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option port_shifting: expected TRUE or FALSE, found 'yes'");
        assertThatThrownBy(() -> o.get(EngineOptions.SCATTER_PORTS)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option scatter_ports: expected a decimal or 0x-hex number, found 'seven'");
        assertThatThrownBy(o::routingThreads).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("option routing_threads:");
    }

    @Test
    void textOptionsLeaveOutBlanksAndNull() {
        EngineOption<Optional<String>> sl2vl = EngineOption.text("qos_sl2vl");

        assertThat(EngineOptions.defaults().get(sl2vl)).isEmpty();
        assertThat(EngineOptions.defaults().with(sl2vl, " (null) ").get(sl2vl)).isEmpty();
        assertThat(EngineOptions.defaults().with(sl2vl, " 0,1 ").get(sl2vl)).contains("0,1");
    }
}
