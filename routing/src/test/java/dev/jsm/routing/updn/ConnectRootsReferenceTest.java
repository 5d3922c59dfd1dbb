package dev.jsm.routing.updn;

import static dev.jsm.routing.updn.UpDownTesting.VERIFIER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.file.FileEngineFactory;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.TopologyShapes;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * updn and dnup with {@code connect_roots} against OpenSM 3.3's {@code -R updn -z} and {@code -R dnup -z} on the same
 * fabrics (dumps captured under ibsim, see the README of {@code opensm-dumps}), without jsm's switch LID completion:
 * the tables are the same entry for entry, and the option routes switch pairs that stay unrouted without it.
 */
class ConnectRootsReferenceTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"updn|fat2:k=8,leaves=4,spines=2,hosts=4|fat2-16|0",
        "updn|fat3:k=8,pods=2,leaves=2,mids=2,cores=2,hosts=4|fat3-16|16",
        "dnup|fat2:k=8,leaves=4,spines=2,hosts=4|fat2-16|0",
        "dnup|fat3:k=8,pods=2,leaves=2,mids=2,cores=2,hosts=4|fat3-16|0"})
    void programsTheSameTablesAsOpenSm(String engine, String shape, String name, long openSmMisses)
            throws URISyntaxException {
        RoutingInput in = TopologySubnets.input(TopologyShapes.parse(shape), 0);
        LftTables reference = LftTables.forInput(in);
        Path dump = Path.of(ConnectRootsReferenceTest.class.getResource("/opensm-dumps/" + engine + "/" + name
                + "-connect-roots-lfts.dump").toURI());
        assertThat(new FileEngineFactory().create(EngineOptions.defaults().with(EngineOptions.LFTS_FILE,
                dump.toString())).route(in, reference).isRouted()).isTrue();
        assertThat(VERIFIER.verify(in, reference).unreachablePairs()).isEqualTo(openSmMisses);
        EngineOptions asOpenSm = EngineOptions.defaults().with(UpDownOptions.COMPLETE_SWITCH_LIDS, "FALSE");

        LftTables plain = run(engine, in, asOpenSm);
        LftTables ours = run(engine, in, asOpenSm.with(EngineOptions.CONNECT_ROOTS, "TRUE"));

        assertThat(VERIFIER.verify(in, plain).unreachablePairs()).isGreaterThan(openSmMisses);
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                assertThat(ours.port(sw, lid)).as("switch %d, LID %d", sw, lid).isEqualTo(reference.port(sw, lid));
            }
        }
    }

    private static LftTables run(String engine, RoutingInput in, EngineOptions options) {
        return (engine.equals("updn") ? UpDownTesting.updn(in, options) : UpDownTesting.dnup(in, options)).routed();
    }
}
