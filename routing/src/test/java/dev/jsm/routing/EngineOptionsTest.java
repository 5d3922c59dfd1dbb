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

    /**
     * The number syntax of routing options: decimal with an optional minus and a leading 0 read as decimal, or 0x
     * hexadecimal up to 64 bits (2^64-1 reads as -1); no plus sign, no sign after 0x, ASCII digits only.
     */
    @Test
    void numbersAreDecimalWithAMinusOrHex() {
        EngineOptions o = EngineOptions.defaults();
        EngineOption<Long> scatter = EngineOptions.SCATTER_PORTS;

        assertThat(o.with(scatter, " -12 ").get(scatter)).isEqualTo(-12);
        assertThat(o.with(scatter, "010").get(scatter)).isEqualTo(10);
        assertThat(o.with(scatter, "0XfF").get(scatter)).isEqualTo(255);
        assertThat(o.with(scatter, "0xffffffffffffffff").get(scatter)).isEqualTo(-1);
        for (String bad : new String[] {"+12", "0x+1", "-0x1", "0x", "12a", "\u0661", "18446744073709551616"}) {
            assertThatThrownBy(() -> o.with(scatter, bad).get(scatter)).as(bad)
                    .hasMessage("option scatter_ports: expected a decimal or 0x-hex number, found '" + bad + "'");
        }
    }

    @Test
    void textOptionsLeaveOutBlanksAndNull() {
        EngineOption<Optional<String>> sl2vl = EngineOption.text("qos_sl2vl");

        assertThat(EngineOptions.defaults().get(sl2vl)).isEmpty();
        assertThat(EngineOptions.defaults().with(sl2vl, " (null) ").get(sl2vl)).isEmpty();
        assertThat(EngineOptions.defaults().with(sl2vl, " 0,1 ").get(sl2vl)).contains("0,1");
    }
}
