package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TorusPlacementTest {

    @Test
    void readsBackEveryPlacedSwitchOfTheDumpAndNotTheFailedOne() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failSwitch(at(5, 4)));

        TorusPlacement p = TorusPlacement.parse(run.summary().torusDump());

        assertThat(p.radix()).containsExactly(6, 5, 1);
        assertThat(p.coordinates()).hasSize(29);
        assertThat(p.of(run.fabric.guid(3, 2, 0))).containsExactly(3, 2, 0);
        assertThat(p.of(run.fabric.guid(0, 4, 0))).containsExactly(0, 4, 0);
        assertThat(p.of(run.fabric.guid(5, 4, 0))).isNull();
    }

    @Test
    void otherTextIsRefused() {
        assertThatThrownBy(() -> TorusPlacement.parse("0 0 0 0x1\n")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an opensm-torus.dump");
        assertThatThrownBy(() -> TorusPlacement.parse("# torus-2QoS 2x2x1 (t t m), 4 of 4\n0 0\n"))
                .hasMessageContaining("line 2");
    }
}
