package dev.jsm.routing.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The channel dependency graph check on a ring of 4 switches routed one way round by a hand-written LFT. */
class CreditLoopTest {

    // torus:dims=4: switch i has port 1 to i+1 (+x), port 2 to i-1, its host on port 3.
    private static final RoutingInput RING = TopologySubnets.input("torus:dims=4", 0);
    private static final LftTables CLOCKWISE = clockwise();

    private static LftTables clockwise() {
        LftTables t = LftTables.forInput(RING);
        for (int sw = 0; sw < 4; sw++) {
            for (int lid = 1; lid <= RING.maxLid(); lid++) {
                int owner = RING.lidOwnerSwitch()[lid];
                t.setPort(sw, lid, owner == sw ? RING.lidOwnerPort()[lid] & 0xFF : 1);
            }
        }
        return t;
    }

    /** SL = the destination's switch, so each destination's tree (acyclic on its own) can get its own VL. */
    private static final PathSlProvider SL_BY_DESTINATION = (src, dst) -> RING.lidOwnerSwitch()[dst];

    private static Sl2VlProvider slModulo(int vls) {
        return new Sl2VlProvider() {
            @Override
            public int vlCount() {
                return vls;
            }

            @Override
            public int vl(int sw, int inPort, int outPort, int sl) {
                return sl % vls;
            }
        };
    }

    @Test
    void aRingRoutedOneWayRoundHasACreditLoop() {
        VerifierReport r = new RouteVerifier().verify(RING, CLOCKWISE);

        assertThat(r.unreachablePairs()).isZero();
        VerifierReport.CreditLoops loops = r.creditLoops();
        assertThat(loops.hasCycle()).isTrue();
        assertThat(loops.vlCount()).isEqualTo(1);
        assertThat(loops.cycleLength()).isEqualTo(4);
        assertThat(loops.cycle()).allSatisfy(c -> {
            assertThat(c.port()).isEqualTo(1);
            assertThat(c.peerPort()).isEqualTo(2);
            assertThat(c.vl()).isZero();
        });
        assertThat(loops.cycle()).extracting(VerifierReport.ChannelHop::switchGuid).doesNotHaveDuplicates();
        assertThat(r.isClean()).isFalse();
        assertThat(r.format()).contains("credit loops: CYCLE of 4 channels (1 VL, ", "[1] -> 0x", "[2] VL0");
    }

    @Test
    void oneVlPerDestinationBreaksTheLoop() {
        RouteOutcome.Routed routed = new RouteOutcome.Routed(SL_BY_DESTINATION, slModulo(4));

        VerifierReport r = new RouteVerifier().verify(RING, CLOCKWISE, routed);

        assertThat(r.creditLoops().hasCycle()).as(r.creditLoops().toString()).isFalse();
        assertThat(r.creditLoops().vlCount()).isEqualTo(4);
        assertThat(r.creditLoops().dependencies()).isPositive();
        assertThat(r.isClean()).isTrue();
    }

    @Test
    void twoVlsAreNotEnoughAndTheCycleStaysOnOneVl() {
        VerifierReport r = new RouteVerifier().verify(RING, CLOCKWISE, SL_BY_DESTINATION, slModulo(2));

        VerifierReport.CreditLoops loops = r.creditLoops();
        assertThat(loops.hasCycle()).isTrue();
        assertThat(loops.cycle()).extracting(VerifierReport.ChannelHop::vl).containsOnly(loops.cycle().get(0).vl());
    }

    @Test
    void theSl2VlMappingSeesInjectionAndTransitPorts() {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        Sl2VlProvider recording = new Sl2VlProvider() {
            @Override
            public int vlCount() {
                return 1;
            }

            @Override
            public int vl(int sw, int inPort, int outPort, int sl) {
                seen.add(inPort + "->" + outPort);
                return 0;
            }
        };

        new RouteVerifier().verify(RING, CLOCKWISE, PathSlProvider.DEFAULT, recording);

        assertThat(seen).containsExactlyInAnyOrder("3->1", "2->1");
    }

    @Test
    void packetsMappedToVl15AreDroppedAndAddNoDependencies() {
        Sl2VlProvider dropAll = new Sl2VlProvider() {
            @Override
            public int vlCount() {
                return 1;
            }

            @Override
            public int vl(int sw, int inPort, int outPort, int sl) {
                return 15;
            }
        };

        VerifierReport r = new RouteVerifier().verify(RING, CLOCKWISE, PathSlProvider.DEFAULT, dropAll);

        assertThat(r.creditLoops().dependencies()).isZero();
        assertThat(r.creditLoops().hasCycle()).isFalse();
    }
}
