package dev.jsm.routing.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

/** The verifier catches faults planted in otherwise correct tables. */
class RouteVerifierTest {

    // FAT2_16: switches leaf 0..3 (index 0..3, 4 hosts on ports 1-4, up ports 5-8), spine 0..1 (index 4, 5).
    private static final RoutingInput IN = TopologySubnets.input(Fabrics.FAT2_16, 0);
    private static final RouteVerifier VERIFIER = new RouteVerifier();
    private static final int SPINE0 = 4;

    private static LftTables minhop(RoutingInput in) {
        LftTables out = LftTables.forInput(in);
        new MinHopEngineFactory().create(EngineOptions.defaults()).route(in, out);
        return out;
    }

    /** Base LID of the first host of leaf {@code leaf}. */
    private static int hostLidOn(int leaf) {
        for (int x = 0; x < IN.endPortCount(); x++) {
            if (!IN.endPortIsSwitch()[x] && IN.endPortSwitch()[x] == leaf) {
                return IN.endPortBaseLid()[x];
            }
        }
        throw new AssertionError("no host on leaf " + leaf);
    }

    private static int neighbour(RoutingInput in, int sw, int port) {
        return in.peerSwitch()[in.edgeOfPort(sw, port)];
    }

    @Test
    void minhopTablesAreClean() {
        VerifierReport r = VERIFIER.verify(IN, minhop(IN));

        assertThat(r.isClean()).isTrue();
        assertThat(r.switches()).isEqualTo(6);
        assertThat(r.lids()).isEqualTo(22);
        assertThat(r.pairs()).isEqualTo(6 * 22);
        assertThat(r.unreachable()).isEmpty();
        // a leaf: itself and its 4 hosts at 0 hops, the spines at 1, the rest at 2; a spine: itself at 0, the other
        // spine at 2, every leaf and host at 1
        assertThat(r.hops().byHops()).containsExactly(4L * 5 + 2, 4L * 2 + 2 * 20, 4L * 15 + 2);
        assertThat(r.format()).startsWith("route check: 6 switches, 22 LIDs, 132 pairs: 132 delivered, 0 unreachable, "
                + "0 disconnected").contains("credit loops: none (1 VL, ");
    }

    @Test
    void findsABlackHole() {
        LftTables t = minhop(IN);
        int lid = hostLidOn(3);
        t.setPort(SPINE0, lid, LftTables.NO_PATH);
        int expected = 1;
        for (int leaf = 0; leaf < 3; leaf++) {
            if (neighbour(IN, leaf, t.port(leaf, lid)) == SPINE0) {
                expected++;
            }
        }

        VerifierReport r = VERIFIER.verify(IN, t);

        assertThat(r.unreachableByReason()).containsEntry(UnreachableReason.NO_ENTRY, (long) expected)
                .containsEntry(UnreachableReason.LOOP, 0L);
        assertThat(r.unreachablePairs()).isEqualTo(expected);
        assertThat(r.unreachable()).allSatisfy(p -> {
            assertThat(p.lid()).isEqualTo(lid);
            assertThat(p.reason()).isEqualTo(UnreachableReason.NO_ENTRY);
            assertThat(p.atSwitchGuid()).isEqualTo(IN.switchGuid()[SPINE0]);
        });
        assertThat(r.isClean()).isFalse();
        assertThat(r.format()).contains("no LFT entry: " + expected, "unreachable: switch 0x");
    }

    @Test
    void findsALoop() {
        LftTables t = minhop(IN);
        int lid = hostLidOn(3);
        int up = t.port(0, lid);
        int spine = neighbour(IN, 0, up);
        t.setPort(spine, lid, IN.peerPort()[IN.edgeOfPort(0, up)] & 0xFF);

        VerifierReport r = VERIFIER.verify(IN, t);

        assertThat(r.unreachableByReason().get(UnreachableReason.LOOP)).isGreaterThanOrEqualTo(2);
        assertThat(r.unreachablePairs()).isEqualTo(r.unreachableByReason().get(UnreachableReason.LOOP));
        assertThat(r.unreachable()).extracting(VerifierReport.UnreachablePair::sourceSwitchGuid)
                .contains(IN.switchGuid()[0], IN.switchGuid()[spine]);
        assertThat(r.unreachable().get(0).toString()).contains("routing loop at switch 0x");
    }

    @Test
    void findsDeadPorts() {
        LftTables t = minhop(IN);
        t.setPort(0, hostLidOn(2), 9);

        VerifierReport r = VERIFIER.verify(IN, t);

        assertThat(r.unreachableByReason().get(UnreachableReason.DEAD_PORT)).isEqualTo(1);
        assertThat(r.unreachable().get(0).port()).isEqualTo(9);
    }

    @Test
    void aDownLinkIsADeadPort() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        subnet.switchAt(0).node().port(5).setAttributes(PortAttributes.NONE.withPortState(PortAttributes.STATE_DOWN));
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), 0);
        LftTables t = minhop(in);
        assertThat(VERIFIER.verify(in, t).isClean()).isTrue();
        t.setPort(0, hostLidOn(1), 5);

        VerifierReport r = VERIFIER.verify(in, t);

        assertThat(r.unreachableByReason().get(UnreachableReason.DEAD_PORT)).isEqualTo(1);
    }

    @Test
    void findsDeliveriesToTheWrongNode() {
        LftTables t = minhop(IN);
        t.setPort(0, hostLidOn(3), 1);
        t.setPort(SPINE0, hostLidOn(2), 0);

        VerifierReport r = VERIFIER.verify(IN, t);

        assertThat(r.unreachableByReason().get(UnreachableReason.WRONG_NODE)).isGreaterThanOrEqualTo(2);
        assertThat(r.unreachable()).extracting(VerifierReport.UnreachablePair::port).contains(0, 1);
    }

    @Test
    void countsLongerPathsAgainstTheShortest() {
        RoutingInput ring = TopologySubnets.input(Fabrics.RING_6, 0);
        LftTables t = minhop(ring);
        int lid = -1;
        for (int x = 0; x < ring.endPortCount(); x++) {
            if (!ring.endPortIsSwitch()[x] && ring.endPortSwitch()[x] == 1) {
                lid = ring.endPortBaseLid()[x];
            }
        }
        for (int sw = 0; sw < 6; sw++) {
            if (sw != 1) {
                t.setPort(sw, lid, 2);
            }
        }

        VerifierReport r = VERIFIER.verify(ring, t);

        assertThat(r.unreachablePairs()).isZero();
        assertThat(r.hops().nonMinimalPairs()).as("switches 0 (5 hops, not 1) and 5 (4, not 2)").isEqualTo(2);
        assertThat(r.hops().maxExtraHops()).isEqualTo(4);
        assertThat(r.hops().maxHops()).isEqualTo(5);
        assertThat(r.hops().nonMinimal()).extracting(VerifierReport.NonMinimalPair::lid).containsOnly(lid);
        assertThat(r.format()).contains("longer than shortest: switch 0x0002c90100000000 -> LID", "5 hops, shortest 1");
    }

    @Test
    void judgesOnlyPairsWhoseDestinationIsReachable() {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4,remove-switches=5,degrade-seed=1", 0);

        VerifierReport r = VERIFIER.verify(in, minhop(in));

        assertThat(r.pairs() + r.disconnectedPairs()).isEqualTo((long) in.switchCount() * r.lids());
        assertThat(r.unreachablePairs()).isZero();
    }

    @Test
    void reportsAtMostTheConfiguredNumberOfSamples() {
        LftTables t = minhop(IN);
        for (int sw = 0; sw < IN.switchCount(); sw++) {
            java.util.Arrays.fill(t.lft(sw), (byte) 0xFF);
        }

        VerifierReport r = new RouteVerifier(new VerifierOptions(3, false)).verify(IN, t);

        assertThat(r.unreachablePairs()).isEqualTo(6 * 22);
        assertThat(r.unreachable()).hasSize(3);
        assertThat(r.deliveredPairs()).isZero();
        assertThat(r.linkLoad().maxLoad()).isZero();
        assertThat(r.linkLoad().maxOverMean()).isZero();
    }

    @Test
    void rejectsTablesOfAnotherSize() {
        assertThatThrownBy(() -> VERIFIER.verify(IN, new LftTables(6, 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("are not sized for");
        assertThatThrownBy(() -> new VerifierOptions(-1, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
