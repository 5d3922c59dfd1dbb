package dev.jsm.routing.ftree;

import static dev.jsm.routing.ftree.FatTreeTesting.VERIFIER;
import static dev.jsm.routing.ftree.FatTreeTesting.assertCompleteAndLoopFree;
import static dev.jsm.routing.ftree.FatTreeTesting.ftree;
import static dev.jsm.routing.ftree.FatTreeTesting.withFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ftree with root_guid_file, cn_guid_file, io_guid_file plus max_reverse_hops, and quasi_ftree_indexing. */
class FatTreeFilesTest {

    private static final EngineOptions ONE_THREAD = EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "1");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT3_128})
    void routesExactlyAsWithoutFileWhenTheFileNamesTheTopLevel(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        LftTables detected = ftree(in).routed();

        LftTables fromFile = ftree(in, withFile(ONE_THREAD, dir, EngineOptions.ROOT_GUID_FILE, topLevel(in))).routed();

        assertThat(fromFile.contentEquals(detected)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat3:k=8,remove-links=12,degrade-seed=4", "fat2:k=36,remove-links=40",
        "fat3:k=12,remove-links=30,degrade-seed=2"})
    void routesDegradedTreesCompletelyWhenGivenTheRoots(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        assertThat(ftree(in).outcome()).isInstanceOf(RouteOutcome.Declined.class);

        FatTreeTesting.Run run = ftree(in, withFile(ONE_THREAD, dir, EngineOptions.ROOT_GUID_FILE, topLevel(in)));

        assertCompleteAndLoopFree(in, run.routed());
    }

    @Test
    void skipsUnknownRootsWithANoteAndDeclinesWhenNoneIsASwitch() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        String text = "# roots\n0x0000000000000bad\n" + topLevel(in);

        FatTreeTesting.Run run = ftree(in, withFile(ONE_THREAD, dir, EngineOptions.ROOT_GUID_FILE, text));
        FatTreeTesting.Run none = ftree(in, withFile(ONE_THREAD, dir, EngineOptions.ROOT_GUID_FILE, "0xbad\n"));

        run.routed();
        assertThat(run.summary().notes()).containsExactly(dir.resolve("root_guid_file.txt")
                + ":2: 0x0000000000000bad is not a switch of the fabric, skipped");
        assertThat(none.declineReason()).isEqualTo("ftree: root_guid_file " + dir.resolve("root_guid_file.txt")
                + " names none of the fabric's switches");
    }

    @Test
    void failsOnUnreadableOrMalformedFiles() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        Path missing = dir.resolve("missing");

        RouteOutcome unreadable = ftree(in, ONE_THREAD.with(EngineOptions.CN_GUID_FILE, missing.toString()))
                .outcome();
        RouteOutcome malformed = ftree(in, withFile(ONE_THREAD, dir, EngineOptions.ROOT_GUID_FILE, "0x1 0x2\n"))
                .outcome();
        RouteOutcome empty = ftree(in, withFile(ONE_THREAD, dir, EngineOptions.IO_GUID_FILE, "# none\n"))
                .outcome();

        assertThat(unreadable).isEqualTo(RouteOutcome.failed("ftree: " + missing + ": cannot read: no such file"));
        assertThat(((RouteOutcome.Failed) malformed).reason()).startsWith("ftree: " + dir.resolve(
                "root_guid_file.txt") + ":1: expected one GUID per line");
        assertThat(empty).isEqualTo(RouteOutcome.failed("ftree: io_guid_file " + dir.resolve("io_guid_file.txt")
                + " lists no GUID"));
    }

    @Test
    void padsLeavesWithFewerComputeNodesWithDummiesAndStillRoutesTheOthers() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        StringBuilder cns = new StringBuilder();
        long other = 0;
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x]) {
                if (in.endPortSwitch()[x] == 0 && other == 0) {
                    other = in.endPortGuid()[x];
                } else {
                    cns.append(Guid.toString(in.endPortGuid()[x])).append('\n');
                }
            }
        }

        FatTreeTesting.Run run = ftree(in, withFile(ONE_THREAD, dir, EngineOptions.CN_GUID_FILE, cns.toString()));

        assertCompleteAndLoopFree(in, run.routed());
        FatTreeSummary summary = run.summary();
        assertThat(summary.computeNodes()).isEqualTo(15);
        assertThat(summary.caOrder()).hasSize(16);
        assertThat(summary.caOrderLines(g -> "x")).containsOnlyOnce("0xFFFF\tDUMMY");
        long dummiesOnFirstLeaf = summary.caOrder().subList(0, 4).stream()
                .filter(FatTreeSummary.CaOrderEntry::isDummy).count();
        assertThat(dummiesOnFirstLeaf).isEqualTo(1);
    }

    @Test
    void reachesIoNodesOnRootsFromEveryComputeNodeAndFromEachOtherOnlyWithReverseHops() {
        Topology t = FatTreeTesting.withCa(FatTreeTesting.withCa(TopologyShapes.parse("fat3:k=8,pods=6"),
                "core-g0-0", 8, "io-a", 0x0002c90300000010L), "core-g1-2", 8, "io-b", 0x0002c90300000020L);
        RoutingInput in = TopologySubnets.input(t, 0);
        String roots = topLevel(in);
        EngineOptions options = withFile(withFile(ONE_THREAD, dir, EngineOptions.ROOT_GUID_FILE, roots), dir,
                EngineOptions.IO_GUID_FILE, "0x0002c90300000011\n0x0002c90300000021\n");
        int ioA = lidOf(in, 0x0002c90300000011L);
        int ioB = lidOf(in, 0x0002c90300000021L);

        FatTreeTesting.Run strict = ftree(in, options);
        FatTreeTesting.Run reverse = ftree(in, options.with(FatTreeOptions.MAX_REVERSE_HOPS, "2"));

        VerifierReport r = VERIFIER.verify(in, strict.routed());
        assertThat(r.unreachablePairs()).as(r.format()).isPositive();
        for (VerifierReport.UnreachablePair p : r.unreachable()) {
            assertThat(p.lid()).isIn(ioA, ioB);
        }
        assertThat(strict.lfts().port(in.lidOwnerSwitch()[ioB], ioA)).isEqualTo(LftTables.NO_PATH);
        assertThat(FatTreeTesting.casReach(in, strict.lfts(), ioA, ioB)).isTrue();
        assertThat(FatTreeTesting.casReach(in, strict.lfts(), ioB, ioA)).isTrue();
        VerifierReport all = VERIFIER.verify(in, reverse.routed());
        assertThat(all.unreachablePairs()).as(all.format()).isZero();
        LftTables unbounded = ftree(in, options.with(FatTreeOptions.MAX_REVERSE_HOPS, "65535")).routed();
        assertThat(VERIFIER.verify(in, unbounded).unreachablePairs()).isZero();
    }

    @Test
    void rejectsMalformedOptionsWhenTheEngineIsCreated() {
        FatTreeEngineFactory factory = new FatTreeEngineFactory();

        assertThatThrownBy(() -> factory.create(ONE_THREAD.with(FatTreeOptions.MAX_REVERSE_HOPS, "70000")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option max_reverse_hops: expected 0..65535, found '70000'");
        assertThatThrownBy(() -> factory.create(ONE_THREAD.with(FatTreeOptions.QUASI_FTREE_INDEXING, "yes")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option quasi_ftree_indexing: expected TRUE or FALSE, found 'yes'");
        assertThat(FatTreeOptions.from(ONE_THREAD.with(EngineOptions.ROOT_GUID_FILE, "(null)")))
                .isEqualTo(FatTreeOptions.defaults());
    }

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT3_128, "fat3:k=12,pods=5"})
    void routesFullTreesEquallyWellWithQuasiIndexing(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        VerifierReport plain = VERIFIER.verify(in, ftree(in).routed());

        VerifierReport quasi = assertCompleteAndLoopFree(in, ftree(in,
                ONE_THREAD.with(FatTreeOptions.QUASI_FTREE_INDEXING, "TRUE")).routed());

        assertThat(quasi.linkLoad().maxLoad()).isEqualTo(plain.linkLoad().maxLoad());
        assertThat(quasi.hops().maxExtraHops()).isZero();
    }

    /** The switches no CA is cabled to and that are farthest from the CAs, one GUID per line. */
    private static String topLevel(RoutingInput in) {
        boolean[] withCas = new boolean[in.switchCount()];
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x] && in.endPortSwitch()[x] >= 0) {
                withCas[in.endPortSwitch()[x]] = true;
            }
        }
        int[] rank = TreeRanks.fromSources(in, withCas);
        int max = TreeRanks.max(rank);
        StringBuilder b = new StringBuilder();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            if (rank[sw] == max) {
                b.append(Guid.toString(in.switchGuid()[sw])).append('\n');
            }
        }
        return b.toString();
    }

    private static int lidOf(RoutingInput in, long portGuid) {
        for (int x = 0; x < in.endPortCount(); x++) {
            if (in.endPortGuid()[x] == portGuid) {
                return in.endPortBaseLid()[x];
            }
        }
        throw new AssertionError("no port " + Guid.toString(portGuid));
    }
}
