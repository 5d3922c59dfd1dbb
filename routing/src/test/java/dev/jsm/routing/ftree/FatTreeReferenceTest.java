package dev.jsm.routing.ftree;

import static dev.jsm.routing.ftree.FatTreeTesting.VERIFIER;
import static dev.jsm.routing.ftree.FatTreeTesting.ftree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.file.FileEngineFactory;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ftree against OpenSM 3.3's own ftree on the same fabrics (dumps captured under ibsim, see the README of
 * {@code opensm-dumps}): every entry OpenSM programs is ours too, the compute node order is the same, and the
 * switch-to-switch pairs OpenSM leaves unreachable are routed; with {@code connect_roots} the tables are the same.
 */
class FatTreeReferenceTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"fat2:k=8,leaves=4,spines=2,hosts=4|fat2-16|2",
        "fat3:k=8,pods=2,leaves=2,mids=2,cores=2,hosts=4|fat3-16|36"})
    void programsEveryEntryOpenSmProgramsAndTheSwitchPairsItMisses(String shape, String name, long openSmMisses)
            throws IOException, URISyntaxException {
        Topology t = TopologyShapes.parse(shape);
        RoutingInput in = TopologySubnets.input(t, 0);
        LftTables reference = LftTables.forInput(in);
        assertThat(new FileEngineFactory().create(EngineOptions.defaults().with(EngineOptions.LFTS_FILE,
                resource(name + "-lfts.dump").toString())).route(in, reference).isRouted()).isTrue();

        FatTreeTesting.Run run = ftree(in);
        LftTables ours = run.routed();

        long compared = 0;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                if (reference.port(sw, lid) != LftTables.NO_PATH) {
                    assertThat(ours.port(sw, lid)).as("switch %d, LID %d", sw, lid)
                            .isEqualTo(reference.port(sw, lid));
                    compared++;
                }
            }
        }
        assertThat(compared).isPositive();
        VerifierReport openSm = VERIFIER.verify(in, reference);
        assertThat(openSm.unreachablePairs()).isEqualTo(openSmMisses);
        for (VerifierReport.UnreachablePair p : openSm.unreachable()) {
            assertThat(in.endPortIsSwitch()[in.lidEndPort()[p.lid()]]).as(p.toString()).isTrue();
        }
        assertThat(VERIFIER.verify(in, ours).unreachablePairs()).isZero();

        Map<Long, String> names = new HashMap<>();
        for (int i = 0; i < t.nodeCount(); i++) {
            names.put(t.node(i).nodeGuid(), t.node(i).description());
        }
        assertThat(secondColumn(run.summary().caOrderLines(names::get)))
                .isEqualTo(secondColumn(Files.readAllLines(resource(name + "-ca-order.dump"))));
    }

    /** With {@code connect_roots} ({@code -z}) OpenSM routes every switch pair, and so do we, entry for entry. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"fat2:k=8,leaves=4,spines=2,hosts=4|fat2-16",
        "fat3:k=8,pods=2,leaves=2,mids=2,cores=2,hosts=4|fat3-16"})
    void programsTheSameTablesAsOpenSmWithConnectRoots(String shape, String name) throws URISyntaxException {
        RoutingInput in = TopologySubnets.input(TopologyShapes.parse(shape), 0);
        LftTables reference = LftTables.forInput(in);
        assertThat(new FileEngineFactory().create(EngineOptions.defaults().with(EngineOptions.LFTS_FILE,
                resource(name + "-connect-roots-lfts.dump").toString())).route(in, reference).isRouted()).isTrue();
        assertThat(VERIFIER.verify(in, reference).unreachablePairs()).isZero();

        LftTables ours = ftree(in, EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "1")
                .with(EngineOptions.CONNECT_ROOTS, "TRUE")).routed();

        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                assertThat(ours.port(sw, lid)).as("switch %d, LID %d", sw, lid).isEqualTo(reference.port(sw, lid));
            }
        }
    }

    /** The node names of CA order lines (the LIDs differ: OpenSM assigned its own). */
    private static List<String> secondColumn(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            out.add(l.substring(l.indexOf('\t') + 1));
        }
        return out;
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(FatTreeReferenceTest.class.getResource("/opensm-dumps/ftree/" + name).toURI());
    }
}
