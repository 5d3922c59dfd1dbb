package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.smp.MlnxExtendedPortInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon on the simulator's mixed-speed fabric with a router ({@code fabrics/mixed-speeds-router.net}): NDR and
 * XDR ports hide their extended speeds from a PortInfo Get without SMSupportExtendedSpeeds
 * (docs/link-speeds.md#the-attribute-modifier-bit), so the model of an SM that sends them no PortInfo Set (one
 * restarted on a configured fabric; a Set's answer, with the bit, would bring them) holds them only if discovery asks
 * again with the bit; {@code force_link_speed_ext} reaches an NDR port only through a Set with the bit; the router
 * is discovered as an end node with a LID of its own.
 */
class LinkSpeedsSimTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int EXT_FDR = 1;
    private static final int EXT_EDR = 2;
    private static final int EXT_HDR = 4;
    private static final int EXT_NDR = 8;

    @TempDir
    Path dir;

    private static Topology topology() throws Exception {
        return TopologyReader.read(ReferenceScript.TOP.resolve("fabrics/mixed-speeds-router.net"));
    }

    @Test
    void theModelHoldsTheExtendedSpeedsThePortsRun() throws Exception {
        try (SimSm sm = SimSm.start(topology(), dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(WAIT);
            assertThat(port(s, "edr").linkSpeedExtActive()).isEqualTo(EXT_EDR);
            assertThat(port(s, "hdr").linkSpeedExtActive()).isEqualTo(EXT_HDR);
            assertThat(port(s, "ndr").linkSpeedExtActive()).as("NDR host, read with the bit").isEqualTo(EXT_NDR);
            assertThat(port(s, "ndr").linkSpeedExtSupported() & EXT_NDR).isNotZero();
            assertThat(port(s, "ndr1x").linkWidthActive()).isEqualTo(1);
            assertThat(port(s, "xdr").linkSpeedExtActive2()).as("XDR host, second extended field").isEqualTo(1);
            assertThat(port(s, "xdr").linkSpeedExtSupported2()).isEqualTo(1);
            PortView sw1Xdr = s.peer(portView(s, "xdr"));
            assertThat(sw1Xdr.attributes().linkSpeedExtActive2()).as("the switch end of the XDR link").isEqualTo(1);
            assertThat(port(s, "qdr").linkSpeedExtActive()).isZero();
        }
    }

    @Test
    void aRestartedSmReadsTheExtendedSpeedsOfPortsItSendsNoSet() throws Exception {
        try (SimFabric fabric = new SimFabric(topology(), 7)) {
            try (SimSm first = SimSm.at(fabric, SimSm.firstCa(fabric.topology()), dir)) {
                first.awaitSubnetUp(WAIT);
            }
            try (SimSm again = SimSm.restart(fabric, dir, "no_clients_rereg", "TRUE")) {
                SubnetSnapshot s = again.awaitSubnetUp(WAIT);
                assertThat(port(s, "ndr").linkSpeedExtActive()).as("read with the bit, set by nobody")
                        .isEqualTo(EXT_NDR);
                assertThat(port(s, "xdr").linkSpeedExtActive2()).isEqualTo(1);
            }
        }
    }

    @Test
    void forceLinkSpeedExtIsSetOnNdrPortsWithTheBit() throws Exception {
        try (SimFabric fabric = new SimFabric(topology(), 7);
             SimSm sm = SimSm.at(fabric, SimSm.firstCa(fabric.topology()), dir,
                     "force_link_speed_ext", String.valueOf(EXT_FDR | EXT_EDR))) {
            sm.awaitSubnetUp(WAIT);
            PortInfo ndr = fabric.portInfo(fabric.nodeIndex("ndr"), 1);
            assertThat(ndr.linkSpeedExtEnabled()).as("an NDR port takes it only with the bit")
                    .isEqualTo(EXT_FDR | EXT_EDR);
            assertThat(fabric.portInfo(fabric.nodeIndex("hdr"), 1).linkSpeedExtEnabled()).isEqualTo(EXT_FDR | EXT_EDR);
            assertThat(fabric.portInfo(fabric.nodeIndex("qdr"), 1).linkSpeedExtEnabled())
                    .as("a port without extended speeds gets no extended enable").isZero();
        }
    }

    /**
     * {@code fdr10}: 2 clears FDR10 from LinkSpeedEnabled of every port that supports it (both ends of the FDR10
     * link, and the faster ports, which support it too), the active speed staying until the link trains again; 0
     * sends nothing, so the ports keep what they hold; 1 sets it again.
     */
    @Test
    void fdr10TwoTurnsItOffZeroLeavesItAndOneTurnsItOn() throws Exception {
        try (SimFabric fabric = new SimFabric(topology(), 7)) {
            int host = fabric.nodeIndex("fdr10");
            int sw1 = fabric.nodeIndex("sw1");
            int edr = fabric.nodeIndex("edr");
            int qdr = fabric.nodeIndex("qdr");
            assertThat(fdr10Enabled(fabric, host, 1)).as("the simulator enables what a port supports").isTrue();
            try (SimSm sm = SimSm.at(fabric, SimSm.firstCa(fabric.topology()), dir, "fdr10", "2")) {
                sm.awaitSubnetUp(WAIT);
                assertThat(fdr10Enabled(fabric, host, 1)).isFalse();
                assertThat(fdr10Enabled(fabric, sw1, 6)).as("the switch end").isFalse();
                assertThat(fdr10Enabled(fabric, edr, 1)).as("an EDR port supports FDR10 too").isFalse();
                assertThat(fabric.mlnxExtendedPortInfo(qdr, 1).linkSpeedSupported()).isZero();
                assertThat(fabric.mlnxExtendedPortInfo(host, 1).fdr10Active()).as("until the link trains again")
                        .isTrue();
            }
            try (SimSm sm = SimSm.restart(fabric, dir, "fdr10", "0")) {
                sm.awaitSubnetUp(WAIT);
                assertThat(fdr10Enabled(fabric, host, 1)).as("fdr10 0 sends no ExtendedPortInfo").isFalse();
            }
            try (SimSm sm = SimSm.restart(fabric, dir)) {
                sm.awaitSubnetUp(WAIT);
                assertThat(fdr10Enabled(fabric, host, 1)).as("fdr10 1, the default").isTrue();
                assertThat(fdr10Enabled(fabric, sw1, 6)).isTrue();
                assertThat(fdr10Enabled(fabric, edr, 1)).isTrue();
            }
        }
    }

    private static boolean fdr10Enabled(SimFabric fabric, int node, int port) {
        return (fabric.mlnxExtendedPortInfo(node, port).linkSpeedEnabled() & MlnxExtendedPortInfo.FDR10) != 0;
    }

    @Test
    void theRouterIsAnEndNodeWithALid() throws Exception {
        try (SimSm sm = SimSm.start(topology(), dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(WAIT);
            NodeView rt = node(s, "rt");
            assertThat(rt.kind()).isEqualTo(NodeKind.ROUTER);
            PortView port = portView(s, "rt");
            EndPortView ep = s.endPort(port.portGuid());
            assertThat(ep).isNotNull();
            assertThat(ep.lidRange()).isNotNull();
            assertThat(port.attributes().lid()).isEqualTo(ep.lidRange().base());
            assertThat(port.attributes().portState()).isEqualTo(PortAttributes.STATE_ACTIVE);
        }
    }

    private static NodeView node(SubnetSnapshot s, String name) {
        return s.nodes().stream().filter(n -> n.description().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name));
    }

    private static PortView portView(SubnetSnapshot s, String name) {
        return s.port(node(s, name).index(), 1);
    }

    private static PortAttributes port(SubnetSnapshot s, String name) {
        return portView(s, name).attributes();
    }
}
