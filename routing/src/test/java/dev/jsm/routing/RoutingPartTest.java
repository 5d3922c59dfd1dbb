package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** An input cut down to a part: its switches re-indexed, only cables and CAs on ports of the part, the same LIDs. */
class RoutingPartTest {

    private final RoutingInput full = TopologySubnets.input(Fabrics.FAT2_16, 0);

    @Test
    void theWholeFabricIsItself() {
        RoutingPart p = RoutingPart.whole(full);
        assertThat(p.input()).isSameAs(full);
        assertThat(p.switchCount()).isEqualTo(full.switchCount());
        for (int lid = 1; lid <= full.maxLid(); lid++) {
            assertThat(p.hasLid(lid)).isEqualTo(full.lidEndPort()[lid] >= 0);
        }
    }

    @Test
    void aPartKeepsItsOwnSwitchesCablesAndCas() {
        // the two spines and the first leaf, but not the leaf's first port; the CAs of every leaf offered
        int leaf = -1;
        BitSet switches = new BitSet();
        for (int sw = 0; sw < full.switchCount(); sw++) {
            boolean hasCas = false;
            for (int p = 1; p <= full.switchNumPorts()[sw]; p++) {
                hasCas |= full.edgeOfPort(sw, p) == RoutingInput.PORT_TO_END_NODE;
            }
            if (!hasCas || leaf < 0) {
                switches.set(sw);
                leaf = hasCas && leaf < 0 ? sw : leaf;
            }
        }
        BitSet ports = new BitSet();
        for (int sw = switches.nextSetBit(0); sw >= 0; sw = switches.nextSetBit(sw + 1)) {
            ports.set(full.portStart()[sw], full.portStart()[sw + 1]);
        }
        ports.clear(full.portStart()[leaf] + 1);
        BitSet cas = new BitSet();
        for (int e = 0; e < full.endPortCount(); e++) {
            cas.set(e, !full.endPortIsSwitch()[e]);
        }
        RoutingPart part = RoutingPart.of(full, switches, ports, cas);
        RoutingInput in = part.input();

        assertThat(in.switchCount()).isEqualTo(3);
        assertThat(in.maxLid()).isEqualTo(full.maxLid());
        int l = part.partSwitch(leaf);
        assertThat(part.fullSwitch(l)).isEqualTo(leaf);
        assertThat(in.edgeOfPort(l, 1)).as("port left out").isEqualTo(RoutingInput.PORT_UNCONNECTED);
        int casInPart = 0;
        for (int e = 0; e < in.endPortCount(); e++) {
            if (!in.endPortIsSwitch()[e]) {
                casInPart++;
                assertThat(in.endPortSwitch()[e]).isEqualTo(l);
            }
        }
        int leafCas = 0;
        for (int p = 2; p <= full.switchNumPorts()[leaf]; p++) {
            leafCas += full.edgeOfPort(leaf, p) == RoutingInput.PORT_TO_END_NODE ? 1 : 0;
        }
        assertThat(casInPart).as("only the CAs on the leaf's ports of the part").isEqualTo(leafCas);
        assertThat(in.endPortCount()).isEqualTo(3 + leafCas);
        for (int e = 0; e < in.edgeCount(); e++) {
            assertThat(switches.get(part.fullSwitch(in.peerSwitch()[e]))).isTrue();
        }
        int[] owners = in.lidOwnerSwitch();
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            assertThat(owners[lid] >= 0).isEqualTo(part.hasLid(lid));
        }
    }
}
