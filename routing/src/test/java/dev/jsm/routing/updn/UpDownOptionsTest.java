package dev.jsm.routing.updn;

import static dev.jsm.routing.updn.UpDownTesting.assertCaCompleteAndLoopFree;
import static dev.jsm.routing.updn.UpDownTesting.rootFile;
import static dev.jsm.routing.updn.UpDownTesting.updn;
import static dev.jsm.routing.updn.UpDownTesting.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** updn's root file, detected roots, ids file, connect_roots, and its place in the routing chain. */
class UpDownOptionsTest {

    private static final RoutingInput FAT2_16 = TopologySubnets.input(Fabrics.FAT2_16, 0);

    @TempDir
    Path dir;

    /** Switches with no CA or router cabled to them. */
    private static List<Long> switchesWithoutCas(RoutingInput in) {
        boolean[] withCas = SwitchRanks.withEndNodes(in);
        List<Long> out = new ArrayList<>();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            if (!withCas[sw]) {
                out.add(in.switchGuid()[sw]);
            }
        }
        return out;
    }

    @Test
    void detectsTheSpinesOfATwoLevelTreeAndDumpsThem() {
        UpDownTesting.Run run = updn(FAT2_16, EngineOptions.defaults());
        run.routed();

        UpDownSummary s = run.engine().lastSummary().orElseThrow();
        List<Long> spines = switchesWithoutCas(FAT2_16);
        assertThat(spines).hasSize(2);
        assertThat(s.rankZeroGuids()).isEqualTo(spines);
        assertThat(s.source()).isEqualTo("CA-distance histogram");
        assertThat(s.maxRank()).isEqualTo(1);
        assertThat(s.rootsDump()).isEqualTo("0x" + Long.toHexString(spines.get(0)) + "\n0x"
                + Long.toHexString(spines.get(1)) + "\n");
        assertThat(s.toString()).isEqualTo("updn: 2 roots (CA-distance histogram), max rank 1");
    }

    @Test
    void detectsTheCoresOfThreeLevelTrees() {
        for (String shape : List.of(Fabrics.FAT3_128, "fat3:k=12,pods=4", "fat3:k=36,pods=7")) {
            RoutingInput in = TopologySubnets.input(shape, 0);

            UpDownTesting.Run run = updn(in, EngineOptions.defaults());

            UpDownSummary s = run.engine().lastSummary().orElseThrow();
            int[] rank = SwitchRanks.fromSources(in, SwitchRanks.withEndNodes(in));
            List<Long> cores = new ArrayList<>();
            for (int sw = 0; sw < in.switchCount(); sw++) {
                if (rank[sw] == 2) {
                    cores.add(in.switchGuid()[sw]);
                }
            }
            assertThat(s.rankZeroGuids()).as(shape).isNotEmpty().isEqualTo(cores);
            assertThat(s.maxRank()).as(shape).isEqualTo(2);
        }
    }

    @Test
    void aCaGuidInTheRootFileMeansItsSwitch() {
        int ca = FAT2_16.switchCount() + 5;
        int leaf = FAT2_16.endPortSwitch()[ca];
        String text = "# a host port GUID and a host node GUID\n" + Guid.toString(FAT2_16.endPortGuid()[ca]) + "\n"
                + Guid.toString(FAT2_16.endPortNodeGuid()[ca]) + "\n";

        UpDownTesting.Run run = updn(FAT2_16, rootFile(dir, text));

        assertCaCompleteAndLoopFree(FAT2_16, run.routed());
        UpDownSummary s = run.engine().lastSummary().orElseThrow();
        assertThat(s.rankZeroGuids()).containsExactly(FAT2_16.switchGuid()[leaf]);
        assertThat(s.source()).startsWith("root_guid_file ").endsWith("roots.txt");
        assertThat(s.maxRank()).isEqualTo(2);
    }

    @Test
    void unknownRootGuidsAreSkippedWithANote() {
        String spine = Guid.toString(switchesWithoutCas(FAT2_16).get(0));

        UpDownTesting.Run run = updn(FAT2_16, rootFile(dir, "0x1234\n" + spine + "\n"));

        run.routed();
        assertThat(run.engine().lastSummary().orElseThrow().notes())
                .containsExactly(dir.resolve("roots.txt")
                        + ":1: GUID 0x0000000000001234 is not in the fabric, skipped");
    }

    @Test
    void aRootFileNamingNoSwitchDeclines() {
        UpDownTesting.Run run = updn(FAT2_16, rootFile(dir, "0x1234\n"));

        assertThat(run.outcome()).isEqualTo(RouteOutcome.declined("updn: root_guid_file " + dir.resolve("roots.txt")
                + " names none of the fabric's switches (nor a CA attached to one)"));
    }

    @Test
    void aMalformedOrMissingRootFileFailsWithFileAndLine() {
        UpDownTesting.Run bad = updn(FAT2_16, rootFile(dir, "# roots\n0x0002c90100000200 spine1\n"));
        EngineOptions missing = EngineOptions.defaults().with(EngineOptions.ROOT_GUID_FILE,
                dir.resolve("absent").toString());

        assertThat(bad.outcome()).isEqualTo(RouteOutcome.failed("updn: " + dir.resolve("roots.txt") + ":2: expected "
                + "one GUID per line (end of line after 1 field), found 'spine1'"));
        assertThat(updn(FAT2_16, missing).outcome()).isEqualTo(RouteOutcome.failed("updn: " + dir.resolve("absent")
                + ": cannot read: no such file"));
    }

    @Test
    void aMalformedIdsFileFails() {
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.IDS_GUID_FILE,
                write(dir, "ids", "0x0002c90100000200\n"));

        assertThat(updn(FAT2_16, options).outcome()).isEqualTo(RouteOutcome.failed("updn: " + dir.resolve("ids")
                + ":1: expected <guid> <id>, found end of line after 1 field"));
    }

    /** Hops of the route switch {@code from} takes to switch {@code to}'s own LID. */
    private static int hops(RoutingInput in, LftTables lfts, int from, int to) {
        int lid = in.switchLid()[to];
        int cur = from;
        int n = 0;
        while (cur != to) {
            cur = in.peerSwitch()[in.edgeOfPort(cur, lfts.port(cur, lid))];
            n++;
        }
        return n;
    }

    @Test
    void idsReplaceGuidsInTheTieBreakBetweenEqualRanks() {
        // ring s0-s1-s2-s3-s4-s0 rooted at s0: s2 and s3 both have rank 2, the link between them is oriented by id
        RoutingInput ring = TopologySubnets.input("torus:dims=5", 0);
        for (int i = 0; i < 5; i++) {
            assertThat(ring.peerSwitch()).as("ring order").contains((i + 1) % 5);
        }
        EngineOptions root = rootFile(dir, Guid.toString(ring.switchGuid()[0]));
        EngineOptions swapped = root.with(EngineOptions.IDS_GUID_FILE, write(dir, "ids",
                Guid.toString(ring.switchGuid()[2]) + " 9\n" + Guid.toString(ring.switchGuid()[3]) + " 1\n"
                + "0x77 5\n"));

        UpDownTesting.Run byGuid = updn(ring, root);
        UpDownTesting.Run byId = updn(ring, swapped);

        // by GUID s2 is above s3: s1 -> s2 -> s3 is all down, s4 -> s3 -> s2 would turn up, so it goes round s0
        assertThat(hops(ring, byGuid.routed(), 1, 3)).isEqualTo(2);
        assertThat(hops(ring, byGuid.routed(), 4, 2)).isEqualTo(3);
        assertThat(hops(ring, byId.routed(), 1, 3)).isEqualTo(3);
        assertThat(hops(ring, byId.routed(), 4, 2)).isEqualTo(2);
        assertCaCompleteAndLoopFree(ring, byId.routed());
        assertThat(byId.engine().lastSummary().orElseThrow().notes())
                .containsExactly(dir.resolve("ids") + ":3: 0x0000000000000077 is not a switch of the fabric, skipped");
    }

    @Test
    void connectRootsKeepsRootLidsReachableFromOtherRoots() {
        List<Long> spines = switchesWithoutCas(FAT2_16);
        int a = java.util.Arrays.binarySearch(FAT2_16.switchGuid(), spines.get(0));
        int b = java.util.Arrays.binarySearch(FAT2_16.switchGuid(), spines.get(1));
        int lidOfB = FAT2_16.switchLid()[b];

        EngineOptions asOpenSm = EngineOptions.defaults().with(UpDownOptions.COMPLETE_SWITCH_LIDS, "FALSE");
        LftTables plain = updn(FAT2_16, asOpenSm).routed();
        LftTables connected = updn(FAT2_16, asOpenSm.with(EngineOptions.CONNECT_ROOTS, "TRUE")).routed();

        assertThat(plain.port(a, lidOfB)).isEqualTo(LftTables.NO_PATH);
        assertThat(UpDownTesting.VERIFIER.verify(FAT2_16, plain).unreachablePairs()).isEqualTo(2);
        assertThat(connected.port(a, lidOfB)).isNotEqualTo(LftTables.NO_PATH);
        assertThat(hops(FAT2_16, connected, a, b)).isEqualTo(2);
        assertThat(UpDownTesting.VERIFIER.verify(FAT2_16, connected).unreachablePairs()).isZero();
        assertCaCompleteAndLoopFree(FAT2_16, connected);
    }

    @Test
    void malformedOptionsAreRejectedWhenTheEngineIsCreated() {
        assertThatThrownBy(() -> new UpDnEngineFactory().create(EngineOptions.defaults()
                .with(EngineOptions.CONNECT_ROOTS, "yes")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option connect_roots: expected TRUE or FALSE, found 'yes'");
    }

    @Test
    void theChainFallsBackToMinhopWhenUpdnFindsNoRoots() {
        RoutingInput torus = TopologySubnets.input("torus:dims=4x4,hosts=2", 0);

        RoutingResult r = RoutingChain.parse("updn", EngineOptions.defaults(), RoutingEngines.load()).route(torus);

        assertThat(r.engineUsed()).contains("minhop");
        assertThat(r.usedFallback()).isTrue();
        assertThat(String.join("\n", r.warnings())).contains("updn: no root switches found");
        assertThat(RoutingEngines.load().names()).contains("updn", "dnup");
    }
}
