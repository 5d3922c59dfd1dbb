package dev.jsm.routing.ftree;

import static dev.jsm.routing.ftree.FatTreeTesting.assertCompleteAndLoopFree;
import static dev.jsm.routing.ftree.FatTreeTesting.ftree;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ftree's connect_roots: the switch LIDs the tree leaves out go, above the leaves, through the last leaf. */
class FatTreeConnectRootsTest {

    private static final EngineOptions ONE_THREAD = EngineOptions.defaults().with(EngineOptions.ROUTING_THREADS, "1");

    @ParameterizedTest
    @ValueSource(strings = {Fabrics.FAT2_16, Fabrics.FAT3_128, "fat3:k=12,pods=4"})
    void routesTheMissingSwitchLidsThroughTheLastLeaf(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);

        FatTreeTesting.Run plain = ftree(in, ONE_THREAD);
        FatTreeTesting.Run linked = ftree(in, ONE_THREAD.with(EngineOptions.CONNECT_ROOTS, "TRUE"));

        List<FatTreeSummary.CaOrderEntry> order = linked.summary().caOrder();
        int leaf = in.lidOwnerSwitch()[order.get(order.size() - 1).lid()];
        int leafLid = in.switchLid()[leaf];
        boolean[] withCas = new boolean[in.switchCount()];
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x]) {
                withCas[in.endPortSwitch()[x]] = true;
            }
        }
        LftTables before = plain.routed();
        LftTables after = linked.routed();
        int changed = 0;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int target = 0; target < in.switchCount(); target++) {
                int lid = in.switchLid()[target];
                if (before.port(sw, lid) != after.port(sw, lid)) {
                    changed++;
                    assertThat(withCas[sw]).as("%s: switch %d, LID %d", shape, sw, lid).isFalse();
                    assertThat(after.port(sw, lid)).as("%s: switch %d, LID %d", shape, sw, lid)
                            .isEqualTo(after.port(sw, leafLid));
                }
            }
            for (int x = 0; x < in.endPortCount(); x++) {
                int lid = in.endPortBaseLid()[x];
                if (!in.endPortIsSwitch()[x]) {
                    assertThat(after.port(sw, lid)).isEqualTo(before.port(sw, lid));
                }
            }
        }
        assertThat(changed).as(shape).isPositive();
        for (int a = 0; a < in.switchCount(); a++) {
            for (int b = 0; b < in.switchCount(); b++) {
                if (a != b && isRoot(in, a, withCas, shape) && isRoot(in, b, withCas, shape)) {
                    assertThat(after.port(a, in.switchLid()[b])).isEqualTo(after.port(a, leafLid));
                }
            }
        }
        assertCompleteAndLoopFree(in, after);
        assertThat(linked.summary().notes()).anyMatch(n -> n.startsWith("connect_roots: ")
                && n.endsWith(" routed through leaf switch " + in.describeSwitch(leaf)));
    }

    /** A switch at the top of the tree: without CAs and, on three levels, without a neighbour that has any. */
    private static boolean isRoot(RoutingInput in, int sw, boolean[] withCas, String shape) {
        if (withCas[sw]) {
            return false;
        }
        for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
            if (shape.startsWith("fat3") && withCas[in.peerSwitch()[e]]) {
                return false;
            }
        }
        return true;
    }
}
