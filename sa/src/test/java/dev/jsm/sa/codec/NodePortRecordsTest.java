package dev.jsm.sa.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.smp.SwitchInfo;
import org.junit.jupiter.api.Test;

/**
 * NodeRecord, PortInfoRecord, SwitchInfoRecord, SMInfoRecord, LinkRecord and LinearForwardingTableRecord: annotated
 * bytes laid out from docs/reference/mad-formats.md#sa-records -> record -> the same bytes, and the component tables.
 */
class NodePortRecordsTest {

    static final byte[] NODE_RECORD = HexFixture.parse("""
            0004 0000           // LID 4, reserved
            01 01 01 02         // NodeInfo: BaseVersion 1, ClassVersion 1, NodeType 1 CA, NumPorts 2
            0002c90300a1b2c0    // SystemImageGUID
            0002c90300a1b2c3    // NodeGUID
            0002c90300a1b2c4    // PortGUID
            0040                // PartitionCap 64
            673c                // DeviceID
            000000a0            // Revision
            01                  // LocalPortNum 1
            0002c9              // VendorID (Mellanox OUI)
            6863612d666172      // NodeDescription "hca-far"
            00*57               // NodeDescription NUL padding to 64 bytes
            00000000            // pad to 112
            """);

    static final byte[] PORT_INFO_RECORD = HexFixture.parse("""
            0004 01 00          // EndportLID 4, PortNum 1, Options 0
            0000000000000000    // M_Key
            fe80000000000000    // GidPrefix
            0004 0001           // LID 4, MasterSMLID 1
            02510a6a            // CapabilityMask
            0000 0000           // DiagCode, M_KeyLeasePeriod
            01 03 03 02         // LocalPortNum 1, LinkWidthEnabled 3, LinkWidthSupported 3, LinkWidthActive 2 (4x)
            14                  // LinkSpeedSupported(7:4) 1 | PortState(3:0) 4 Active
            52                  // PortPhysicalState(7:4) 5 LinkUp | LinkDownDefaultState(3:0) 2 Polling
            00                  // M_KeyProtectBits(7:6) 0 | reserved | LMC(2:0) 0
            11                  // LinkSpeedActive(7:4) 1 | LinkSpeedEnabled(3:0) 1
            40                  // NeighborMTU(7:4) 4 = 2048 | MasterSMSL 0
            40                  // VLCap(7:4) 4 = VL0-7 | InitType 0
            00 08 08            // VLHighLimit 0, VLArbitrationHighCap 8, VLArbitrationLowCap 8
            04                  // InitTypeReply 0 | MTUCap 4
            10                  // VLStallCount 0 | HOQLife 16
            40                  // OperationalVLs(7:4) 4 | enforcement and filter bits 0
            0000 0000 0000      // M_KeyViolations, P_KeyViolations, Q_KeyViolations
            01                  // GUIDCap 1
            12                  // ClientReregister 0 | MulticastPKeyTrapSuppressionEnabled 0 | SubnetTimeOut 18
            10                  // reserved | RespTimeValue 16
            88                  // LocalPhyErrors 8 | OverrunErrors 8
            0000                // MaxCreditHint
            00 000000           // reserved, LinkRoundTripLatency
            0000                // CapabilityMask2
            00 00               // LinkSpeedExtActive|Supported, reserved|LinkSpeedExtEnabled
            00000000            // pad to 72
            """);

    static final byte[] SWITCH_INFO_RECORD = HexFixture.parse("""
            0002 0000           // LID 2, reserved
            c000 0000 0400      // LinearFDBCap 49152, RandomFDBCap 0, MulticastFDBCap 1024
            0006                // LinearFDBTop 6
            00 ff ff            // DefaultPort 0, DefaultMulticastPrimaryPort 255, DefaultMulticastNotPrimaryPort 255
            9c                  // LifeTimeValue(7:3) 19 | PortStateChange(2) 1 | OptimizedSLtoVLMapping(1:0) 0
            0001 0020           // LIDsPerPort 1, PartitionEnforcementCap 32
            c8 00               // Inbound/OutboundEnforcementCap 1/1, FilterRaw 0/0, EnhancedPort0 1; reserved
            0000                // MulticastFDBTop
            """);

    static final byte[] SM_INFO_RECORD = HexFixture.parse("""
            0001 0000           // LID 1, reserved
            0002c90300a1b2c1    // GUID
            0000000000000000    // SM_Key (zero: untrusted requester)
            00000150            // ActCount 336
            53                  // Priority 5 | SMState 3 master
            00*7                // pad to 32
            """);

    static final byte[] LINK_RECORD = HexFixture.parse("""
            0002 03 01 0004     // FromLID 2, FromPort 3, ToPort 1, ToLID 4
            0000                // pad to 8
            """);

    static final byte[] LFT_RECORD = HexFixture.parse("""
            0002 0000           // LID 2, BlockNum 0
            00000000            // reserved
            ff 00 03 01         // LIDs 0..3: none, switch itself, port 3, port 1
            ff*60               // LIDs 4..63: none
            """);

    @Test
    void nodeRecord() {
        NodeRecord r = NodeRecord.decode(NODE_RECORD, 0);
        assertThat(r).isEqualTo(new NodeRecord(4, new NodeInfo(1, 1, 1, 2, 0x0002c90300a1b2c0L,
                0x0002c90300a1b2c3L, 0x0002c90300a1b2c4L, 64, 0x673c, 0xa0, 1, 0x0002c9), "hca-far"));
        assertThat(encoded(NodeRecord.SIZE, r::encodeTo)).isEqualTo(NODE_RECORD);
        assertThat(NodeRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(NodeRecord.COMPONENTS.count()).isEqualTo(15);
        assertThat(NodeRecord.COMPONENTS.field(7).name()).isEqualTo("NodeGUID");
        assertThat(NodeRecord.COMPONENTS.field(7).byteOffset()).isEqualTo(12 + 4);
        assertThat(NodeRecord.COMPONENTS.field(14).name()).isEqualTo("NodeDescription");
    }

    @Test
    void portInfoRecord() {
        PortInfoRecord r = PortInfoRecord.decode(PORT_INFO_RECORD, 0);
        assertThat(r.endportLid()).isEqualTo(4);
        assertThat(r.portNum()).isEqualTo(1);
        PortInfo pi = r.portInfo();
        assertThat(pi.gidPrefix()).isEqualTo(0xfe80000000000000L);
        assertThat(pi.capabilityMask()).isEqualTo(0x02510a6aL);
        assertThat(pi.linkWidthActive()).isEqualTo(2);
        assertThat(pi.portState()).isEqualTo(4);
        assertThat(pi.portPhysicalState()).isEqualTo(5);
        assertThat(pi.neighborMtu()).isEqualTo(4);
        assertThat(pi.vlCap()).isEqualTo(4);
        assertThat(pi.hoqLife()).isEqualTo(16);
        assertThat(pi.operationalVls()).isEqualTo(4);
        assertThat(pi.subnetTimeout()).isEqualTo(18);
        assertThat(pi.respTimeValue()).isEqualTo(16);
        assertThat(pi.localPhyErrors()).isEqualTo(8);
        assertThat(encoded(PortInfoRecord.SIZE, r::encodeTo)).isEqualTo(PORT_INFO_RECORD);
        assertThat(PortInfoRecord.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void portInfoRecordComponentsFollowFactsNumbering() {
        Components c = PortInfoRecord.COMPONENTS;
        assertThat(c.count()).isEqualTo(58);
        assertThat(c.field(PortInfoRecord.COMPONENT_M_KEY).name()).isEqualTo("M_Key");
        assertThat(c.field(PortInfoRecord.COMPONENT_CAPABILITY_MASK).name()).isEqualTo("CapabilityMask");
        assertThat(c.field(15).name()).isEqualTo("PortState");
        assertThat(c.field(20).name()).isEqualTo("LMC");
        assertThat(c.field(23).name()).isEqualTo("NeighborMTU");
        assertThat(c.field(34).name()).isEqualTo("OperationalVLs");
        assertThat(c.field(42).name()).isEqualTo("GUIDCap");
        assertThat(c.field(45).name()).isEqualTo("SubnetTimeOut");
        assertThat(c.field(47).name()).isEqualTo("RespTimeValue");
        assertThat(c.field(52).name()).isEqualTo("LinkRoundTripLatency");
        assertThat(c.field(53).name()).isEqualTo("CapabilityMask2");
        assertThat(c.field(57).name()).isEqualTo("LinkSpeedExtEnabled");
    }

    @Test
    void switchInfoRecord() {
        SwitchInfoRecord r = SwitchInfoRecord.decode(SWITCH_INFO_RECORD, 0);
        assertThat(r).isEqualTo(new SwitchInfoRecord(2, new SwitchInfo(0xc000, 0, 0x400, 6, 0, 255, 255, 19, 1, 0,
                1, 32, 1, 1, 0, 0, 1, 0)));
        assertThat(encoded(SwitchInfoRecord.SIZE, r::encodeTo)).isEqualTo(SWITCH_INFO_RECORD);
        assertThat(SwitchInfoRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(SwitchInfoRecord.COMPONENTS.field(5).name()).isEqualTo("LinearFDBTop");
    }

    @Test
    void smInfoRecord() {
        SmInfoRecord r = SmInfoRecord.decode(SM_INFO_RECORD, 0);
        assertThat(r).isEqualTo(new SmInfoRecord(1, new SmInfo(0x0002c90300a1b2c1L, 0, 336, 5,
                SmInfo.STATE_MASTER)));
        assertThat(encoded(SmInfoRecord.SIZE, r::encodeTo)).isEqualTo(SM_INFO_RECORD);
        assertThat(SmInfoRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(SmInfoRecord.COMPONENTS.count()).isEqualTo(7);
        assertThat(SmInfoRecord.COMPONENTS.field(SmInfoRecord.COMPONENT_SM_KEY).name()).isEqualTo("SM_Key");
        assertThat(SmInfoRecord.COMPONENTS.field(6).name()).isEqualTo("SMState");
    }

    @Test
    void linkRecord() {
        LinkRecord r = LinkRecord.decode(LINK_RECORD, 0);
        assertThat(r).isEqualTo(new LinkRecord(2, 3, 1, 4));
        assertThat(encoded(LinkRecord.SIZE, r::encodeTo)).isEqualTo(LINK_RECORD);
        assertThat(LinkRecord.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void linearForwardingTableRecord() {
        LinearForwardingTableRecord r = LinearForwardingTableRecord.decode(LFT_RECORD, 0);
        assertThat(r.lid()).isEqualTo(2);
        assertThat(r.blockNum()).isZero();
        assertThat(r.lft()[2]).isEqualTo((byte) 3);
        assertThat(r.lft()[63]).isEqualTo((byte) 0xff);
        assertThat(r).isEqualTo(LinearForwardingTableRecord.decode(LFT_RECORD.clone(), 0));
        assertThat(encoded(LinearForwardingTableRecord.SIZE, r::encodeTo)).isEqualTo(LFT_RECORD);
        assertThat(LinearForwardingTableRecord.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void componentMatchingComparesOnlyMaskedFields() {
        byte[] template = new byte[NodeRecord.SIZE];
        new NodeRecord(0, new NodeInfo(0, 0, 1, 0, 0, 0x0002c90300a1b2c3L, 0, 0, 0, 0, 0, 0), "")
                .encodeTo(template, 0);
        long nodeGuidAndType = 1L << 7 | 1L << 4;
        assertThat(NodeRecord.COMPONENTS.matches(nodeGuidAndType, template, 0, NODE_RECORD, 0)).isTrue();
        assertThat(NodeRecord.COMPONENTS.matches(nodeGuidAndType | 1L, template, 0, NODE_RECORD, 0)).isFalse();
        assertThat(NodeRecord.COMPONENTS.matches(1L << 14, template, 0, NODE_RECORD, 0)).isFalse();
        assertThat(NodeRecord.COMPONENTS.matches(1L << 1, template, 0, NODE_RECORD, 0)).isTrue();
        assertThat(NodeRecord.COMPONENTS.undefinedBits(1L << 15 | 1L)).isEqualTo(1L << 15);
    }

    /** Encodes through {@code encoder} into a buffer of {@code size} bytes filled with garbage first. */
    static byte[] encoded(int size, java.util.function.ObjIntConsumer<byte[]> encoder) {
        byte[] b = new byte[size];
        java.util.Arrays.fill(b, (byte) 0x5a);
        encoder.accept(b, 0);
        return b;
    }
}
