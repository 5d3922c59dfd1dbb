package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.minhop.MinHopEngine;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

class RoutingEnginesTest {

    @Test
    void loadsTheBuiltInsFirstAndDeduplicatesTheServiceEntries() {
        RoutingEngines known = RoutingEngines.load();

        assertThat(known.names()).startsWith("minhop").doesNotHaveDuplicates();
        assertThat(known.factory("minhop")).isInstanceOf(MinHopEngineFactory.class);
        assertThat(known.factory("minhop").create(EngineOptions.defaults())).isInstanceOf(MinHopEngine.class);
        assertThat(known.factory("nosuch")).isNull();
        assertThat(known.notes()).isEmpty();
    }

    @Test
    void explicitListsKeepTheirOrderAndRejectDuplicates() {
        RoutingEngines known = RoutingEngines.of(List.of(new MinHopEngineFactory()));
        assertThat(known.names()).containsExactly("minhop");
        assertThat(known.toString()).isEqualTo("RoutingEngines[minhop]");

        assertThatThrownBy(() -> RoutingEngines.of(List.of(new MinHopEngineFactory(), new MinHopEngineFactory())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two routing engines are named 'minhop'");
    }
}
