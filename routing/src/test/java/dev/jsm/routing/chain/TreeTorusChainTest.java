package dev.jsm.routing.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.PartRouting;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingPart;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import org.junit.jupiter.api.Test;

/**
 * The chain over the tree-and-torus fabric: ftree and torus-2QoS over their topologies, minhop over the whole fabric
 * for what joins them, every pair reached and no credit loop on any VL; the merge rule (each entry from the last
 * engine that covered both the switch and the LID); the fallbacks and their warnings; path bits.
 */
class TreeTorusChainTest {

    @Test
    void ftreeAndTorus2QosOverTheirPartsReachEveryPairWithoutACreditLoop() throws Exception {
        TreeTorusChain f = new TreeTorusChain(TreeTorusChain.CHAIN);
        RoutingResult r = f.route();
        assertThat(r.warnings()).isEmpty();
        assertThat(r.isRouted()).isTrue();
        assertThat(r.engineUsed()).contains("chain[1.minhop, 2.ftree, 3.torus-2QoS]");
        assertThat(r.parts()).extracting(PartRouting::label).containsExactly("1.minhop", "2.ftree", "3.torus-2QoS");
        assertThat(r.parts().get(1).part().switchCount()).isEqualTo(48);
        assertThat(r.parts().get(2).part().switchCount()).isEqualTo(64);
        VerifierReport report = new RouteVerifier().verify(f.input, r.tables(), r.routed());
        assertThat(report.unreachablePairs()).as(report.format()).isZero();
        assertThat(report.creditLoops().hasCycle()).as(report.format()).isFalse();
        assertThat(r.routed().sl2Vl().vlCount()).isEqualTo(8);
    }

    @Test
    void vportLidsAreDeliveredAsTheirPortsThroughTheChain() throws Exception {
        TreeTorusChain f = new TreeTorusChain(TreeTorusChain.CHAIN, 0, 2);
        RoutingResult r = f.route();
        RoutingInput in = f.input;
        assertThat(in.extraLids()).isNotEmpty();
        for (int k = 0; k < in.extraLids().length; k++) {
            for (int sw = 0; sw < in.switchCount(); sw++) {
                assertThat(r.tables().port(sw, in.extraLids()[k])).isEqualTo(r.tables().port(sw, in.extraLidBase()[k]));
            }
        }
        VerifierReport report = new RouteVerifier().verify(in, r.tables(), r.routed());
        assertThat(report.unreachablePairs()).as(report.format()).isZero();
        assertThat(report.creditLoops().hasCycle()).as(report.format()).isFalse();
    }

    @Test
    void eachEntryComesFromTheLastEngineThatCoveredTheSwitchAndTheLid() throws Exception {
        TreeTorusChain f = new TreeTorusChain(TreeTorusChain.CHAIN);
        RoutingResult r = f.route();
        RoutingInput in = f.input;
        PartRouting minhop = r.parts().get(0);
        PartRouting tree = r.parts().get(1);
        PartRouting torus = r.parts().get(2);
        int fromTree = 0;
        int fromTorus = 0;
        int fromMinhop = 0;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                int expected;
                if (covers(tree, sw, lid)) {
                    expected = tree.tables().port(tree.part().partSwitch(sw), lid);
                    fromTree++;
                } else if (covers(torus, sw, lid)) {
                    expected = torus.tables().port(torus.part().partSwitch(sw), lid);
                    fromTorus++;
                } else {
                    expected = minhop.tables().port(sw, lid);
                    fromMinhop++;
                }
                assertThat(r.tables().port(sw, lid)).as("switch %d LID %d", sw, lid).isEqualTo(expected);
            }
        }
        assertThat(fromTree).isEqualTo(48 * (64 + 48));
        assertThat(fromTorus).isEqualTo(64 * (64 + 64));
        assertThat(fromMinhop).isEqualTo(112 * 240 - fromTree - fromTorus);
    }

    private static boolean covers(PartRouting p, int sw, int lid) {
        return p.part().partSwitch(sw) >= 0 && p.part().hasLid(lid);
    }

    @Test
    void aStepThatDeclinesIsReplacedByItsFallbackOverItsOwnTopology() throws Exception {
        String chain = """
                unicast-step
                id: 1
                engine: minhop
                end-unicast-step
                unicast-step
                id: 2
                engine: ftree
                topology: 2
                use: ftree cannot route a torus
                end-unicast-step
                unicast-step
                id: 5
                engine: torus-2QoS
                topology: 2
                config: tree-torus.torus-step.conf
                fallback-to: 2
                end-unicast-step
                """;
        RoutingResult r = new TreeTorusChain(chain).route();
        assertThat(r.parts()).extracting(PartRouting::label).containsExactly("1.minhop", "2.ftree", "5.torus-2QoS");
        assertThat(r.parts()).extracting(PartRouting::isRouted).containsExactly(true, false, true);
        assertThat(r.parts().get(2).fallback()).isTrue();
        assertThat(r.warnings()).hasSize(2);
        assertThat(r.warnings().get(0)).startsWith("ROUT-0101 routing engine '2.ftree' declined: ");
        assertThat(r.warnings().get(1)).isEqualTo("ROUT-0105 unicast step 2.ftree did not route topology 2: "
                + "falling back to step 5.torus-2QoS (topology 2)");
        assertThat(r.engineUsed()).contains("chain[1.minhop, 5.torus-2QoS]");
    }

    @Test
    void aStepWithoutAFallbackThatRoutedLeavesItsPartToTheStepsBefore() throws Exception {
        String chain = """
                unicast-step
                id: 1
                engine: minhop
                end-unicast-step
                unicast-step
                id: 2
                engine: ftree
                topology: 2
                end-unicast-step
                """;
        TreeTorusChain f = new TreeTorusChain(chain);
        RoutingResult r = f.route();
        assertThat(r.warnings()).last().isEqualTo("ROUT-0106 topology 2 of unicast step 2.ftree was not routed: its "
                + "switches keep the routes of the steps before");
        assertThat(r.tables().contentEquals(r.parts().get(0).tables())).isTrue();
    }

    @Test
    void whenTheFirstStepFailsMinhopRoutesTheWholeFabric() throws Exception {
        String chain = TreeTorusChain.CHAIN.replaceFirst("engine: minhop", "engine: updn");
        TreeTorusChain f = new TreeTorusChain(chain);
        RoutingResult r = f.route();
        assertThat(r.warnings()).hasSize(2);
        assertThat(r.warnings().get(0)).startsWith("ROUT-0101 routing engine '1.updn' declined: ");
        assertThat(r.warnings().get(1)).isEqualTo("ROUT-0103 the first unicast step 1.updn did not route the "
                + "fabric; falling back to minhop over the whole fabric");
        assertThat(r.engineUsed()).contains("chain[1.minhop, 2.ftree, 3.torus-2QoS]");
        VerifierReport report = new RouteVerifier().verify(f.input, r.tables(), r.routed());
        assertThat(report.unreachablePairs()).isZero();
    }

    @Test
    void aPathBitTakesOneLidOffsetOfTheStepsPart() throws Exception {
        // ftree declines LMC above 0: sssp routes the tree's offset 1
        String chain = TreeTorusChain.CHAIN.replace("engine: ftree\ntopology: 1\n",
                "engine: sssp\ntopology: 1\npath-bit: 1\n");
        TreeTorusChain f = new TreeTorusChain(chain, 1);
        RoutingResult r = f.route();
        assertThat(r.warnings()).isEmpty();
        PartRouting minhop = r.parts().get(0);
        PartRouting tree = r.parts().get(1);
        assertThat(tree.label()).isEqualTo("2.sssp");
        RoutingPart part = tree.part();
        RoutingInput in = f.input;
        int checked = 0;
        for (int e = 0; e < in.endPortCount(); e++) {
            int base = in.endPortBaseLid()[e];
            if (!part.hasLid(base) || in.endPortLidCount()[e] < 2) {
                continue;
            }
            for (int s = 0; s < part.switchCount(); s++) {
                int sw = part.fullSwitch(s);
                assertThat(r.tables().port(sw, base)).as("switch %d base LID %d of %s", sw, base, r.warnings())
                        .isEqualTo(minhop.tables().port(sw, base));
                assertThat(r.tables().port(sw, base + 1)).isEqualTo(tree.tables().port(s, base + 1));
                checked++;
            }
        }
        assertThat(checked).isPositive();
        VerifierReport report = new RouteVerifier().verify(in, r.tables(), r.routed());
        assertThat(report.unreachablePairs()).isZero();
    }
}
