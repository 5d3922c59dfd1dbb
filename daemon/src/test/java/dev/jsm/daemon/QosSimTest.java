package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The QoS manager in the whole daemon against the simulator with {@code -Q} and the "typical HPC" options
 * (docs/reference/opensm-behaviour.md#qos):
 * every CA port and every (input, output) pair of every switch reads back the configured SL2VL table, every CA port
 * and switch external port the configured VLArb tables (the simulator's ports have 8 data VLs and 8-entry tables);
 * a second heavy sweep sends no SL2VL or VLArb Set; without {@code -Q} none is ever sent.
 */
class QosSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int SL2VL = AttributeId.SL_TO_VL_MAPPING_TABLE.value();
    private static final int VL_ARB = AttributeId.VL_ARBITRATION_TABLE.value();
    static final String[] TYPICAL_HPC = {"qos", "TRUE", "qos_max_vls", "8", "qos_high_limit", "0",
        "qos_vlarb_high", "2:1", "qos_vlarb_low", "0:96,1:224",
        "qos_sl2vl", "0,1,2,3,4,5,6,7,15,15,15,15,15,15,15,15"};
    private static final int[] WANT_SL2VL = {0, 1, 2, 3, 4, 5, 6, 7, 15, 15, 15, 15, 15, 15, 15, 15};
    private static final int[] WANT_LOW = {0, 96, 1, 224, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    private static final int[] WANT_HIGH = {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

    @TempDir
    Path dir;

    @Test
    void typicalHpcTablesReadBackAndASecondSweepSendsNone() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (SimSm sm = SimSm.start(t, dir, TYPICAL_HPC)) {
            sm.awaitSubnetUp(UP);
            assertTables(sm.fabric, t);
            long sl2Vl = sm.daemon.madStats().sentOfAttribute(SL2VL);
            long vlArb = sm.daemon.madStats().sentOfAttribute(VL_ARB);
            assertThat(sl2Vl).isPositive();
            assertThat(vlArb).isPositive();

            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(SL2VL)).as("SL2VL Sets").isEqualTo(sl2Vl);
            assertThat(sm.daemon.madStats().sentOfAttribute(VL_ARB)).as("VLArb Sets").isEqualTo(vlArb);
            assertTables(sm.fabric, t);
        }
    }

    @Test
    void aRebootedHostAndSwitchGetTheirTablesBack() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        String[] options = Arrays.copyOf(TYPICAL_HPC, TYPICAL_HPC.length + 2);
        options[TYPICAL_HPC.length] = "sweep_on_trap";
        options[TYPICAL_HPC.length + 1] = "FALSE";
        try (SimSm sm = SimSm.start(t, dir, options)) {
            sm.awaitSubnetUp(UP);
            int host = secondCa(t);
            int leaf = t.peerNode(host, 1);
            sm.fabric.faults().removeNode(host);
            sm.fabric.faults().returnNode(host);
            sm.fabric.faults().removeNode(leaf);
            sm.fabric.faults().returnNode(leaf);
            assertThat(sm.fabric.sl2Vl(host, 0, 1)).as("power-on table").isNotEqualTo(WANT_SL2VL);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertTables(sm.fabric, t);
        }
    }

    @Test
    void withTheRoutingLogFlagTheSl2VlDumpListsEveryProgrammedTable() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        String[] options = Arrays.copyOf(TYPICAL_HPC, TYPICAL_HPC.length + 2);
        options[TYPICAL_HPC.length] = "log_flags";
        options[TYPICAL_HPC.length + 1] = "0x43";
        try (SimSm sm = SimSm.start(t, dir, options)) {
            sm.awaitSubnetUp(UP);
            List<String> lines = Files.readAllLines(dir.resolve("opensm-sl2vl.dump"));
            int rows = 0;
            int headers = 0;
            for (int n = 0; n < t.nodeCount(); n++) {
                int ports = t.node(n).numPorts();
                for (int p = 1; p <= ports; p++) {
                    if (t.peerNode(n, p) >= 0) {
                        rows += t.node(n).kind() == NodeKind.CA ? 1 : ports + 1;
                    }
                }
                headers += t.node(n).kind() == NodeKind.CA ? ports : 1;
            }
            assertThat(lines.stream().filter(l -> l.startsWith("Switch 0x") || l.startsWith("Channel Adapter 0x")))
                    .hasSize(headers);
            assertThat(lines.stream().filter(l -> !l.startsWith("#") && l.contains(" : ")))
                    .hasSize(rows).allMatch(l -> l.endsWith(": 0  1  2  3  4  5  6  7  15 15 15 15 15 15 15 15"));
        }
    }

    @Test
    void anEngineWithItsOwnSl2VlIsProgrammedOnceAndDumpedEvenWithoutQos() throws Exception {
        Topology t = TopologyShapes.load("torus:dims=3x3,hosts=1");
        String[] options = Arrays.copyOf(TYPICAL_HPC, TYPICAL_HPC.length + 2);
        options[TYPICAL_HPC.length] = "routing_engine";
        options[TYPICAL_HPC.length + 1] = "lash";
        try (SimSm sm = SimSm.start(t, dir, options)) {
            sm.awaitSubnetUp(UP);
            long sl2Vl = sm.daemon.madStats().sentOfAttribute(SL2VL);
            assertThat(sl2Vl).isPositive();
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(SL2VL)).as("SL2VL Sets").isEqualTo(sl2Vl);
        }
        try (SimSm sm = SimSm.start(t, dir.resolve("noqos"), "routing_engine", "lash", "log_flags", "0x43")) {
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(SL2VL)).isZero();
            assertThat(dir.resolve("noqos").resolve("opensm-sl2vl.dump")).exists();
        }
    }

    @Test
    void theHighLimitReachesEveryPortThroughThePortInfoSet() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        String[] options = TYPICAL_HPC.clone();
        options[5] = "3";
        try (SimSm sm = SimSm.start(t, dir, options)) {
            sm.awaitSubnetUp(UP);
            for (int n = 0; n < t.nodeCount(); n++) {
                for (int p = 1; p <= t.node(n).numPorts(); p++) {
                    if (t.peerNode(n, p) >= 0) {
                        assertThat(sm.fabric.portInfo(n, p).vlHighLimit()).as("%s/%d", t.node(n).name(), p)
                                .isEqualTo(3);
                    }
                }
            }
        }
    }

    @Test
    void withoutQosNoTableIsSent() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (SimSm sm = SimSm.start(t, dir)) {
            sm.awaitSubnetUp(UP);
            assertThat(sm.daemon.madStats().sentOfAttribute(SL2VL)).isZero();
            assertThat(sm.daemon.madStats().sentOfAttribute(VL_ARB)).isZero();
        }
    }

    private static int secondCa(Topology t) {
        for (int n = SimSm.firstCa(t) + 1; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.CA) {
                return n;
            }
        }
        throw new IllegalArgumentException("one CA only");
    }

    private static void assertTables(SimFabric fabric, Topology t) {
        for (int n = 0; n < t.nodeCount(); n++) {
            String name = t.node(n).name();
            int ports = t.node(n).numPorts();
            if (t.node(n).kind() == NodeKind.CA) {
                for (int p = 1; p <= ports; p++) {
                    if (t.peerNode(n, p) >= 0) {
                        assertThat(fabric.sl2Vl(n, 0, p)).as("sl2vl %s/%d", name, p).containsExactly(WANT_SL2VL);
                        assertVlArb(fabric, n, p, name);
                    }
                }
                continue;
            }
            for (int out = 1; out <= ports; out++) {
                if (t.peerNode(n, out) < 0) {
                    continue;
                }
                assertVlArb(fabric, n, out, name);
                for (int in = 0; in <= ports; in++) {
                    assertThat(fabric.sl2Vl(n, in, out)).as("sl2vl %s in %d out %d", name, in, out)
                            .containsExactly(WANT_SL2VL);
                }
            }
        }
    }

    private static void assertVlArb(SimFabric fabric, int node, int port, String name) {
        assertThat(fabric.vlArbBlock(node, port, 1)).as("vlarb low %s/%d", name, port).containsExactly(WANT_LOW);
        assertThat(fabric.vlArbBlock(node, port, 3)).as("vlarb high %s/%d", name, port).containsExactly(WANT_HIGH);
    }
}
