package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EngineOptionsTest {

    @Test
    void defaultsAreOpenSmDefaults() {
        EngineOptions o = EngineOptions.defaults();

        assertThat(o.portShifting()).isFalse();
        assertThat(o.scatterPorts()).isZero();
        assertThat(o.portProfileSwitchNodes()).isFalse();
        assertThat(o.routingThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(o.text(EngineOptions.ROOT_GUID_FILE)).isEmpty();
    }

    @Test
    void parsesOpenSmSpellings() {
        EngineOptions o = EngineOptions.of(Map.of(EngineOptions.PORT_SHIFTING, "TRUE",
                EngineOptions.SCATTER_PORTS, "0x10", EngineOptions.PORT_PROFILE_SWITCH_NODES, "false",
                EngineOptions.ROUTING_THREADS, "1", EngineOptions.ROOT_GUID_FILE, "/etc/opensm/roots"));

        assertThat(o.portShifting()).isTrue();
        assertThat(o.scatterPorts()).isEqualTo(16);
        assertThat(o.portProfileSwitchNodes()).isFalse();
        assertThat(o.routingThreads()).isEqualTo(1);
        assertThat(o.text(EngineOptions.ROOT_GUID_FILE)).contains("/etc/opensm/roots");
        assertThat(o.with(EngineOptions.SCATTER_PORTS, "7").scatterPorts()).isEqualTo(7);
        assertThat(o.scatterPorts()).isEqualTo(16);
        assertThat(o.asMap()).containsKeys(EngineOptions.PORT_SHIFTING, EngineOptions.ROOT_GUID_FILE);
    }

    @Test
    void malformedValuesNameTheOption() {
        EngineOptions o = EngineOptions.of(Map.of(EngineOptions.PORT_SHIFTING, "yes",
                EngineOptions.SCATTER_PORTS, "seven", EngineOptions.ROUTING_THREADS, "-1"));

        assertThatThrownBy(o::portShifting).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option port_shifting: expected TRUE or FALSE, found 'yes'");
        assertThatThrownBy(o::scatterPorts).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option scatter_ports: expected a decimal or 0x-hex number, found 'seven'");
        assertThatThrownBy(o::routingThreads).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("option routing_threads:");
    }
}
