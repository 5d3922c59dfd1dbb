package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import org.junit.jupiter.api.Test;

/**
 * The virtualization and enhanced-QoS vendor attributes on annotated fixtures. No capture from hardware is available
 * to the project, so the bytes are written from the field tables of {@code docs/virtualization.md} and
 * {@code docs/enhanced-qos.md} (which give the public sources); each test decodes a fixture, checks every field and
 * encodes the record back to the same bytes.
 */
class VirtualizationCodecsTest {

    /** A port that supports vports 0..4, all enabled, with virtualization on and a state change pending. */
    static final byte[] VIRTUALIZATION_INFO = HexFixture.parse("""
            0004                // VPortCap: 4
            0004                // VPortIndexTop: 4
            a0                  // VirtualizationEnable 1 (0x80), VClientReregister 0, VPortStateChange 1 (0x20)
            00                  // reserved
            00                  // VirtualizationRevision 0
            00                  // CapabilityMask
            00*56               // reserved
            """);

    /** Vport 1: Active, needs a LID of its own, LID 0x21. */
    static final byte[] VPORT_INFO_OWN_LID = HexFixture.parse("""
            44                  // VPortState 4 Active (bits 7:4), VPortClientReregister 0, LIDRequired 1 (0x04)
            08                  // VGUIDCap: 8
            0001                // VPortCapabilityMask: IsCommunicationManagementSupported
            0000                // P_KeyViolations
            0003                // Q_KeyViolations: 3
            0021                // VPortLID
            0000                // LIDByVPortIndex
            8001000000001011    // VPortGUID
            0000000000000000    // VPortProfile
            00*36               // reserved
            """);

    /** Vport 2: Init, shares the LID of vport 0. */
    static final byte[] VPORT_INFO_SHARED_LID = HexFixture.parse("""
            20                  // VPortState 2 Init, LIDRequired 0
            08                  // VGUIDCap
            0001                // VPortCapabilityMask
            0000 0000           // P_KeyViolations, Q_KeyViolations
            0000                // VPortLID: none of its own
            0000                // LIDByVPortIndex: vport 0's LID (the physical port's)
            8002000000001011    // VPortGUID
            0000000000000000    // VPortProfile
            00*36               // reserved
            """);

    /** Block 0 of a port with vports 0..4: Active, Active, Init, Down, Active. */
    static final byte[] VPORT_STATE = HexFixture.parse("""
            44                  // vport 0 Active (high nibble), vport 1 Active
            21                  // vport 2 Init, vport 3 Down
            40                  // vport 4 Active, vport 5: none
            00*61               // vports 6..127: none
            """);

    static final byte[] VNODE_INFO = HexFixture.parse("""
            0020                // VPartitionCap: 32
            01                  // VLocalPortNum
            01                  // VNumPorts
            4001000000001011    // VNodeGUID
            00*52               // reserved
            """);

    static final byte[] VNODE_DESCRIPTION = HexFixture.parse("""
            686f73742d3020766d31 // VNodeString "host-0 vm1"
            00*54               // NUL padding
            """);

    static final byte[] VPORT_GUID_INFO = HexFixture.parse("""
            8001000000001011    // GUID[0]: the vport's own GUID
            0002c90300000042    // GUID[1]: an alias the SM assigned
            0000000000000000*6  // GUID[2..7]
            """);

    static final byte[] VPORT_P_KEY_TABLE = HexFixture.parse("""
            ffff                // P_Key[0]: default partition, full member
            0a0b                // P_Key[1]: partition 0x0a0b, limited member
            0000*30             // P_Key[2..31]
            """);

    /** SL1 limited to 50 Mb/s, SL3 to 25 Mb/s with bandwidth share 10, the rest unlimited. */
    static final byte[] QOS_CONFIG_SL = HexFixture.parse("""
            00000000            // SL0: share 0, rate limit 0 (unlimited)
            00000032            // SL1: rate limit 50 (bits 19:0)
            00000000            // SL2
            00a00019            // SL3: BandwidthShare 10 (bits 31:20), RateLimit 25
            00000000*12         // SL4..15
            """);

    /** CapabilityMask of a virtualization-capable HCA: bits 15, 22, 24, 25. */
    static final byte[] GENERAL_INFO_CAPABILITIES = HexFixture.parse("""
            03408000            // word 0: bits 25, 24, 22, 15
            00000000 00000000 00000000 // words 1..3
            00*48               // rest of the attribute
            """);

    /** Trap 1146 from LID 5 of a ConnectX-5 (DeviceID 0x1017). */
    static final byte[] TRAP_1146 = HexFixture.parse("""
            04                  // IsGeneric 0, Type 4 (informational)
            0002c9              // VendorID: Mellanox
            1017                // DeviceID
            0005                // IssuerLID
            0000                // NoticeToggle, NoticeCount
            0000                // DataDetails 0-1: reserved
            0005                // DataDetails 2-3: the LID of the port whose vport changed
            00*48               // DataDetails 4-51
            047a                // DataDetails 52-53: vendor trap number 1146
            """);

    @Test
    void virtualizationInfo() {
        VirtualizationInfo v = VirtualizationInfo.decode(VIRTUALIZATION_INFO, 0);
        assertThat(v).isEqualTo(new VirtualizationInfo(4, 4, 1, 0, 1, 0, 0));
        assertThat(v.enabled()).isTrue();
        assertThat(v.stateChanged()).isTrue();
        assertThat(NodeGoldenTest.reencoded(v::encodeTo)).isEqualTo(VIRTUALIZATION_INFO);
    }

    @Test
    void vportInfoWithItsOwnLid() {
        VPortInfo v = VPortInfo.decode(VPORT_INFO_OWN_LID, 0);
        assertThat(v).isEqualTo(new VPortInfo(VPortInfo.STATE_ACTIVE, 0, 1, 8,
                VPortInfo.CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED, 0, 3, 0x21, 0, 0x8001000000001011L, 0));
        assertThat(v.needsOwnLid()).isTrue();
        assertThat(NodeGoldenTest.reencoded(v::encodeTo)).isEqualTo(VPORT_INFO_OWN_LID);
    }

    @Test
    void vportInfoSharingALid() {
        VPortInfo v = VPortInfo.decode(VPORT_INFO_SHARED_LID, 0);
        assertThat(v.vportState()).isEqualTo(VPortInfo.STATE_INIT);
        assertThat(v.needsOwnLid()).isFalse();
        assertThat(v.vportLid()).isZero();
        assertThat(v.lidByVPortIndex()).isZero();
        assertThat(v.vportGuid()).isEqualTo(0x8002000000001011L);
        assertThat(v.with(VPortInfo.VPORT_STATE, VPortInfo.STATE_ARMED).vportState()).isEqualTo(3);
        assertThat(NodeGoldenTest.reencoded(v::encodeTo)).isEqualTo(VPORT_INFO_SHARED_LID);
    }

    @Test
    void vportStateBlock() {
        VPortState s = VPortState.decode(VPORT_STATE, 0);
        assertThat(s.state(0)).isEqualTo(4);
        assertThat(s.state(1)).isEqualTo(4);
        assertThat(s.state(2)).isEqualTo(2);
        assertThat(s.state(3)).isEqualTo(1);
        assertThat(s.state(4)).isEqualTo(4);
        assertThat(s.state(5)).isZero();
        assertThat(s.toString()).startsWith("VPortState[44214000");
        assertThat(NodeGoldenTest.reencoded(s::encodeTo)).isEqualTo(VPORT_STATE);
    }

    @Test
    void vnodeInfoAndDescription() {
        VNodeInfo n = VNodeInfo.decode(VNODE_INFO, 0);
        assertThat(n).isEqualTo(new VNodeInfo(32, 1, 1, 0x4001000000001011L));
        assertThat(NodeGoldenTest.reencoded(n::encodeTo)).isEqualTo(VNODE_INFO);
        VNodeDescription d = VNodeDescription.decode(VNODE_DESCRIPTION, 0);
        assertThat(d.description()).isEqualTo("host-0 vm1");
        assertThat(NodeGoldenTest.reencoded(d::encodeTo)).isEqualTo(VNODE_DESCRIPTION);
    }

    @Test
    void vportTablesShareTheirPhysicalPayloads() {
        VPortGuidInfo g = VPortGuidInfo.decode(VPORT_GUID_INFO, 0);
        assertThat(g.guid(0)).isEqualTo(0x8001000000001011L);
        assertThat(g.guid(1)).isEqualTo(0x0002c90300000042L);
        assertThat(g.block()).isEqualTo(GuidInfo.decode(VPORT_GUID_INFO, 0));
        assertThat(NodeGoldenTest.reencoded(g::encodeTo)).isEqualTo(VPORT_GUID_INFO);
        VPortPKeyTable p = VPortPKeyTable.decode(VPORT_P_KEY_TABLE, 0);
        assertThat(p.pKey(0)).isEqualTo(0xffff);
        assertThat(p.pKey(1)).isEqualTo(0x0a0b);
        assertThat(p.block().isFullMember(1)).isFalse();
        assertThat(NodeGoldenTest.reencoded(p::encodeTo)).isEqualTo(VPORT_P_KEY_TABLE);
    }

    @Test
    void qosConfigSl() {
        QosConfigSl q = QosConfigSl.decode(QOS_CONFIG_SL, 0);
        assertThat(q.rateLimit(0)).isZero();
        assertThat(q.rateLimit(1)).isEqualTo(50);
        assertThat(q.rateLimit(3)).isEqualTo(25);
        assertThat(q.bandwidthShare(3)).isEqualTo(10);
        assertThat(q.bandwidthShare(1)).isZero();
        assertThat(NodeGoldenTest.reencoded(q::encodeTo)).isEqualTo(QOS_CONFIG_SL);
        int[] limits = new int[16];
        limits[1] = 50;
        assertThat(QosConfigSl.ofRateLimits(limits).rateLimit()).containsExactly(limits);
    }

    @Test
    void generalInfoCapabilities() {
        GeneralInfoCapabilities c = GeneralInfoCapabilities.decode(GENERAL_INFO_CAPABILITIES, 0);
        assertThat(c).isEqualTo(GeneralInfoCapabilities.of(GeneralInfoCapabilities.IS_VIRTUALIZATION_SUPPORTED,
                GeneralInfoCapabilities.IS_VPORT_GUID_INFO_SUPPORTED,
                GeneralInfoCapabilities.IS_QOS_CONFIG_SL_RATE_LIMIT_SUPPORTED,
                GeneralInfoCapabilities.IS_QOS_CONFIG_SL_VPORT_RATE_LIMIT_SUPPORTED));
        assertThat(c.has(GeneralInfoCapabilities.IS_QOS_CONFIG_SL_ALLOC_BW_SUPPORTED)).isFalse();
        assertThat(c.has(15)).isTrue();
        assertThat(c.toString()).isEqualTo("GeneralInfoCapabilities[03408000 00000000 00000000 00000000]");
        assertThat(NodeGoldenTest.reencoded(c::encodeTo)).isEqualTo(GENERAL_INFO_CAPABILITIES);
    }

    @Test
    void vportStateChangeTrap() {
        Notice n = Notice.decode(TRAP_1146, 0);
        assertThat(n.generic()).isFalse();
        assertThat(n.producerTypeOrVendorId()).isEqualTo(VendorTraps.MELLANOX_VENDOR_ID);
        assertThat(VendorTraps.trapNumber(n)).isEqualTo(1146);
        assertThat(VendorTraps.isVPortStateChange(n)).isTrue();
        assertThat(n).isEqualTo(VendorTraps.vportStateChange(5, 0x1017));
        assertThat(NodeGoldenTest.reencoded(n::encodeTo)).isEqualTo(TRAP_1146);
        Notice trap144 = new Notice(true, 4, 1, 144, 5, 0, 0, new byte[54]);
        assertThat(VendorTraps.trapNumber(trap144)).isEqualTo(144);
        assertThat(VendorTraps.isVPortStateChange(trap144)).isFalse();
    }

    @Test
    void modifiersEncodeIndexAndBlock() {
        assertThat(VPortInfo.modifier(7)).isEqualTo(7);
        assertThat(VPortState.modifier(3)).isEqualTo(3);
        assertThat(VPortGuidInfo.modifier(5, 1)).isEqualTo(0x0005_0001L);
        assertThat(VPortGuidInfo.index(0x0005_0001L)).isEqualTo(5);
        assertThat(VPortGuidInfo.blockNumber(0x0005_0001L)).isEqualTo(1);
        assertThat(VPortPKeyTable.modifier(0xFFFF, 2)).isEqualTo(0xFFFF_0002L);
        assertThat(VPortPKeyTable.index(0xFFFF_0002L)).isEqualTo(0xFFFF);
        assertThat(VPortPKeyTable.blockNumber(0xFFFF_0002L)).isEqualTo(2);
        assertThat(QosConfigSl.vportModifier(3)).isEqualTo(0x8000_0003L);
        assertThat(QosConfigSl.isVPort(0x8000_0003L)).isTrue();
        assertThat(QosConfigSl.portModifier(1)).isEqualTo(1);
        assertThat(QosConfigSl.isVPort(1)).isFalse();
        assertThatThrownBy(() -> VPortInfo.modifier(0x10000))
                .hasMessage("VPortInfo vport index 65536 outside 0..65535");
        assertThatThrownBy(() -> VPortGuidInfo.modifier(0, 32)).hasMessage("VPortGUIDInfo block 32 outside 0..31");
        assertThatThrownBy(() -> VPortState.modifier(512)).hasMessage("VPortState block 512 outside 0..511");
    }

    @Test
    void recordsRejectOutOfRangeValues() {
        assertThatThrownBy(() -> new VPortState(new int[127])).hasMessage("VPortState: expected 128 entries, got 127");
        int[] limits = new int[16];
        limits[2] = 1 << 20;
        assertThatThrownBy(() -> QosConfigSl.ofRateLimits(limits))
                .hasMessage("QoSConfigSL RateLimit 1048576 outside 0..1048575");
        assertThatThrownBy(() -> GeneralInfoCapabilities.of(128))
                .hasMessage("GeneralInfo capability 128 outside 0..127");
    }

    @Test
    void smpDumpNamesTheVendorAttributes() {
        byte[] mad = Smp.directedRoute(Method.GET_RESP, 1, AttributeId.VPORT_INFO, 1, DrPath.of(1), 0);
        System.arraycopy(VPORT_INFO_OWN_LID, 0, mad, Smp.DATA_OFFSET, 64);
        assertThat(SmpAttributes.dump(mad)).contains("VPortInfo(0xffb1) mod=0x00000001", "VPortState=4\n",
                "LIDRequired=1\n", "VPortLID=33 (0x0021)\n");
    }
}
