package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routing persistence on the simulator (issue 21 part 3, docs/reference/incremental-routing.md#routing-persistence):
 * a daemon routes a fabric and stops, the fabric changes by one row of the validity table, another daemon starts
 * on the same cache directory; the first
 * routing reuses the persisted routing or computes anew as the table says, and every switch reaches every LID.
 */
class RoutingPersistenceSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final String FAT3 = "fat3:k=4";

    @TempDir
    Path dir;

    @Test
    void anUnchangedFabricReusesTheRoutingAndSendsNoLftBlock() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.parse(FAT3), 7)) {
            routeAndStop(fabric);
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
                assertThat(sm.daemon.persistedRoutingDecision()).startsWith("routing reused from")
                        .contains("(minhop, saved").contains("fabric unchanged; 0 entries changed");
                assertThat(sm.counted.lftBlockSets()).isZero();
                assertThat(new SimRoutes(fabric).walkAll().failures).isEmpty();
            }
        }
    }

    @Test
    void aNewSwitchInvalidates() throws Exception {
        Topology t = TopologyShapes.parse(FAT3);
        int spine = spine(t);
        String decision = restartAfter(t, f -> f.faults().removeNode(spine), f -> f.faults().returnNode(spine));
        assertThat(decision).startsWith("persisted routing not used: a new switch was found");
    }

    @Test
    void aMissingSwitchInvalidates() throws Exception {
        Topology t = TopologyShapes.parse(FAT3);
        int spine = spine(t);
        String decision = restartAfter(t, f -> { }, f -> f.faults().removeNode(spine), t.node(spine).name());
        assertThat(decision).startsWith("persisted routing not used: a switch is missing ("
                + dev.jsm.subnet.Guid.toString(t.node(spine).nodeGuid()) + ")");
    }

    @Test
    void aNewCableKeepsTheRouting() throws Exception {
        Topology t = TopologyShapes.parse(FAT3);
        int[] link = switchLink(t);
        String decision = restartAfter(t, f -> f.faults().linkDown(link[0], link[1]),
                f -> f.faults().linkUp(link[0], link[1]));
        assertThat(decision).startsWith("routing reused from").contains("1 switch link up");
    }

    @Test
    void aMissingSwitchCableWithoutAParallelOneInvalidates() throws Exception {
        Topology t = TopologyShapes.parse(FAT3);
        int[] link = switchLink(t);
        String decision = restartAfter(t, f -> { }, f -> f.faults().linkDown(link[0], link[1]));
        assertThat(decision).isEqualTo("persisted routing not used: a switch-to-switch cable is missing and no other "
                + "cable joins the two switches; the routes are computed anew");
    }

    @Test
    void aMissingSwitchCableWithAParallelOneMovesItsLids() throws Exception {
        Topology t = TopologyShapes.parse("mesh:dims=3x3,hosts=1,links=2");
        int[] link = switchLink(t);
        String decision = restartAfter(t, f -> { }, f -> f.faults().linkDown(link[0], link[1]));
        assertThat(decision).startsWith("routing reused from").contains("1 switch link down, a parallel link "
                + "remains");
    }

    @Test
    void aMissingCaKeepsTheRouting() throws Exception {
        Topology t = TopologyShapes.parse(FAT3);
        int ca = lastCa(t);
        String decision = restartAfter(t, f -> { }, f -> f.faults().removeNode(ca));
        assertThat(decision).startsWith("routing reused from").contains("1 CA link down");
    }

    @Test
    void aNewCaKeepsTheRoutingAndRoutesItsLid() throws Exception {
        Topology t = TopologyShapes.parse(FAT3);
        int ca = lastCa(t);
        String decision = restartAfter(t, f -> f.faults().removeNode(ca), f -> f.faults().returnNode(ca));
        assertThat(decision).startsWith("routing reused from").contains("1 new CA");
    }

    @Test
    void aChangedLidKeepsTheRoutingAndRoutesThatLidAnew() throws Exception {
        Topology t = TopologyShapes.parse(FAT3);
        String guid = String.format("0x%016x", t.node(lastCa(t)).portGuid(1));
        String decision = restartAfter(t, f -> { }, f -> {
            try {
                Path guid2lid = dir.resolve("guid2lid");
                String moved = Files.readAllLines(guid2lid).stream()
                        .map(l -> l.startsWith(guid) ? guid + " 0x0100 0x0100" : l)
                        .reduce("", (a, l) -> a + l + "\n");
                Files.writeString(guid2lid, moved);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(decision).startsWith("routing reused from").contains("1 LID changed");
    }

    @Test
    void aCorruptFileIsMovedAsideAndTheDaemonRoutesAnew() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.parse(FAT3), 7)) {
            routeAndStop(fabric);
            Path file = dir.resolve("jsm-routing");
            byte[] bytes = Files.readAllBytes(file);
            Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
                assertThat(sm.daemon.persistedRoutingDecision()).isNull();
                assertThat(new SimRoutes(fabric).walkAll().failures).isEmpty();
                try (Stream<Path> files = Files.list(dir)) {
                    assertThat(files.map(p -> p.getFileName().toString()))
                            .anyMatch(n -> n.startsWith("jsm-routing.bad-"));
                }
            }
        }
    }

    @Test
    void aStopWhileProgrammingTrustsNoSwitchButStillReusesTheRouting() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.parse(FAT3), 7)) {
            routeAndStop(fabric);
            Files.delete(dir.resolve("jsm-routing.done"));
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
                assertThat(sm.daemon.persistedRoutingDecision()).startsWith("routing reused from");
                assertThat(sm.counted.lftBlockSets()).isPositive();
                assertThat(new SimRoutes(fabric).walkAll().failures).isEmpty();
            }
        }
    }

    /** Starts a daemon after {@code before}, lets it write its routing, stops it, applies {@code change}, restarts. */
    private String restartAfter(Topology t, Consumer<SimFabric> before, Consumer<SimFabric> change)
            throws Exception {
        return restartAfter(t, before, change, null);
    }

    /**
     * As above; with a switch named {@code gone} removed (the simulator's walk would start from it), the route
     * verifier's report on the daemon's tables stands for the walk.
     */
    private String restartAfter(Topology t, Consumer<SimFabric> before, Consumer<SimFabric> change, String gone)
            throws Exception {
        try (SimFabric fabric = new SimFabric(t, 7)) {
            before.accept(fabric);
            routeAndStop(fabric);
            change.accept(fabric);
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
                if (gone == null) {
                    assertThat(new SimRoutes(fabric).walkAll().failures).isEmpty();
                } else {
                    sm.awaitUntil(() -> sm.daemon.routeCheck() != null && sm.daemon.routeCheck().report() != null, UP);
                    assertThat(sm.daemon.routeCheck().report().unreachablePairs()).isZero();
                }
                return sm.daemon.persistedRoutingDecision();
            }
        }
    }

    private void routeAndStop(SimFabric fabric) throws Exception {
        try (SimSm sm = SimSm.restart(fabric, dir)) {
            sm.awaitSubnetUp(UP);
            Path done = dir.resolve("jsm-routing.done");
            sm.awaitUntil(() -> Files.exists(done), UP);
        }
    }

    /** A switch cabled to switches only (a spine), the last one. */
    private static int spine(Topology t) {
        int spine = -1;
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH && caPorts(t, n) == 0) {
                spine = n;
            }
        }
        return spine;
    }

    /** A cable between two switches, away from the SM's CA: {node, port}. */
    private static int[] switchLink(Topology t) {
        int sm = SimSm.firstCa(t);
        int smSwitch = t.peerNode(sm, 1);
        for (int n = t.nodeCount() - 1; n >= 0; n--) {
            if (t.node(n).kind() != NodeKind.SWITCH || n == smSwitch) {
                continue;
            }
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                if (peer >= 0 && peer != smSwitch && t.node(peer).kind() == NodeKind.SWITCH) {
                    return new int[] {n, p};
                }
            }
        }
        throw new IllegalArgumentException("no switch-to-switch cable");
    }

    private static int caPorts(Topology t, int sw) {
        int n = 0;
        for (int p = 1; p <= t.node(sw).numPorts(); p++) {
            int peer = t.peerNode(sw, p);
            n += peer >= 0 && t.node(peer).kind() == NodeKind.CA ? 1 : 0;
        }
        return n;
    }

    private static int lastCa(Topology t) {
        List<Integer> cas = SimSm.cas(t);
        return cas.get(cas.size() - 1);
    }
}
