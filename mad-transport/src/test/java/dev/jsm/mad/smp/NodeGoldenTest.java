package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * Golden tests for NodeInfo, NodeDescription and SwitchInfo on bytes we did not produce: ibsim's SMAs answering
 * {@code smpdump} on {@code scripts/golden-fabric.net} (after OpenSM configured the subnet), captured by
 * {@code scripts/capture-golden.sh}. The expected values are what {@code smpquery} printed for the same attribute
 * (quoted next to each value).
 */
class NodeGoldenTest {

    /** smpdump -D 0,1 0x11 0: NodeInfo of switch sw-a, asked through its port 1. */
    static final byte[] NODE_INFO_SWITCH = HexFixture.parse("""
            01                  // BaseVersion
            01                  // ClassVersion
            02                  // NodeType: switch
            18                  // NumPorts: 24
            00066a00e3000500    // SystemImageGUID
            00066a00e3000510    // NodeGUID
            00066a00e3000510    // PortGUID (a switch answers port 0's GUID on every port)
            0008                // PartitionCap
            c738                // DeviceID
            000000a1            // Revision
            01                  // LocalPortNum: the SMP arrived on port 1
            00066a              // VendorID (24 bits)
            00*24               // bytes 40..63: beyond the 40-byte attribute
            """);

    /** smpdump -D 0,1,3 0x11 0: NodeInfo of the 2-port CA hca-dual, asked through its port 2. */
    static final byte[] NODE_INFO_CA = HexFixture.parse("""
            01 01               // BaseVersion, ClassVersion
            01                  // NodeType: channel adapter
            02                  // NumPorts: 2
            0002c90300d4e5f0    // SystemImageGUID
            0002c90300d4e5f0    // NodeGUID
            0002c90300d4e5f2    // PortGUID of port 2, the arrival port
            0040                // PartitionCap: 64
            1011                // DeviceID
            000000a1            // Revision
            02                  // LocalPortNum: 2
            0002c9              // VendorID
            00*24               // bytes 40..63
            """);

    /** smpdump -D 0,1 0x10 0: NodeDescription of switch sw-a. */
    static final byte[] NODE_DESCRIPTION = HexFixture.parse("""
            73772d61            // NodeString "sw-a"
            00*60               // NUL padding
            """);

    /** smpdump -D 0,1 0x12 0: SwitchInfo of switch sw-a. */
    static final byte[] SWITCH_INFO = HexFixture.parse("""
            7800                // LinearFDBCap: 30720
            0000                // RandomFDBCap
            0400                // MulticastFDBCap: 1024
            0006                // LinearFDBTop: 6 (OpenSM assigned LIDs 1..6)
            00                  // DefaultPort
            00                  // DefaultMulticastPrimaryPort
            00                  // DefaultMulticastNotPrimaryPort
            90                  // LifeTimeValue(7:3) = 18 | PortStateChange(2) = 0 | OptimizedSLtoVL(1:0) = 0
            0000                // LIDsPerPort
            0040                // PartitionEnforcementCap: 64
            30                  // InboundEnfCap(7)=0 OutboundEnfCap(6)=0 FilterRawInCap(5)=1 FilterRawOutCap(4)=1
                                //   EnhancedPort0(3)=0 reserved(2:0)
            00                  // reserved
            0000                // MulticastFDBTop
            00*44               // bytes 20..63: beyond the 20-byte attribute
            """);

    @Test
    void fixturesAreTheCapturedBytes() {
        assertThat(NODE_INFO_SWITCH).isEqualTo(GoldenCaptures.payload("NodeInfo, switch sw-a"));
        assertThat(NODE_INFO_CA).isEqualTo(GoldenCaptures.payload("NodeInfo, CA hca-dual port 2"));
        assertThat(NODE_DESCRIPTION).isEqualTo(GoldenCaptures.payload("NodeDescription, switch sw-a"));
        assertThat(SWITCH_INFO).isEqualTo(GoldenCaptures.payload("SwitchInfo, switch sw-a"));
    }

    @Test
    void switchNodeInfoMatchesSmpquery() {
        NodeInfo ni = NodeInfo.decode(NODE_INFO_SWITCH, 0);
        assertThat(ni).isEqualTo(new NodeInfo(
                1,                      // BaseVers:........................1
                1,                      // ClassVers:.......................1
                2,                      // NodeType:........................Switch
                24,                     // NumPorts:........................24
                0x00066a00e3000500L,    // SystemGuid:......................0x00066a00e3000500
                0x00066a00e3000510L,    // Guid:............................0x00066a00e3000510
                0x00066a00e3000510L,    // PortGuid:........................0x00066a00e3000510
                8,                      // PartCap:.........................8
                0xc738,                 // DevId:...........................0xc738
                0xa1,                   // Revision:........................0x000000a1
                1,                      // LocalPort:.......................1
                0x00066a));             // VendorId:........................0x00066a
        assertThat(ni.type()).isEqualTo(NodeType.SWITCH);
        assertThat(reencoded(ni::encodeTo)).isEqualTo(NODE_INFO_SWITCH);
    }

    @Test
    void caNodeInfoMatchesSmpquery() {
        NodeInfo ni = NodeInfo.decode(NODE_INFO_CA, 0);
        assertThat(ni).isEqualTo(new NodeInfo(
                1,                      // BaseVers:........................1
                1,                      // ClassVers:.......................1
                1,                      // NodeType:........................Channel Adapter
                2,                      // NumPorts:........................2
                0x0002c90300d4e5f0L,    // SystemGuid:......................0x0002c90300d4e5f0
                0x0002c90300d4e5f0L,    // Guid:............................0x0002c90300d4e5f0
                0x0002c90300d4e5f2L,    // PortGuid:........................0x0002c90300d4e5f2
                64,                     // PartCap:.........................64
                0x1011,                 // DevId:...........................0x1011
                0xa1,                   // Revision:........................0x000000a1
                2,                      // LocalPort:.......................2
                0x0002c9));             // VendorId:........................0x0002c9
        assertThat(ni.type()).isEqualTo(NodeType.CA);
        assertThat(reencoded(ni::encodeTo)).isEqualTo(NODE_INFO_CA);
    }

    @Test
    void nodeDescriptionMatchesSmpquery() {
        NodeDescription nd = NodeDescription.decode(NODE_DESCRIPTION, 0);
        // Node Description:............................sw-a
        assertThat(nd.description()).isEqualTo("sw-a");
        assertThat(reencoded(nd::encodeTo)).isEqualTo(NODE_DESCRIPTION);
    }

    @Test
    void switchInfoMatchesSmpquery() {
        SwitchInfo si = SwitchInfo.decode(SWITCH_INFO, 0);
        assertThat(si).isEqualTo(new SwitchInfo(
                30720,                  // LinearFdbCap:....................30720
                0,                      // RandomFdbCap:....................0
                1024,                   // McastFdbCap:.....................1024
                6,                      // LinearFdbTop:....................6
                0,                      // DefPort:.........................0
                0,                      // DefMcastPrimPort:................0
                0,                      // DefMcastNotPrimPort:.............0
                18,                     // LifeTime:........................18
                0,                      // StateChange:.....................0
                0,                      // OptSLtoVLMapping:................0
                0,                      // LidsPerPort:.....................0
                64,                     // PartEnforceCap:..................64
                0,                      // InboundPartEnf:..................0
                0,                      // OutboundPartEnf:.................0
                1,                      // FilterRawInbound:................1
                1,                      // FilterRawOutbound:...............1
                0,                      // EnhancedPort0:...................0
                0));                    // MulticastFDBTop:.................0x0000
        assertThat(reencoded(si::encodeTo)).isEqualTo(SWITCH_INFO);
    }

    /** Encoder of a record into a buffer at an offset. */
    interface Encoder {
        void encodeTo(byte[] b, int off);
    }

    /** What the record writes into a zeroed 64-byte SMP payload. */
    static byte[] reencoded(Encoder encoder) {
        byte[] out = new byte[64];
        encoder.encodeTo(out, 0);
        return out;
    }
}
