package dev.jsm.routing.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class RoutingChainTest {

    private static final RoutingInput IN = TopologySubnets.input(Fabrics.FAT2_16, 0);

    /** A scripted engine: answers with {@code behaviour}, after scribbling on the tables. */
    private record Scripted(String name, BiFunction<RoutingInput, LftTables, RouteOutcome> behaviour)
            implements RoutingEngineFactory, RoutingEngine {
        @Override
        public RoutingEngine create(EngineOptions options) {
            return this;
        }

        @Override
        public RouteOutcome route(RoutingInput in, LftTables out) {
            for (int sw = 0; sw < in.switchCount(); sw++) {
                out.setPort(sw, 1, 7);
            }
            return behaviour.apply(in, out);
        }
    }

    private static final RoutingEngines KNOWN = RoutingEngines.of(List.of(new MinHopEngineFactory(),
            new Scripted("decliner", (in, out) -> RouteOutcome.declined("not a fat tree")),
            new Scripted("failer", (in, out) -> RouteOutcome.failed("no roots found")),
            new Scripted("thrower", (in, out) -> {
                throw new IllegalStateException("bug in engine");
            }),
            new Scripted("router", (in, out) -> RouteOutcome.routed())));

    private static RoutingChain chain(String spec) {
        return RoutingChain.parse(spec, EngineOptions.defaults(), KNOWN);
    }

    @Test
    void minhopAloneRoutesWithoutWarnings() {
        RoutingResult r = chain("minhop").route(IN);

        assertThat(r.isRouted()).isTrue();
        assertThat(r.engineUsed()).contains("minhop");
        assertThat(r.usedFallback()).isFalse();
        assertThat(r.warnings()).isEmpty();
        assertThat(r.attempts()).hasSize(1);
        assertThat(r.routed().pathSl()).isSameAs(PathSlProvider.DEFAULT);
        assertThat(r.summary()).startsWith("minhop routed in ").matches("minhop routed in \\d+\\.\\d ms.*");
    }

    @Test
    void anEmptyListMeansMinhop() {
        RoutingChain c = chain(" ");

        assertThat(c.engineNames()).containsExactly("minhop");
        assertThat(c.hasFallback()).isFalse();
        assertThat(c.route(IN).engineUsed()).contains("minhop");
        assertThat(RoutingChain.parse(null, EngineOptions.defaults(), KNOWN).engineNames()).containsExactly("minhop");
    }

    @Test
    void theFirstEngineThatRoutesWins() {
        RoutingResult r = chain("decliner,router").route(IN);

        assertThat(r.engineUsed()).contains("router");
        assertThat(r.attempts()).extracting(RoutingResult.Attempt::engine).containsExactly("decliner", "router");
        assertThat(r.warnings()).singleElement().asString()
                .startsWith("ROUT-0101 routing engine 'decliner' declined: not a fat tree (");
        assertThat(r.tables().port(0, 1)).isEqualTo(7);
    }

    @Test
    void declinedAndFailedEnginesFallBackToMinhopWithAWarningEach() {
        RoutingChain c = chain("decliner,failer");
        assertThat(c.hasFallback()).isTrue();
        assertThat(c.toString()).isEqualTo("RoutingChain[decliner, failer + fallback minhop]");

        RoutingResult r = c.route(IN);

        assertThat(r.engineUsed()).contains("minhop");
        assertThat(r.usedFallback()).isTrue();
        assertThat(r.attempts()).extracting(RoutingResult.Attempt::verb)
                .containsExactly("declined", "failed", "routed");
        assertThat(r.warnings()).hasSize(3);
        assertThat(r.warnings().get(0)).contains("ROUT-0101", "'decliner' declined: not a fat tree");
        assertThat(r.warnings().get(1)).contains("ROUT-0102", "'failer' failed: no roots found");
        assertThat(r.warnings().get(2)).isEqualTo("ROUT-0103 no engine of routing_engine 'decliner,failer' routed "
                + "the fabric; falling back to minhop");
        assertThat(r.summary()).contains("minhop routed in", "(after decliner declined, failer failed)");
    }

    @Test
    void eachEngineStartsFromEmptyTables() {
        LftTables minhopOnly = chain("minhop").route(IN).tables();

        RoutingResult r = chain("decliner").route(IN);

        assertThat(r.tables().contentEquals(minhopOnly)).isTrue();
    }

    @Test
    void anEngineThatThrowsCountsAsFailed() {
        RoutingResult r = chain("thrower").route(IN);

        assertThat(r.engineUsed()).contains("minhop");
        assertThat(r.attempts().get(0).outcome()).isEqualTo(
                RouteOutcome.failed("the engine threw java.lang.IllegalStateException: bug in engine"));
    }

    @Test
    void noFallbackReportsThatNothingRouted() {
        RoutingChain c = chain("decliner,no_fallback");
        assertThat(c.hasFallback()).isFalse();

        RoutingResult r = c.route(IN);

        assertThat(r.isRouted()).isFalse();
        assertThat(r.engineUsed()).isEmpty();
        assertThat(r.attempts()).hasSize(1);
        assertThat(r.warnings()).last().isEqualTo(
                "ROUT-0104 no routing engine routed the fabric (routing_engine 'decliner,no_fallback', no fallback)");
        assertThat(r.summary()).isEqualTo("no routing engine routed the fabric (decliner declined)");
        assertThatThrownBy(r::tables).isInstanceOf(IllegalStateException.class)
                .hasMessage("no routing engine routed the fabric (decliner declined)");
    }

    @Test
    void minhopListedExplicitlyIsNotTriedTwice() {
        RoutingChain c = chain("decliner minhop");

        assertThat(c.hasFallback()).isFalse();
        RoutingResult r = c.route(IN);
        assertThat(r.attempts()).hasSize(2);
        assertThat(r.usedFallback()).isFalse();
        assertThat(r.warnings()).hasSize(1);
    }

    @Test
    void separatorsAndDuplicates() {
        RoutingChain c = chain("decliner,\tfailer  decliner");

        assertThat(c.engineNames()).containsExactly("decliner", "failer");
        assertThat(c.notes()).containsExactly(
                "routing engine 'decliner' is listed twice in 'decliner,\tfailer  decliner'; it is tried once");
    }

    @Test
    void aValueOfTwentyThousandDuplicatesGivesOneShortNotePerName() {
        String value = "decliner," + "failer,".repeat(20_000);
        RoutingChain c = chain(value);

        assertThat(c.engineNames()).containsExactly("decliner", "failer");
        assertThat(c.notes()).singleElement().asString().startsWith("routing engine 'failer' is listed 20000 times in '"
                + "decliner,failer,failer,").endsWith("... (" + (value.length() - 200) + " more characters)'; it is "
                + "tried once").hasSizeLessThan(400);
        assertThatThrownBy(() -> chain(value + "nosuch")).hasMessageContaining("more characters)': unknown routing "
                + "engine 'nosuch'").message().hasSizeLessThan(600);
    }

    @Test
    void unknownNamesAreRejectedWithTheKnownOnes() {
        assertThatThrownBy(() -> chain("ftree,updn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("routing_engine 'ftree,updn': unknown routing engine 'ftree' (known: minhop, decliner, "
                        + "failer, thrower, router; and no_fallback)");
    }

    @Test
    void noFallbackAloneIsRejected() {
        assertThatThrownBy(() -> chain("no_fallback"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("routing_engine 'no_fallback' lists no_fallback but no engine");
    }

    @Test
    void malformedEngineOptionsFailAtParseTime() {
        EngineOptions bad = EngineOptions.defaults().with(EngineOptions.SCATTER_PORTS, "x");

        assertThatThrownBy(() -> RoutingChain.parse("minhop", bad, KNOWN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("option scatter_ports");
    }

    @Test
    void aFabricWithoutSwitchesIsRoutedTrivially() {
        RoutingInput empty = RoutingInput.from(dev.jsm.subnet.snapshot.SubnetSnapshot.empty(), 0);

        RoutingResult r = chain("minhop").route(empty);

        assertThat(r.isRouted()).isTrue();
        assertThat(r.tables().switchCount()).isZero();
    }
}
