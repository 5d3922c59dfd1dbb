package dev.jsm.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The payloads a freshly built fabric answers, byte for byte against what Debian's ibsim 0.10 answered to the same
 * directed-route Gets on the same fabric ({@code hostA[1] - [1]sw1[2] - [2]sw2[3] - [1]hostB}, hostA port 2 and
 * sw1 port 3 uncabled, ibsim's GUIDs), captured from raw GetResp MADs under umad2sim.
 */
class SimDefaultsTest {

    private static final HexFormat HEX = HexFormat.of();

    private SimFabric fabric;
    private SmpClient sm;

    @BeforeEach
    void setUp() {
        Topology.Builder b = Topology.builder();
        int hostA = b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "hostA", 0x0002c90200000000L, 2));
        int sw1 = b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "sw1", 0x0002c90100000000L, 4));
        int sw2 = b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, "sw2", 0x0002c90100000010L, 4));
        int hostB = b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, "hostB", 0x0002c90200000100L, 1));
        b.link(hostA, 1, sw1, 1).link(sw1, 2, sw2, 2).link(sw2, 3, hostB, 1);
        fabric = new SimFabric(b.build());
        sm = new SmpClient(fabric, hostA, 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void nodeInfo() {
        assertPayload(DrPath.local(), AttributeId.NODE_INFO, 0,
                "01010102 0002c90200000000 0002c90200000000 0002c90200000001 0040 0000 000000a1 01 000000");
        assertPayload(DrPath.of(1), AttributeId.NODE_INFO, 0,
                "01010204 0002c90100000000 0002c90100000000 0002c90100000000 0008 0000 000000a1 01 000000");
    }

    @Test
    void portInfoOfCaPorts() {
        assertPayload(DrPath.local(), AttributeId.PORT_INFO, 0,
                "00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 50 c0 48  00 00 0f f9 01 02 1f 02"
                + "72 52 00 11 40 40 00 08  08 04 e0 40 00 00 00 00  00 00 20 1f 00 00 00 00  00 00 00 00 00 30 00 00");
        assertPayload(DrPath.local(), AttributeId.PORT_INFO, 2,
                "00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 10 c0 48  00 00 0f f9 01 02 1f 02"
                + "71 22 00 11 40 40 00 08  08 04 e0 40 00 00 00 00  00 00 20 1f 00 00 00 00  00 00 00 00 00 30 00 00");
    }

    @Test
    void portInfoOfSwitchPorts() {
        assertPayload(DrPath.of(1), AttributeId.PORT_INFO, 0,
                "00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00 c0 48  00 00 0f f9 01 02 1f 02"
                + "74 52 00 11 10 40 00 08  08 03 00 40 00 00 00 00  00 00 01 1f 08 00 00 00  00 00 00 00 00 30 00 00");
        assertPayload(DrPath.of(1), AttributeId.PORT_INFO, 2,
                "00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 01 02 1f 02"
                + "72 52 00 11 40 40 00 08  08 04 e0 40 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00");
        assertPayload(DrPath.of(1), AttributeId.PORT_INFO, 3,
                "00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  00 00 00 00 01 02 1f 02"
                + "71 22 00 11 40 40 00 08  08 04 e0 40 00 00 00 00  00 00 00 00 00 40 00 00  00 00 00 00 00 00 00 00");
    }

    @Test
    void switchInfo() {
        assertPayload(DrPath.of(1), AttributeId.SWITCH_INFO, 0, "78 00 00 00 04 00 00 00  00 00 00 04 00 00 00 40"
                + "30 00 00 00");
    }

    @Test
    void tables() {
        assertPayload(DrPath.local(), AttributeId.P_KEY_TABLE, 0, "ffff");
        assertPayload(DrPath.local(), AttributeId.SL_TO_VL_MAPPING_TABLE, 0, "0123456789abcde7");
        assertPayload(DrPath.of(1), AttributeId.SL_TO_VL_MAPPING_TABLE, 0x0102, "0123456789abcde7");
        assertPayload(DrPath.local(), AttributeId.VL_ARBITRATION_TABLE, 0x10000, "0000 0104 0204 0304 0404 0504"
                + " 0604 0704");
        assertPayload(DrPath.local(), AttributeId.VL_ARBITRATION_TABLE, 0x30000, "0004 0100 0200 0300 0400 0500"
                + " 0600 0700");
        assertPayload(DrPath.local(), AttributeId.GUID_INFO, 0, "0002c90200000001");
        assertPayload(DrPath.of(1), AttributeId.GUID_INFO, 0, "0002c90100000000");
        assertPayload(DrPath.of(1), AttributeId.LINEAR_FORWARDING_TABLE, 0, "ff".repeat(64));
        assertPayload(DrPath.of(1), AttributeId.MULTICAST_FORWARDING_TABLE, 0, "");
    }

    @Test
    void nodeDescriptionIsTheNodeName() {
        assertPayload(DrPath.of(1, 2), AttributeId.NODE_DESCRIPTION, 0, HEX.formatHex("sw2".getBytes()));
    }

    /** Asserts the 64-byte payload: {@code hex} (spaces ignored) followed by zeros. */
    private void assertPayload(DrPath path, AttributeId attr, long mod, String hex) {
        byte[] r = sm.get(path, attr, mod);
        assertThat(r).as("%s at %s", attr, path).isNotNull();
        assertThat(Smp.status(r)).isZero();
        byte[] expected = Arrays.copyOf(HEX.parseHex(hex.replace(" ", "")), Smp.DATA_SIZE);
        assertThat(HEX.formatHex(Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE)))
                .as("%s mod 0x%x at %s", attr, mod, path).isEqualTo(HEX.formatHex(expected));
    }
}
