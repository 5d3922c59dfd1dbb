package dev.jsm.routing.nue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The split of the destinations over the layers and their routing order. */
class LayerPlanTest {

    private static int[] layerOfPort(RoutingInput in, LayerPlan plan) {
        int[] layer = new int[in.endPortCount()];
        Arrays.fill(layer, -1);
        for (int i = 0; i < plan.count(); i++) {
            assertThat(layer[plan.port(i)]).as("port listed twice").isEqualTo(-1);
            layer[plan.port(i)] = plan.layer(i);
        }
        return layer;
    }

    @Test
    void givesEveryCaOneLayerInEqualShares() {
        RoutingInput in = TopologySubnets.input("torus:dims=8x8,hosts=2", 0);
        LayerPlan plan = LayerPlan.of(new ChannelGraph(in, false, false), 8, false);
        int[] perLayer = new int[8];

        int[] layer = layerOfPort(in, plan);

        for (int ep = 0; ep < in.endPortCount(); ep++) {
            assertThat(layer[ep] >= 0).as("port %d", ep).isEqualTo(!in.endPortIsSwitch()[ep]);
            if (layer[ep] >= 0) {
                perLayer[layer[ep]]++;
            }
        }
        assertThat(perLayer).containsOnly(16);
    }

    @Test
    void keepsEachLayersDestinationsInACompactRegion() {
        RoutingInput in = TopologySubnets.input("torus:dims=8x8", 0);
        LayerPlan plan = LayerPlan.of(new ChannelGraph(in, false, false), 4, false);

        for (int l = 0; l < 4; l++) {
            Set<Integer> switches = new HashSet<>();
            for (int i = 0; i < plan.count(); i++) {
                if (plan.layer(i) == l) {
                    switches.add(in.endPortSwitch()[plan.port(i)]);
                }
            }
            int inside = 0;
            for (int sw : switches) {
                for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
                    inside += switches.contains(in.peerSwitch()[e]) ? 1 : 0;
                }
            }
            assertThat(switches).hasSize(16);
            assertThat(inside).as("links inside layer %d's region", l).isGreaterThanOrEqualTo(36);
        }
    }

    /** The layers change which graph a destination's routes join, not the order the weights grow in. */
    @Test
    void routesInTheSameOrderWhateverTheLayers() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT3_128, 0);
        ChannelGraph g = new ChannelGraph(in, false, false);
        LayerPlan one = LayerPlan.of(g, 1, false);
        LayerPlan eight = LayerPlan.of(g, 8, false);

        assertThat(eight.count()).isEqualTo(one.count()).isEqualTo(128);
        for (int i = 0; i < one.count(); i++) {
            assertThat(eight.port(i)).isEqualTo(one.port(i));
            assertThat(one.layer(i)).isZero();
        }
    }

    @Test
    void withSwitchesListsTheirPortsAfterTheCas() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        LayerPlan plan = LayerPlan.of(new ChannelGraph(in, false, true), 2, true);

        int[] layer = layerOfPort(in, plan);

        for (int ep = 0; ep < in.endPortCount(); ep++) {
            assertThat(layer[ep]).isBetween(0, 1);
        }
        boolean sawSwitch = false;
        for (int i = 0; i < plan.count(); i++) {
            boolean isSwitch = in.endPortIsSwitch()[plan.port(i)];
            assertThat(!sawSwitch || isSwitch).as("a CA after a switch at %d", i).isTrue();
            sawSwitch |= isSwitch;
        }
    }
}
