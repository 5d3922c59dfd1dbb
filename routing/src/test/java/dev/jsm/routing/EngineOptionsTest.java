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

    /**
     * The number syntax of routing options: decimal with an optional minus and a leading 0 read as decimal, or 0x
     * hexadecimal up to 64 bits (2^64-1 reads as -1); no plus sign, no sign after 0x, ASCII digits only.
     */
    @Test
    void numbersAreDecimalWithAMinusOrHex() {
        EngineOptions o = EngineOptions.defaults();

        assertThat(o.with(EngineOptions.SCATTER_PORTS, " -12 ").scatterPorts()).isEqualTo(-12);
        assertThat(o.with(EngineOptions.SCATTER_PORTS, "010").scatterPorts()).isEqualTo(10);
        assertThat(o.with(EngineOptions.SCATTER_PORTS, "0XfF").scatterPorts()).isEqualTo(255);
        assertThat(o.with(EngineOptions.SCATTER_PORTS, "0xffffffffffffffff").scatterPorts()).isEqualTo(-1);
        for (String bad : new String[] {"+12", "0x+1", "-0x1", "0x", "12a", "\u0661", "18446744073709551616"}) {
            assertThatThrownBy(() -> o.with(EngineOptions.SCATTER_PORTS, bad).scatterPorts()).as(bad)
                    .hasMessage("option scatter_ports: expected a decimal or 0x-hex number, found '" + bad + "'");
        }
    }
}
