package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.GeneralInfoCapabilities;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.QosConfigSl;
import dev.jsm.mad.smp.VNodeInfo;
import dev.jsm.mad.smp.VPortGuidInfo;
import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.mad.smp.VPortPKeyTable;
import dev.jsm.mad.smp.VPortState;
import dev.jsm.mad.smp.VirtualizationInfo;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.sim.topo.VPortSpec;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The SMA of HCAs with virtual ports, through SMPs on a {@link SimMadChannel}: every virtualization and enhanced-QoS
 * attribute's Get and Set, the checks on modifiers and values, the vport state machine, M_Key, a vport answering
 * garbage while a fault says so, and a fabric without vports answering exactly as before. The SM sits on host-0
 * port 1; every CA has vports 1..4, the odd ones with a LID of their own.
 */
class SimVirtualizationTest {

    private static final DrPath SELF = DrPath.local();
    private static final DrPath TO_LEAF0 = DrPath.of(1);
    private static final VPortSpec SPEC = new VPortSpec(4, VPortSpec.Lids.HALF);

    private SimFabric fabric;
    private SmpClient sm;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TestFabrics.twoLevel().withVPorts(SPEC));
        sm = new SmpClient(fabric, HOST0, 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void aFabricWithoutVPortsAnswersAsBefore() {
        try (SimFabric plain = new SimFabric(TestFabrics.twoLevel())) {
            SmpClient c = new SmpClient(plain, HOST0, 1);
            for (AttributeId a : new AttributeId[] {AttributeId.VIRTUALIZATION_INFO, AttributeId.VPORT_INFO,
                AttributeId.VPORT_STATE, AttributeId.VNODE_INFO, AttributeId.VNODE_DESCRIPTION,
                AttributeId.VPORT_GUID_INFO, AttributeId.VPORT_P_KEY_TABLE, AttributeId.QOS_CONFIG_SL}) {
                assertThat(status(c.get(SELF, a, 0))).as(a.name()).isEqualTo(0x000C);
            }
            assertThat(status(c.get(SELF, AttributeId.GENERAL_INFO, 4))).isEqualTo(0x000C);
            assertThat(PortInfo.decode(c.get(SELF, AttributeId.PORT_INFO, 0), Smp.DATA_OFFSET).capabilityMask2())
                    .isEqualTo(0x0030);
            assertThat(plain.virtualization().supported(HOST0, 1)).isFalse();
        }
    }

    @Test
    void capabilitiesAnnounceVirtualizationAndRateLimits() {
        PortInfo pi = PortInfo.decode(sm.get(SELF, AttributeId.PORT_INFO, 0), Smp.DATA_OFFSET);
        assertThat(pi.capabilityMask2()).isEqualTo(0x0034);
        assertThat(pi.hasCapability2(PortInfo.CAP2_IS_VIRTUALIZATION_SUPPORTED)).isTrue();
        GeneralInfoCapabilities caps = GeneralInfoCapabilities.decode(
                payload(sm.get(SELF, AttributeId.GENERAL_INFO, 4)), 0);
        assertThat(caps.has(GeneralInfoCapabilities.IS_VIRTUALIZATION_SUPPORTED)).isTrue();
        assertThat(caps.has(GeneralInfoCapabilities.IS_QOS_CONFIG_SL_RATE_LIMIT_SUPPORTED)).isTrue();
        assertThat(caps.has(GeneralInfoCapabilities.IS_QOS_CONFIG_SL_VPORT_RATE_LIMIT_SUPPORTED)).isTrue();
        assertThat(caps.has(GeneralInfoCapabilities.IS_QOS_CONFIG_SL_ALLOC_BW_SUPPORTED)).isFalse();
        assertThat(status(sm.get(SELF, AttributeId.GENERAL_INFO, 0))).as("hardware info not modelled")
                .isEqualTo(0x1C);
        assertThat(status(sm.set(SELF, AttributeId.GENERAL_INFO, 4, new byte[64]))).isEqualTo(0x000C);
        assertThat(status(sm.get(TO_LEAF0, AttributeId.VIRTUALIZATION_INFO, 0))).as("switch").isEqualTo(0x000C);
        assertThat(PortInfo.decode(sm.get(TO_LEAF0, AttributeId.PORT_INFO, 1), Smp.DATA_OFFSET).capabilityMask2())
                .as("switch ports unchanged").isZero();
    }

    @Test
    void virtualizationInfoAtPowerOnAndItsModifier() {
        VirtualizationInfo vi = virtualizationInfo();
        assertThat(vi).isEqualTo(new VirtualizationInfo(4, 4, 0, 0, 0, 0, 0));
        assertThat(status(sm.get(SELF, AttributeId.VIRTUALIZATION_INFO, 1))).isEqualTo(0x1C);
        byte[] ro = new byte[64];
        new VirtualizationInfo(9, 9, 1, 1, 0, 7, 3).encodeTo(ro, 0);
        VirtualizationInfo after = VirtualizationInfo.decode(payload(sm.set(SELF, AttributeId.VIRTUALIZATION_INFO,
                0, ro)), 0);
        assertThat(after).as("read-only fields ignored, VClientReregister reads 0")
                .isEqualTo(new VirtualizationInfo(4, 4, 1, 0, 0, 0, 0));
        assertThat(fabric.virtualization().virtualizationInfo(HOST0, 1)).isEqualTo(after);
    }

    @Test
    void vportInfoDescribesEachVPort() {
        for (int i = 0; i <= 4; i++) {
            VPortInfo v = vportInfo(i);
            assertThat(v.vportGuid()).isEqualTo(VPortSpec.vportGuid(0x1001, i));
            assertThat(v.needsOwnLid()).as("vport %d", i).isEqualTo(i % 2 == 1);
            assertThat(v.vguidCap()).isEqualTo(8);
            assertThat(v.vportCapabilityMask()).isEqualTo(VPortInfo.CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED);
            assertThat(v.vportState()).as("link up, VM running").isEqualTo(VPortInfo.STATE_INIT);
            assertThat(v.lidByVPortIndex()).isZero();
        }
        assertThat(vportInfo(1).vportGuid()).isEqualTo(0x8001000000001001L);
        assertThat(status(sm.get(SELF, AttributeId.VPORT_INFO, 5))).as("beyond VPortCap").isEqualTo(0x1C);
        assertThat(status(sm.get(SELF, AttributeId.VPORT_INFO, 0x10001))).isEqualTo(0x1C);
        assertThat(fabric.virtualization().vportInfo(HOST0, 1, 3)).isEqualTo(vportInfo(3));
    }

    @Test
    void vnodesAreTheVirtualMachines() {
        VNodeInfo pf = VNodeInfo.decode(payload(sm.get(SELF, AttributeId.VNODE_INFO, 0)), 0);
        assertThat(pf).as("vport 0: the physical node").isEqualTo(new VNodeInfo(32, 1, 2, 0x1000));
        VNodeInfo vm = VNodeInfo.decode(payload(sm.get(SELF, AttributeId.VNODE_INFO, 2)), 0);
        assertThat(vm).isEqualTo(new VNodeInfo(32, 1, 1, VPortSpec.vnodeGuid(0x1001, 2)));
        assertThat(fabric.virtualization().vnodeDescription(HOST0, 1, 2)).isEqualTo("host-0 vm2");
        assertThat(fabric.virtualization().vnodeDescription(HOST0, 1, 0)).isEqualTo("host-0");
        assertThat(status(sm.get(SELF, AttributeId.VNODE_DESCRIPTION, 5))).isEqualTo(0x1C);
        assertThat(status(sm.set(SELF, AttributeId.VNODE_INFO, 1, new byte[64]))).isEqualTo(0x000C);
        assertThat(status(sm.set(SELF, AttributeId.VNODE_DESCRIPTION, 1, new byte[64]))).isEqualTo(0x000C);
    }

    @Test
    void vportStateBlocksCoverVPortCap() {
        VPortState block = VPortState.decode(payload(sm.get(SELF, AttributeId.VPORT_STATE, 0)), 0);
        assertThat(Arrays.copyOf(block.states(), 6)).containsExactly(2, 2, 2, 2, 2, 0);
        assertThat(status(sm.get(SELF, AttributeId.VPORT_STATE, 1))).isEqualTo(0x1C);
        assertThat(status(sm.set(SELF, AttributeId.VPORT_STATE, 0, new byte[64]))).isEqualTo(0x000C);
        try (SimFabric big = new SimFabric(TopologyShapes.parse("fat2:k=4,vports=200"))) {
            SmpClient c = new SmpClient(big, 0, 1);
            VPortState second = VPortState.decode(payload(c.get(SELF, AttributeId.VPORT_STATE, 1)), 0);
            assertThat(second.state(200 - 128)).isEqualTo(VPortInfo.STATE_INIT);
            assertThat(second.state(201 - 128)).isZero();
            assertThat(status(c.get(SELF, AttributeId.VPORT_STATE, 2))).isEqualTo(0x1C);
        }
    }

    @Test
    void vportStatesMoveOnlyInLegalOrder() {
        enableVirtualization();
        assertThat(setVPort(1, VPortInfo.VPORT_STATE, VPortInfo.STATE_ACTIVE)).as("Init -> Active").isEqualTo(0x1C);
        assertThat(setVPort(1, VPortInfo.VPORT_STATE, 5)).isEqualTo(0x1C);
        assertThat(setVPort(1, VPortInfo.VPORT_STATE, VPortInfo.STATE_ARMED)).isZero();
        assertThat(vportInfo(1).vportState()).isEqualTo(VPortInfo.STATE_ARMED);
        assertThat(setVPort(1, VPortInfo.VPORT_STATE, VPortInfo.STATE_ACTIVE)).as("physical port still Init")
                .isEqualTo(0x1C);
        activatePhysicalPort();
        assertThat(setVPort(3, VPortInfo.VPORT_STATE, VPortInfo.STATE_ACTIVE)).as("Init -> Active, port Active")
                .isEqualTo(0x1C);
        assertThat(setVPort(1, VPortInfo.VPORT_STATE, VPortInfo.STATE_ACTIVE)).isZero();
        assertThat(vportInfo(1).vportState()).isEqualTo(VPortInfo.STATE_ACTIVE);
        assertThat(setVPort(1, VPortInfo.VPORT_STATE, VPortInfo.STATE_INIT)).as("Init on a live vport: no change")
                .isZero();
        assertThat(vportInfo(1).vportState()).isEqualTo(VPortInfo.STATE_ACTIVE);
        assertThat(setVPort(1, VPortInfo.VPORT_STATE, VPortInfo.STATE_DOWN)).as("Down bounces").isZero();
        assertThat(vportInfo(1).vportState()).isEqualTo(VPortInfo.STATE_INIT);
        assertThat(virtualizationInfo().stateChanged()).as("the SM's own changes are not flagged").isFalse();
        fabric.faults().vmStop(HOST0, 1, 2);
        assertThat(setVPort(2, VPortInfo.VPORT_STATE, VPortInfo.STATE_ARMED)).as("VM stopped").isEqualTo(0x1C);
    }

    @Test
    void aGarbledVportAnswersGarbageToGetsUntilTheFaultIsCleared() {
        enableVirtualization();
        fabric.faults().garbleVPortInfo(HOST0, 1, 2, true);
        byte[] garbage = new byte[64];
        Arrays.fill(garbage, (byte) 0xFF);
        assertThat(vportPayload(2)).as("every payload byte 0xFF").isEqualTo(garbage);
        assertThat(vportInfo(1).vportState()).as("the other vports answer properly").isEqualTo(VPortInfo.STATE_INIT);
        assertThat(setVPort(2, VPortInfo.VPORT_STATE, VPortInfo.STATE_ARMED)).as("Sets still apply").isZero();
        assertThat(fabric.virtualization().vportInfo(HOST0, 1, 2).vportState()).as("read back garbled too")
                .isEqualTo(15);

        fabric.faults().garbleVPortInfo(HOST0, 1, 2, false);
        assertThat(vportInfo(2).vportState()).isEqualTo(VPortInfo.STATE_ARMED);
        assertThat(vportInfo(2).vportGuid()).isEqualTo(VPortSpec.vportGuid(fabric.topology().node(HOST0).portGuid(1),
                2));
    }

    @Test
    void vportZeroFollowsThePhysicalPortUntilVirtualizationIsOn() {
        assertThat(setVPort(0, VPortInfo.VPORT_STATE, VPortInfo.STATE_ARMED)).as("ignored while off").isZero();
        assertThat(vportInfo(0).vportState()).isEqualTo(VPortInfo.STATE_INIT);
        activatePhysicalPort();
        assertThat(vportInfo(0).vportState()).isEqualTo(VPortInfo.STATE_ACTIVE);
        enableVirtualization();
        assertThat(vportInfo(0).vportState()).as("starts from the physical state").isEqualTo(VPortInfo.STATE_ACTIVE);
        assertThat(setVPort(0, VPortInfo.VPORT_STATE, VPortInfo.STATE_DOWN)).isZero();
        assertThat(vportInfo(0).vportState()).as("a state of its own now").isEqualTo(VPortInfo.STATE_INIT);
        assertThat(fabric.portInfo(HOST0, 1).portState()).isEqualTo(PortInfo.STATE_ACTIVE);
    }

    @Test
    void onlyVPortsThatNeedALidKeepTheOneTheSmSets() {
        assertThat(setVPort(1, VPortInfo.VPORT_LID, 0x21)).isZero();
        assertThat(setVPort(2, VPortInfo.VPORT_LID, 0x22)).as("read-only here: ignored").isZero();
        assertThat(vportInfo(1).vportLid()).isEqualTo(0x21);
        assertThat(vportInfo(2).vportLid()).isZero();
        assertThat(setVPort(3, VPortInfo.VPORT_LID, 0xC000)).as("multicast").isEqualTo(0x1C);
        byte[] both = vportPayload(1);
        VPortInfo.VPORT_LID.put(both, 0, 0x31);
        VPortInfo.VPORT_STATE.put(both, 0, VPortInfo.STATE_ACTIVE);
        assertThat(status(sm.set(SELF, AttributeId.VPORT_INFO, 1, both))).isEqualTo(0x1C);
        assertThat(vportInfo(1).vportLid()).as("a refused Set changes nothing").isEqualTo(0x21);
        byte[] ro = vportPayload(3);
        VPortInfo.VPORT_GUID.put(ro, 0, 0x42);
        VPortInfo.LID_REQUIRED.put(ro, 0, 0);
        VPortInfo.VGUID_CAP.put(ro, 0, 1);
        VPortInfo.VPORT_CLIENT_REREGISTER.put(ro, 0, 1);
        assertThat(VPortInfo.decode(payload(sm.set(SELF, AttributeId.VPORT_INFO, 3, ro)), 0)).isEqualTo(vportInfo(3))
                .extracting(VPortInfo::vportGuid).isEqualTo(VPortSpec.vportGuid(0x1001, 3));
    }

    @Test
    void vportGuidInfoKeepsEntryZeroAndStoresAliases() {
        byte[] block = new byte[64];
        new VPortGuidInfo(new long[] {0x42, 0x0002c90300000043L, 0, 0, 0, 0, 0, 0x44}).encodeTo(block, 0);
        VPortGuidInfo after = VPortGuidInfo.decode(payload(sm.set(SELF, AttributeId.VPORT_GUID_INFO,
                VPortGuidInfo.modifier(3, 0), block)), 0);
        assertThat(after.guid(0)).isEqualTo(VPortSpec.vportGuid(0x1001, 3));
        assertThat(after.guid(1)).isEqualTo(0x0002c90300000043L);
        assertThat(after.guid(7)).isEqualTo(0x44);
        assertThat(fabric.virtualization().vportGuids(HOST0, 1, 3)).containsExactly(VPortSpec.vportGuid(0x1001, 3),
                0x0002c90300000043L, 0, 0, 0, 0, 0, 0x44);
        assertThat(fabric.virtualization().vportGuids(HOST0, 1, 2)[1]).as("other vports untouched").isZero();
        assertThat(status(sm.get(SELF, AttributeId.VPORT_GUID_INFO, VPortGuidInfo.modifier(3, 1))))
                .as("VGUIDCap 8: one block").isEqualTo(0x1C);
        assertThat(status(sm.get(SELF, AttributeId.VPORT_GUID_INFO, VPortGuidInfo.modifier(5, 0))))
                .isEqualTo(0x1C);
    }

    @Test
    void vportPKeyTablesArePerVPort() {
        int[] defaults = new int[32];
        defaults[0] = 0xFFFF;
        assertThat(fabric.virtualization().vportPKeys(HOST0, 1, 2)).containsExactly(defaults);
        int[] keys = new int[32];
        keys[0] = 0xFFFF;
        keys[1] = 0x8a0b;
        byte[] block = new byte[64];
        new VPortPKeyTable(keys).encodeTo(block, 0);
        assertThat(VPortPKeyTable.decode(payload(sm.set(SELF, AttributeId.VPORT_P_KEY_TABLE,
                VPortPKeyTable.modifier(2, 0), block)), 0).pKey(1)).isEqualTo(0x8a0b);
        assertThat(fabric.virtualization().vportPKeys(HOST0, 1, 2)).containsExactly(keys);
        assertThat(fabric.virtualization().vportPKeys(HOST0, 1, 1)).containsExactly(defaults);
        assertThat(fabric.pKeyBlock(HOST0, 1, 0)).as("the physical table is another").containsExactly(
                Arrays.copyOf(new int[] {0xFFFF}, 32));
        assertThat(status(sm.get(SELF, AttributeId.VPORT_P_KEY_TABLE, VPortPKeyTable.modifier(2, 1))))
                .as("VPartitionCap 32").isEqualTo(0x1C);
        assertThat(status(sm.get(SELF, AttributeId.VPORT_P_KEY_TABLE, VPortPKeyTable.modifier(7, 0))))
                .isEqualTo(0x1C);
    }

    @Test
    void rateLimitsPerSlOnThePortAndOnVPorts() {
        int[] port = new int[16];
        port[1] = 50;
        int[] vport = new int[16];
        Arrays.fill(vport, 15);
        vport[3] = 10;
        byte[] data = new byte[64];
        new QosConfigSl(new int[] {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}, port).encodeTo(data, 0);
        QosConfigSl answered = QosConfigSl.decode(payload(sm.set(SELF, AttributeId.QOS_CONFIG_SL,
                QosConfigSl.portModifier(0), data)), 0);
        assertThat(answered.rateLimit()).containsExactly(port);
        assertThat(answered.bandwidthShare()).as("shares not supported").containsOnly(0);
        QosConfigSl.ofRateLimits(vport).encodeTo(data, 0);
        assertThat(status(sm.set(SELF, AttributeId.QOS_CONFIG_SL, QosConfigSl.vportModifier(3), data))).isZero();

        assertThat(QosConfigSl.decode(payload(sm.get(SELF, AttributeId.QOS_CONFIG_SL, 1)), 0).rateLimit())
                .as("port 1 is the arrival port").containsExactly(port);
        assertThat(fabric.virtualization().rateLimits(HOST0, 1)).containsExactly(port);
        assertThat(fabric.virtualization().vportRateLimits(HOST0, 1, 3)).containsExactly(vport);
        assertThat(fabric.virtualization().vportRateLimits(HOST0, 1, 0)).containsOnly(0);
        assertThat(status(sm.get(SELF, AttributeId.QOS_CONFIG_SL, 2))).as("not the arrival port").isEqualTo(0x1C);
        assertThat(status(sm.get(SELF, AttributeId.QOS_CONFIG_SL, QosConfigSl.vportModifier(5)))).isEqualTo(0x1C);
        assertThat(status(sm.get(SELF, AttributeId.QOS_CONFIG_SL, 0x8001_0003L))).isEqualTo(0x1C);
    }

    @Test
    void mKeyGuardsTheNewAttributesAsTheOthers() {
        fabric.setMKey(HOST0, 1, 0x1234, 1, 0);
        assertThat(status(sm.get(SELF, AttributeId.VPORT_INFO, 1))).as("level 1: Gets pass").isZero();
        assertThat(sm.set(SELF, AttributeId.VIRTUALIZATION_INFO, 0, enableBit())).as("a Set fails the check")
                .isNull();
        assertThat(virtualizationInfo().enabled()).isFalse();
        fabric.setMKey(HOST0, 1, 0x1234, 2, 0);
        assertThat(sm.get(SELF, AttributeId.VPORT_STATE, 0)).as("level 2: Gets fail too").isNull();
        assertThat(fabric.portInfo(HOST0, 1).mKeyViolations()).isEqualTo(2);
    }

    @Test
    void methodsAndVersionsAreCheckedFirst() {
        DrPath host1 = DrPath.of(1, 2);
        byte[] getTable = Smp.directedRoute(Method.GET_TABLE, 9, AttributeId.VPORT_INFO, 0, host1, 0);
        assertThat(status(sm.exchange(MadAddress.directedRoute(), getTable))).isEqualTo(0x0008);
        byte[] version2 = Smp.directedRoute(Method.GET, 10, AttributeId.VIRTUALIZATION_INFO, 0, host1, 0);
        version2[2] = 2;
        assertThat(status(sm.exchange(MadAddress.directedRoute(), version2))).isEqualTo(0x0004);
    }

    @Test
    void aNetFileLineGivesOneCaVPorts() throws Exception {
        Topology t = TopologyReader.parse("""
                # jsm-virt "hca-b" vports=2 vport-lids=none
                Switch 4 "sw"
                [1] "hca-a"[1]
                [2] "hca-b"[1]

                Hca 1 "hca-a"
                [1] "sw"[1]

                Hca 1 "hca-b"
                [1] "sw"[2]
                """, "two.net");
        try (SimFabric f = new SimFabric(t)) {
            SmpClient c = new SmpClient(f, t.indexOfName("hca-a"), 1);
            assertThat(status(c.get(SELF, AttributeId.VPORT_INFO, 0))).isEqualTo(0x000C);
            VPortInfo v = VPortInfo.decode(payload(c.get(DrPath.of(1, 2), AttributeId.VPORT_INFO, 2)), 0);
            assertThat(v.needsOwnLid()).isFalse();
            assertThat(status(c.get(DrPath.of(1, 2), AttributeId.VPORT_INFO, 3))).isEqualTo(0x1C);
        }
    }

    @Test
    void inspectionRefusesPortsWithoutVirtualization() {
        SimVirtualization v = fabric.virtualization();
        assertThat(v.supported(HOST0, 1)).isTrue();
        assertThat(v.supported(HOST0, 2)).as("uncabled but present").isTrue();
        assertThat(v.supported(TestFabrics.LEAF0, 1)).isFalse();
        assertThatThrownBy(() -> v.vportInfo(TestFabrics.LEAF0, 1, 0)).hasMessage("port 1/1 has no virtualization");
        assertThatThrownBy(() -> v.vportInfo(HOST0, 1, 5)).hasMessageContaining("status 0x001c");
        assertThatThrownBy(() -> v.vmRunning(HOST0, 1, 5)).hasMessage("vport 5 outside 0..4");
        assertThat(v.vportState(HOST1, 1, 4)).isEqualTo(VPortInfo.STATE_INIT);
        assertThat(v.vmRunning(HOST1, 1, 4)).isTrue();
    }

    private VirtualizationInfo virtualizationInfo() {
        return VirtualizationInfo.decode(payload(sm.get(SELF, AttributeId.VIRTUALIZATION_INFO, 0)), 0);
    }

    private VPortInfo vportInfo(int index) {
        return VPortInfo.decode(payload(sm.get(SELF, AttributeId.VPORT_INFO, index)), 0);
    }

    private byte[] vportPayload(int index) {
        return payload(sm.get(SELF, AttributeId.VPORT_INFO, index));
    }

    /** A Set of VPortInfo built from a Get with one field changed; the status. */
    private int setVPort(int index, Field field, long value) {
        byte[] data = vportPayload(index);
        VPortInfo.VPORT_STATE.put(data, 0, VPortInfo.STATE_NO_CHANGE);
        field.put(data, 0, value);
        return status(sm.set(SELF, AttributeId.VPORT_INFO, index, data));
    }

    private static byte[] enableBit() {
        byte[] data = new byte[64];
        VirtualizationInfo.VIRTUALIZATION_ENABLE.put(data, 0, 1);
        return data;
    }

    private void enableVirtualization() {
        assertThat(VirtualizationInfo.decode(payload(sm.set(SELF, AttributeId.VIRTUALIZATION_INFO, 0, enableBit())),
                0).enabled()).isTrue();
    }

    /** host-0 port 1 and leaf-0 port 1 to Armed, then host-0 port 1 to Active. */
    private void activatePhysicalPort() {
        setPortState(SELF, 0, PortInfo.STATE_ARMED);
        setPortState(TO_LEAF0, 1, PortInfo.STATE_ARMED);
        setPortState(SELF, 0, PortInfo.STATE_ACTIVE);
        assertThat(fabric.portInfo(HOST0, 1).portState()).isEqualTo(PortInfo.STATE_ACTIVE);
    }

    private void setPortState(DrPath path, int port, int state) {
        byte[] data = payload(sm.get(path, AttributeId.PORT_INFO, port));
        PortInfo.PORT_STATE.put(data, 0, state);
        assertThat(status(sm.set(path, AttributeId.PORT_INFO, port, data))).isZero();
    }

    static int status(byte[] r) {
        assertThat(r).as("a response").isNotNull();
        return Smp.status(r);
    }

    static byte[] payload(byte[] r) {
        assertThat(status(r)).isZero();
        return Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
    }
}
