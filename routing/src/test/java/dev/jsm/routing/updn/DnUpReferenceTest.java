package dev.jsm.routing.updn;

import static dev.jsm.routing.updn.UpDownTesting.VERIFIER;
import static dev.jsm.routing.updn.UpDownTesting.dnup;
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
 * dnup with {@code connect_roots} against OpenSM 3.3's {@code -R dnup -z} on the same fabrics (dumps captured under
 * ibsim, see the README of {@code opensm-dumps}): OpenSM then routes every switch pair, and the tables are the same
 * entry for entry; without the option (and without jsm's switch LID completion) some switch pairs stay unrouted.
 */
class DnUpReferenceTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"fat2:k=8,leaves=4,spines=2,hosts=4|fat2-16",
        "fat3:k=8,pods=2,leaves=2,mids=2,cores=2,hosts=4|fat3-16"})
    void programsTheSameTablesAsOpenSmWithConnectRoots(String shape, String name) throws URISyntaxException {
        RoutingInput in = TopologySubnets.input(TopologyShapes.parse(shape), 0);
        LftTables reference = LftTables.forInput(in);
        Path dump = Path.of(DnUpReferenceTest.class.getResource("/opensm-dumps/dnup/" + name
                + "-connect-roots-lfts.dump").toURI());
        assertThat(new FileEngineFactory().create(EngineOptions.defaults().with(EngineOptions.LFTS_FILE,
                dump.toString())).route(in, reference).isRouted()).isTrue();
        assertThat(VERIFIER.verify(in, reference).unreachablePairs()).isZero();
        EngineOptions asOpenSm = EngineOptions.defaults().with(UpDownOptions.COMPLETE_SWITCH_LIDS, "FALSE");

        LftTables plain = dnup(in, asOpenSm).routed();
        LftTables ours = dnup(in, asOpenSm.with(EngineOptions.CONNECT_ROOTS, "TRUE")).routed();

        assertThat(VERIFIER.verify(in, plain).unreachablePairs()).isPositive();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                assertThat(ours.port(sw, lid)).as("switch %d, LID %d", sw, lid).isEqualTo(reference.port(sw, lid));
            }
        }
    }
}
