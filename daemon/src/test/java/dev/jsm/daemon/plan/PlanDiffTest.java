package dev.jsm.daemon.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.plan.FabricTables.PortKey;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The plan's diff on tables made by hand around minhop's routes of a small fat tree: what changes is counted per
 * switch, per block and per pair as a HUP would send and move it, and the verdict fails for unreachable pairs and
 * changed LIDs.
 */
class PlanDiffTest {

    private static final long HOST_GUID = 0x0002c90300000101L;

    private RoutingInput in;
    private LftTables routed;

    @BeforeEach
    void route() {
        in = TopologySubnets.input("fat2:k=4", 0);
        routed = LftTables.forInput(in);
        assertThat(new MinHopEngineFactory().create(EngineOptions.defaults()).route(in, routed).isRouted()).isTrue();
    }

    @Test
    void theSameTablesChangeNothingAndPass() {
        PlanDiff d = diff(tables(routed, Map.of()), tables(routed, Map.of()), routed);
        assertThat(d.switches()).isEmpty();
        assertThat(d.lftEntries()).isZero();
        assertThat(d.pairs()).isEqualTo((long) in.switchCount() * in.endPortCount());
        assertThat(d.pairsMoved()).isZero();
        assertThat(d.pKeyTables()).isEmpty();
        assertThat(d.lids()).isEmpty();
        assertThat(d.ok()).isTrue();
        assertThat(PlanText.format(d)).endsWith("plan: OK\n");
    }

    @Test
    void aLidTheOwnerNoLongerDeliversMovesEveryPairToItAndLeavesThemUnreachable() {
        int lid = firstHostLid();
        int owner = in.lidOwnerSwitch()[lid];
        LftTables broken = routed.copy();
        broken.setPort(owner, lid, FabricTables.NO_PORT);
        PlanDiff d = diff(tables(routed, Map.of()), tables(broken, Map.of()), broken);
        assertThat(d.switches()).singleElement().satisfies(s -> {
            assertThat(s.guid()).isEqualTo(in.switchGuid()[owner]);
            assertThat(s.entries()).isEqualTo(1);
            assertThat(s.blocks()).isEqualTo(1);
        });
        assertThat(d.pairsMoved()).as("every path to the LID ends at its owner").isEqualTo(in.switchCount());
        assertThat(d.after().unreachable()).isEqualTo(in.switchCount());
        assertThat(d.ok()).isFalse();
        assertThat(d.problems()).containsExactly(in.switchCount() + " pair(s) unreachable");
        assertThat(PlanText.format(d)).contains("LFTs: 1 of " + in.switchCount() + " switches change, 1 entries in 1 "
                + "blocks").contains("routes: " + in.switchCount() + " of " + d.pairs() + " pairs move");
    }

    @Test
    void aDetourAtTheSourceMovesOnlyThePairsThatStartThere() {
        int lid = firstHostLid();
        int owner = in.lidOwnerSwitch()[lid];
        int source = -1;
        int otherPort = -1;
        for (int s = 0; s < in.switchCount() && otherPort < 0; s++) {
            if (s == owner) {
                continue;
            }
            for (int e = in.linkStart()[s]; e < in.linkStart()[s + 1]; e++) {
                if ((in.localPort()[e] & 0xFF) != routed.port(s, lid)) {
                    source = s;
                    otherPort = in.localPort()[e] & 0xFF;
                    break;
                }
            }
        }
        assertThat(otherPort).as("a switch with a second cable").isPositive();
        LftTables detour = routed.copy();
        detour.setPort(source, lid, otherPort);
        PlanDiff d = diff(tables(routed, Map.of()), tables(detour, Map.of()), detour);
        assertThat(d.lftEntries()).isEqualTo(1);
        long through = 0;
        for (int s = 0; s < in.switchCount(); s++) {
            through += passes(s, source, lid) ? 1 : 0;
        }
        assertThat(d.pairsMoved()).as("pairs whose path crosses the changed switch").isEqualTo(through)
                .isPositive();
    }

    @Test
    void entriesAndBlocksAreCountedPerSwitchAcrossBlocks() {
        long guid = 0x1234L;
        int[] a = new int[130];
        int[] b = new int[130];
        Arrays.fill(a, FabricTables.NO_PORT);
        Arrays.fill(b, FabricTables.NO_PORT);
        b[1] = 1;
        b[2] = 2;
        b[65] = 3;
        FabricTables x = new FabricTables(Map.of(guid, "sw \"a\""), Map.of(guid, a), Map.of(), Map.of(), Map.of(),
                Map.of());
        FabricTables y = new FabricTables(Map.of(guid, "sw \"a\""), Map.of(guid, b), Map.of(), Map.of(), Map.of(),
                Map.of());
        PlanDiff d = diff(x, y, routed);
        assertThat(d.switches()).containsExactly(new PlanDiff.SwitchChange(guid, "sw \"a\"", 3, 2));
        assertThat(PlanJson.format(d)).contains("\"name\":\"sw \\\"a\\\"\",\"entries\":3,\"blocks\":2")
                .startsWith("{\"ok\":true,");
    }

    @Test
    void portTablesAndLidsThatChangeAreListedAndChangedLidsFail() {
        PortKey port = new PortKey(HOST_GUID, 0, 1);
        PortKey sw = new PortKey(0x99L, 2, 3);
        FabricTables x = new FabricTables(Map.of(), Map.of(), Map.of(port, new int[] {0xFFFF}),
                Map.of(sw, new int[16]), Map.of(port, new int[] {0, 1}), Map.of(HOST_GUID, 5));
        FabricTables y = new FabricTables(Map.of(), Map.of(), Map.of(port, new int[] {0xFFFF, 0x8001}),
                Map.of(), Map.of(port, new int[] {0, 1}), Map.of(HOST_GUID, 6));
        PlanDiff d = diff(x, y, routed);
        assertThat(d.pKeyTables()).containsExactly(port);
        assertThat(d.sl2VlTables()).as("a table on one side only").containsExactly(sw);
        assertThat(d.vlArbTables()).isEmpty();
        assertThat(d.lids()).containsExactly(new PlanDiff.LidChange(HOST_GUID, 5, 6));
        assertThat(d.problems()).containsExactly("1 LID(s) change");
        assertThat(PlanText.format(d)).contains("P_Key tables: 1 change\n  0x0002c90300000101 port 1\n")
                .contains("SL2VL tables: 1 change\n  0x0000000000000099 port 3 from 2\n")
                .contains("port 0x0002c90300000101: LID 5 -> 6").endsWith("plan: REJECTED: 1 LID(s) change\n");
    }

    @Test
    void errorsInTheNewFilesFailAndAreShown() {
        FabricTables t = tables(routed, Map.of());
        RouteSummary s = summary(routed);
        PlanDiff d = PlanDiff.of(in, t, t, s, s, List.of("qos_policy_file: a -> b"),
                List.of("PKEY-1002 /etc/opensm/partitions.conf:2:1: expected ..."));
        assertThat(d.ok()).isFalse();
        assertThat(PlanText.format(d)).contains("needs a restart, not applied by a HUP: qos_policy_file: a -> b\n")
                .contains("error: PKEY-1002 /etc/opensm/partitions.conf:2:1: expected ...\n")
                .endsWith("plan: REJECTED: 1 error(s) in the new files\n");
        assertThat(PlanJson.format(d)).contains("\"errors\":[\"PKEY-1002 /etc/opensm/partitions.conf:2:1: "
                + "expected ...\"]").contains("\"problems\":[\"1 error(s) in the new files\"]");
    }

    @Test
    void theHistogramNamesTheLengthsThatOccur() {
        assertThat(PlanText.histogram(List.of(4L, 0L, 12L))).isEqualTo("0:4 2:12");
        assertThat(PlanText.histogram(List.of())).isEqualTo("-");
    }

    private PlanDiff diff(FabricTables a, FabricTables b, LftTables afterLfts) {
        return PlanDiff.of(in, a, b, summary(routed), summary(afterLfts), List.of(), List.of());
    }

    private RouteSummary summary(LftTables lfts) {
        return RouteSummary.of(new RouteVerifier(new VerifierOptions(3, false)).verify(in, lfts));
    }

    /** The switches' LFTs of {@code lfts} keyed by GUID, with {@code lids} as the end ports' LIDs. */
    private FabricTables tables(LftTables lfts, Map<Long, Integer> lids) {
        Map<Long, int[]> byGuid = new HashMap<>();
        for (int s = 0; s < in.switchCount(); s++) {
            int[] lft = new int[in.maxLid() + 1];
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                lft[lid] = lfts.port(s, lid);
            }
            byGuid.put(in.switchGuid()[s], lft);
        }
        return new FabricTables(Map.of(), byGuid, Map.of(), Map.of(), Map.of(), lids);
    }

    private int firstHostLid() {
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            int ep = in.lidEndPort()[lid];
            if (ep >= 0 && !in.endPortIsSwitch()[ep]) {
                return lid;
            }
        }
        throw new AssertionError("no host LID");
    }

    /** The switch the edge leaving {@code sw} on {@code port} reaches, or -1. */
    private int otherEnd(int sw, int port) {
        int e = in.edgeOfPort(sw, port);
        return e < 0 ? -1 : in.peerSwitch()[e];
    }

    /** Whether minhop's path from {@code from} to {@code lid} crosses switch {@code via}. */
    private boolean passes(int from, int via, int lid) {
        int sw = from;
        for (int hop = 0; hop <= in.switchCount() && sw >= 0; hop++) {
            if (sw == via) {
                return true;
            }
            sw = otherEnd(sw, routed.port(sw, lid));
        }
        return false;
    }
}
