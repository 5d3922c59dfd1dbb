package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST2;
import static dev.jsm.sim.TestFabrics.LEAF1;
import static dev.jsm.sim.TestFabrics.SPINE0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SimDirectedRouteTest {

    private SimFabric fabric;
    private SmpClient sm;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TestFabrics.twoLevel());
        sm = new SmpClient(fabric, HOST0, 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @ParameterizedTest(name = "path {0}")
    @CsvSource(delimiter = ';', value = {
        "0;       0x1000; 1; 1; 0x1001",
        "0,1;     0x2000; 2; 1; 0x2000",
        "0,1,3;   0x3000; 2; 1; 0x3000",
        "0,1,3,2; 0x2100; 2; 3; 0x2100",
        "0,1,4,2,1; 0x1200; 1; 1; 0x1201"})
    void nodeInfoAtEachHop(String path, String nodeGuid, int nodeType, int localPort, String portGuid) {
        byte[] r = sm.get(DrPath.parse(path), AttributeId.NODE_INFO, 0);

        assertThat(r).isNotNull();
        assertThat(Smp.status(r)).isZero();
        assertThat(r[3] & 0xFF).as("GetResp").isEqualTo(0x81);
        assertThat(Smp.isReturning(r)).as("D bit").isTrue();
        NodeInfo ni = NodeInfo.decode(r, Smp.DATA_OFFSET);
        assertThat(ni.nodeGuid()).isEqualTo(Long.decode(nodeGuid));
        assertThat(ni.nodeType()).isEqualTo(nodeType);
        assertThat(ni.localPortNum()).isEqualTo(localPort);
        assertThat(ni.portGuid()).isEqualTo(Long.decode(portGuid));
    }

    @Test
    void returnedMadCarriesArrivalPortsAndHopPointerZero() {
        DrPath path = DrPath.of(1, 3, 2);

        byte[] r = sm.get(path, AttributeId.NODE_INFO, 0);

        assertThat(Smp.hopPointer(r)).isZero();
        assertThat(Smp.hopCount(r)).isEqualTo(3);
        assertThat(Smp.initialPath(r)).isEqualTo(path);
        byte[] returnPath = Arrays.copyOfRange(r, Smp.RETURN_PATH_OFFSET, Smp.RETURN_PATH_OFFSET + 5);
        assertThat(returnPath).as("ReturnPath[1..3]: arrival ports at leaf-0, spine-0, leaf-1")
                .containsExactly(0, 1, 1, 3, 0);
        assertThat(MadHeader.ATTRIBUTE_ID.getInt(r, 0)).isEqualTo(AttributeId.NODE_INFO.value());
        assertThat(Smp.DR_SLID.getInt(r, 0)).isEqualTo(0xFFFF);
    }

    @Test
    void hopCountZeroAddressesTheLocalPort() {
        byte[] r = sm.get(DrPath.local(), AttributeId.NODE_DESCRIPTION, 0);

        assertThat(new String(r, Smp.DATA_OFFSET, 6)).isEqualTo("host-0");
        assertThat(Smp.hopPointer(r)).isZero();
    }

    @Test
    void pathThroughUncabledOrDownPortIsDropped() {
        assertThat(sm.get(DrPath.of(1, 3, 3), AttributeId.NODE_INFO, 0)).as("spine-0 port 3 uncabled").isNull();
        assertThat(sm.failed).as("handed back at once, as ibsim does").hasSize(1);
        assertThat(sm.get(DrPath.of(2), AttributeId.NODE_INFO, 0)).as("not the sending port").isNull();

        fabric.faults().linkDown(LEAF1, 3);

        assertThat(sm.get(DrPath.of(1, 3, 2), AttributeId.NODE_INFO, 0)).isNull();
        assertThat(sm.get(DrPath.of(1, 4, 2), AttributeId.NODE_INFO, 0)).isNotNull();
        assertThat(fabric.stats().dropped()).isEqualTo(3);
    }

    @Test
    void caInTheMiddleOfAPathDropsTheSmp() {
        assertThat(sm.get(DrPath.of(1, 1, 1), AttributeId.NODE_INFO, 0)).isNull();
    }

    @Test
    void nonZeroHopPointerOrLidRoutedPartIsDropped() {
        byte[] mad = Smp.directedRoute(Method.GET, 7, AttributeId.NODE_INFO, 0, DrPath.of(1), 0);
        mad[6] = 1;
        assertThat(sm.exchange(MadAddress.directedRoute(), mad)).isNull();

        byte[] withDrSlid = Smp.directedRoute(Method.GET, 8, AttributeId.NODE_INFO, 0,
                DrPath.of(1), 0);
        Smp.DR_SLID.put(withDrSlid, 0, 5);
        assertThat(sm.exchange(MadAddress.directedRoute(), withDrSlid)).isNull();
    }

    @Test
    void switchChannelSendsOutOfAnyPort() {
        SmpClient switchSm = new SmpClient(fabric, SPINE0, 0);

        byte[] self = switchSm.get(DrPath.local(), AttributeId.NODE_INFO, 0);
        byte[] leaf1 = switchSm.get(DrPath.of(2), AttributeId.NODE_INFO, 0);
        byte[] host2 = switchSm.get(DrPath.of(2, 1), AttributeId.NODE_INFO, 0);

        assertThat(NodeInfo.decode(self, Smp.DATA_OFFSET).localPortNum()).isZero();
        assertThat(NodeInfo.decode(leaf1, Smp.DATA_OFFSET).nodeGuid()).isEqualTo(0x2100);
        assertThat(NodeInfo.decode(host2, Smp.DATA_OFFSET).nodeGuid()).isEqualTo(0x1200);
        assertThat(sm.inbox).isEmpty();
    }

    @Test
    void removedNodeDoesNotAnswerAndReturnsWithDefaults() {
        byte[] pi = sm.get(DrPath.of(1, 3, 2, 1), AttributeId.PORT_INFO, 0);
        byte[] data = Arrays.copyOfRange(pi, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
        PortInfo.LID.put(data, 0, 9);
        assertThat(Smp.status(sm.set(DrPath.of(1, 3, 2, 1), AttributeId.PORT_INFO, 0, data))).isZero();

        fabric.faults().removeNode(HOST2);
        assertThat(sm.get(DrPath.of(1, 3, 2, 1), AttributeId.NODE_INFO, 0)).isNull();
        assertThat(fabric.portInfo(LEAF1, 1).portState()).isEqualTo(1);

        fabric.faults().returnNode(HOST2);
        assertThat(sm.get(DrPath.of(1, 3, 2, 1), AttributeId.NODE_INFO, 0)).isNotNull();
        assertThat(fabric.portInfo(LEAF1, 1).portState()).isEqualTo(2);
        assertThat(fabric.portInfo(HOST2, 1).lid()).as("powered on afresh").isZero();
    }
}
