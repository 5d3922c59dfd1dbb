package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.RoutingOptions;
import dev.jsm.routing.chain.RoutingEngines;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@code routing_engine}'s description ({@code --help}, {@code -c}) names exactly the engines jsm has built in. */
class RoutingEngineOptionTextTest {

    @Test
    void theDescriptionNamesEveryBuiltInEngineAndNoOther() {
        String text = RoutingOptions.ROUTING_ENGINE.description();
        String list = text.substring(text.indexOf("built in: ") + "built in: ".length(), text.indexOf(";"));
        assertThat(Arrays.stream(list.split(", ")).map(String::strip).toList())
                .containsExactlyInAnyOrderElementsOf(RoutingEngines.load().names());
    }
}
