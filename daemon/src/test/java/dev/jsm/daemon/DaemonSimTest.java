package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole daemon in-process against the simulator: from a cold fabric to SUBNET UP, then checked on the
 * simulator's own state (LIDs and LFTs), never on the daemon's model.
 */
class DaemonSimTest {

    private static final Duration UP = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fat2:k=8", "fat3:k=4", "torus:dims=4x4,hosts=2", "mesh:dims=3x3x2", "hypercube:dim=4",
        "random:switches=16,radix=12,degree=4,hosts=2"})
    void coldFabricReachesSubnetUpAndEveryPairIsReachable(String shape) throws Exception {
        Topology t = TopologyShapes.load(shape);
        try (SimSm sm = SimSm.start(t, dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.state()).isEqualTo(SmState.MASTER);
            assertThat(s.nodes()).hasSize(t.nodeCount());
            SimRoutes routes = new SimRoutes(sm.fabric).walkAll();
            assertThat(routes.failures).as(shape).isEmpty();
            assertThat(new HashSet<>(routes.lidOfNode.values())).hasSize(t.nodeCount());
            assertThat(routes.lidOfNode.values()).doesNotContain(0);
            assertThat(routes.walks).isEqualTo(t.switchCount() * t.nodeCount());
        }
    }

    @Test
    void withLmcTwoEveryLidOfEveryCaIsRoutable() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        try (SimSm sm = SimSm.start(t, dir, "lmc", "2")) {
            sm.awaitSubnetUp(UP);
            SimRoutes routes = new SimRoutes(sm.fabric).walkAll(2);
            assertThat(routes.failures).isEmpty();
            for (int n = 0; n < t.nodeCount(); n++) {
                if (t.node(n).kind() == NodeKind.CA) {
                    assertThat(routes.lidOfNode.get(n) % 4).isZero();
                    assertThat(sm.fabric.portInfo(n, 1).lmc()).isEqualTo(2);
                }
            }
        }
    }

    @Test
    void restartOnTheSameCacheDirKeepsEveryLid() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        Map<Integer, Integer> first;
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            first = new HashMap<>(new SimRoutes(sm.fabric).lidOfNode);
        }
        String guid2lid = Files.readString(dir.resolve("guid2lid"));
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            assertThat(new SimRoutes(sm.fabric).lidOfNode).isEqualTo(first);
        }
        assertThat(Files.readString(dir.resolve("guid2lid"))).isEqualTo(guid2lid);
    }

    @Test
    void restartOnAConfiguredFabricChangesNoLid() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        try (SimFabric fabric = new SimFabric(t)) {
            Map<Integer, Integer> first;
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
                first = new HashMap<>(new SimRoutes(fabric).lidOfNode);
            }
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
                assertThat(new SimRoutes(fabric).lidOfNode).isEqualTo(first);
                assertThat(new SimRoutes(fabric).walkAll().failures).isEmpty();
            }
        }
    }

    /**
     * {@code exit_on_fatal TRUE} (the default), as OpenSM: an unreadable guid2lid ends the SM at start with exit
     * status 3, the file left as it is for the operator.
     */
    @Test
    void anUnreadableGuid2lidEndsTheSmWithExitOnFatal() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (SimFabric fabric = new SimFabric(t)) {
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
            }
            Path guid2lid = dir.resolve("guid2lid");
            byte[] bad = (Files.readString(guid2lid) + "\u0000\u00fe")
                    .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            Files.write(guid2lid, bad);
            try (LogCapture log = LogCapture.open(Daemon.class)) {
                assertThatThrownBy(() -> SimSm.restart(fabric, dir).close())
                        .isInstanceOf(java.io.UncheckedIOException.class)
                        .satisfies(e -> assertThat(ExitCode.of(e)).isEqualTo(ExitCode.FILE_ERROR));
                assertThat(log.containing("LID-0309")).singleElement().asString()
                        .contains(guid2lid + " cannot be read", "exiting (exit_on_fatal TRUE)");
            }
            assertThat(Files.readAllBytes(guid2lid)).as("left as it is").isEqualTo(bad);
        }
    }

    @Test
    void anUnreadableGuid2lidIsMovedAsideAndThePortsKeepTheirLidsWithoutExitOnFatal() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        try (SimFabric fabric = new SimFabric(t)) {
            Map<Integer, Integer> first;
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(UP);
                first = new HashMap<>(new SimRoutes(fabric).lidOfNode);
            }
            Path guid2lid = dir.resolve("guid2lid");
            byte[] bad = (Files.readString(guid2lid).replaceFirst("\n", " \u00ff\n") + "\u0000\u00fe")
                    .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            Files.write(guid2lid, bad);
            try (LogCapture log = LogCapture.open(Daemon.class);
                 SimSm sm = SimSm.restart(fabric, dir, "exit_on_fatal", "FALSE")) {
                sm.awaitSubnetUp(UP);
                assertThat(new SimRoutes(fabric).lidOfNode).as("the LIDs the ports carry").isEqualTo(first);
                assertThat(log.containing("LID-0308")).as("said in one line").singleElement().asString()
                        .contains("bytes that are not ASCII", "moved aside to " + dir.resolve("guid2lid.bad-"));
            }
            try (var files = Files.list(dir)) {
                Path aside = files.filter(f -> f.getFileName().toString().startsWith("guid2lid.bad-")).findFirst()
                        .orElseThrow();
                assertThat(Files.readAllBytes(aside)).isEqualTo(bad);
            }
            assertThat(Files.readString(guid2lid)).as("written anew").contains("0x");
        }
    }

    @Test
    void aCutLinkIsRoutedAroundAfterTheNextSweep() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            int leaf = t.peerNode(SimSm.firstCa(t), 1);
            int uplink = firstSwitchPort(t, leaf);
            sm.fabric.faults().linkDown(leaf, uplink);
            sm.daemon.events().request(SmEvent.LIGHT_SWEEP, "test");
            sm.awaitSubnetUp(UP);
            SimRoutes routes = new SimRoutes(sm.fabric).walkAll();
            assertThat(routes.failures).isEmpty();
            assertThat(routes.walks).isGreaterThan(0);
        }
    }

    @Test
    void fivePercentMadLossStillEndsInSubnetUp() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8");
        try (SimSm sm = SimSm.start(t, dir, "transaction_timeout", "20", "max_wire_smps", "16")) {
            sm.fabric.faults().setLoss(0.05, 0.05);
            sm.awaitSubnetUp(UP);
            sm.fabric.faults().setLoss(0, 0);
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();
            assertThat(sm.daemon.madStats().retries()).isGreaterThan(0);
        }
    }

    @Test
    void aHeavySweepOnAnUnchangedFabricReprogramsNothing() throws Exception {
        Topology t = TopologyShapes.load("torus:dims=3x3");
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            long blocks = sm.daemon.madStats().sentOfAttribute(AttributeId.LINEAR_FORWARDING_TABLE.value());
            long sent = sm.daemon.madStats().sent();
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(AttributeId.LINEAR_FORWARDING_TABLE.value()))
                    .isEqualTo(blocks);
            long discoveryOnly = sm.daemon.madStats().sent() - sent;
            assertThat(discoveryOnly).isLessThan(sent);
        }
    }

    @Test
    void aLightSweepOnAnUnchangedFabricStaysLight() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            long sent = sm.daemon.madStats().sent();
            sm.daemon.events().request(SmEvent.LIGHT_SWEEP, "test");
            assertThat(sm.anotherSweepWithin(Duration.ofMillis(500))).isFalse();
            assertThat(sm.daemon.madStats().sent() - sent).isEqualTo(t.switchCount());
        }
    }

    @Test
    void aNodeSilentDuringTheHeavySweepIsAddedByALaterLightSweep() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        int host = lastCa(t);
        long guid = t.node(host).nodeGuid();
        try (SimFabric fabric = new SimFabric(t, 7)) {
            fabric.faults().muteNode(host);
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                assertThat(sm.awaitSubnetUp(UP).node(guid)).as("the silent host").isNull();
                sm.daemon.events().request(SmEvent.LIGHT_SWEEP, "test");
                assertThat(sm.anotherSweepWithin(Duration.ofMillis(500))).as("still silent: no heavy sweep").isFalse();

                fabric.faults().unmuteNode(host);
                sm.daemon.events().request(SmEvent.LIGHT_SWEEP, "test");
                assertThat(sm.awaitSubnetUp(UP).node(guid)).as("the host, answering now").isNotNull();
                assertThat(new SimRoutes(fabric).walkAll().failures).isEmpty();
            }
        }
    }

    private static int lastCa(Topology t) {
        for (int i = t.nodeCount() - 1; i >= 0; i--) {
            if (t.node(i).kind() == NodeKind.CA) {
                return i;
            }
        }
        throw new IllegalArgumentException("no CA");
    }

    private static int firstSwitchPort(Topology t, int sw) {
        for (int p = 1; p <= t.node(sw).numPorts(); p++) {
            int peer = t.peerNode(sw, p);
            if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                return p;
            }
        }
        throw new IllegalArgumentException("no inter-switch port");
    }
}
