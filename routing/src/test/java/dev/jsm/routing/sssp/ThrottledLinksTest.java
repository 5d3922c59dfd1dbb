package dev.jsm.routing.sssp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.nue.NueEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

/**
 * avoid_throttled_links (sssp, dfsssp, nue) on a 2-level fat tree with one leaf-to-spine cable running at SDR instead
 * of QDR.
 */
class ThrottledLinksTest {

    // FAT2_16: switch index = leaf 0..3, spine 0..1; leaf ports 5-8 go up, two cables to each spine.
    private static final int LEAF0 = 0;

    private static RoutingInput inputWithSlowUplink() {
        Subnet subnet = TopologySubnets.subnet(TopologyShapes.parse(Fabrics.FAT2_16), 0);
        PhysPort up = subnet.switchAt(LEAF0).node().port(5);
        up.setAttributes(port(1));
        up.remote().setAttributes(port(1));
        return RoutingInput.from(SubnetSnapshot.of(subnet), 0);
    }

    private static PortAttributes port(int speedActive) {
        return new PortAttributes(0L, 0L, 0, 0, 0L, 0, 2, 2, 2, 0, PortAttributes.STATE_ACTIVE, 0, 0, 0, speedActive,
                1 | 2 | 4, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    private static int lidsOnPort5(LftTables lfts) {
        int n = 0;
        for (int lid = 1; lid <= lfts.maxLid(); lid++) {
            if (lfts.port(LEAF0, lid) == 5) {
                n++;
            }
        }
        return n;
    }

    @Test
    void theThrottledCableIsMarkedInTheInput() {
        RoutingInput in = inputWithSlowUplink();
        int e = in.edgeOfPort(LEAF0, 5);

        assertThat(in.edgeThrottled()[e]).isTrue();
        assertThat(in.edgeThrottled()[in.edgeOfPort(LEAF0, 6)]).isFalse();
    }

    @Test
    void ssspAndDfssspRouteAroundItOnlyWhenAsked() {
        RoutingInput in = inputWithSlowUplink();
        EngineOptions avoid = EngineOptions.defaults().with(EngineOptions.AVOID_THROTTLED_LINKS, "TRUE");

        LftTables plain = LftTables.forInput(in);
        new SsspEngineFactory().create(EngineOptions.defaults()).route(in, plain);
        LftTables avoided = LftTables.forInput(in);
        new SsspEngineFactory().create(avoid).route(in, avoided);
        SsspTesting.Result df = SsspTesting.dfsssp(in, avoid);

        assertThat(lidsOnPort5(plain)).isPositive();
        assertThat(lidsOnPort5(avoided)).isZero();
        assertThat(lidsOnPort5(df.lfts())).isZero();
        SsspTesting.assertCompleteAndMinimal(in, df, SsspTesting.WITH_SWITCHES);
    }

    @Test
    void nueRoutesAroundItOnlyWhenAsked() {
        RoutingInput in = inputWithSlowUplink();

        LftTables plain = LftTables.forInput(in);
        new NueEngineFactory().create(EngineOptions.defaults()).route(in, plain);
        LftTables avoided = LftTables.forInput(in);
        new NueEngineFactory().create(EngineOptions.defaults().with(EngineOptions.AVOID_THROTTLED_LINKS, "TRUE"))
                .route(in, avoided);

        assertThat(lidsOnPort5(plain)).isPositive();
        assertThat(lidsOnPort5(avoided)).isZero();
        assertThat(SsspTesting.VERIFIER.verify(in, avoided).unreachablePairs()).isZero();
    }
}
