package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * Golden tests for PortInfo on bytes we did not produce: ibsim's SMAs answering {@code smpdump} after OpenSM
 * configured {@code scripts/golden-fabric.net} (captured by {@code scripts/capture-golden.sh}). Expected values are
 * what {@code smpquery portinfo} printed for the same port, quoted next to each value; enumerations are written as
 * their IBA codes (4X = 2, Active = 4, LinkUp = 5, Polling = 2, 2048 = 4, 1024 = 3, 256 = 1, VL0-7 = 4).
 *
 * <p>Three kinds of port: a switch external port (no LID of its own), switch port 0 (the switch's LID) and a CA
 * port.
 */
class PortInfoGoldenTest {

    /** smpdump -D 0,1 0x15 5: switch sw-a, external port 5 (to sw-b). */
    static final byte[] SWITCH_PORT_5 = HexFixture.parse("""
            0000000000000000    // M_Key
            0000000000000000    // GidPrefix: external switch ports have none
            0000                // LID
            0000                // MasterSMLID
            00000000            // CapabilityMask
            0000                // DiagCode
            0000                // M_KeyLeasePeriod
            01                  // LocalPortNum: the SMP arrived on port 1
            02                  // LinkWidthEnabled: 4X
            1f                  // LinkWidthSupported: 1X|4X|8X|12X|2X
            02                  // LinkWidthActive: 4X
            74                  // LinkSpeedSupported(7:4) = 7 | PortState(3:0) = 4 Active
            52                  // PortPhysicalState(7:4) = 5 LinkUp | LinkDownDefaultState(3:0) = 2 Polling
            00                  // M_KeyProtectBits(7:6) | reserved(5:3) | LMC(2:0)
            11                  // LinkSpeedActive(7:4) = 1 SDR | LinkSpeedEnabled(3:0) = 1
            40                  // NeighborMTU(7:4) = 4 (2048) | MasterSMSL(3:0)
            40                  // VLCap(7:4) = 4 (VL0-7) | InitType(3:0)
            00                  // VLHighLimit
            08                  // VLArbitrationHighCap
            08                  // VLArbitrationLowCap
            04                  // InitTypeReply(7:4) | MTUCap(3:0) = 4 (2048)
            f2                  // VLStallCount(7:5) = 7 | HOQLife(4:0) = 18
            40                  // OperationalVLs(7:4) = 4 | PartEnfIn(3) PartEnfOut(2) FilterRawIn(1) FilterRawOut(0)
            0000 0000 0000      // M_KeyViolations, P_KeyViolations, Q_KeyViolations
            00                  // GUIDCap
            00                  // ClientReregister(7) | MulticastPKeyTrapSuppressionEnabled(6:5) | SubnetTimeOut(4:0)
            00                  // reserved(7:5) | RespTimeValue(4:0)
            00                  // LocalPhyErrors(7:4) | OverrunErrors(3:0)
            0000                // MaxCreditHint
            00                  // reserved
            000000              // LinkRoundTripLatency
            0000                // CapabilityMask2
            00                  // LinkSpeedExtActive(7:4) | LinkSpeedExtSupported(3:0)
            00                  // reserved(7:5) | LinkSpeedExtEnabled(4:0)
            """);

    /** smpdump -D 0,1 0x15 0: switch sw-a, management port 0 (carries the switch's LID). */
    static final byte[] SWITCH_PORT_0 = HexFixture.parse("""
            0000000000000000    // M_Key
            fe80000000000000    // GidPrefix
            0002                // LID: 2
            0001                // MasterSMLID: 1
            0000c048            // CapabilityMask: Trap | SLMapping | ExtendedSpeeds | CapMask2
            0000                // DiagCode
            0ff9                // M_KeyLeasePeriod: 4089
            01                  // LocalPortNum
            02 1f 02            // LinkWidthEnabled 4X, LinkWidthSupported, LinkWidthActive 4X
            74                  // LinkSpeedSupported 7 | PortState 4 Active
            52                  // PortPhysicalState 5 LinkUp | LinkDownDefaultState 2 Polling
            00                  // M_KeyProtectBits | reserved | LMC
            11                  // LinkSpeedActive 1 | LinkSpeedEnabled 1
            10                  // NeighborMTU 1 (256) | MasterSMSL 0
            40                  // VLCap 4 | InitType 0
            00 08 08            // VLHighLimit, VLArbitrationHighCap, VLArbitrationLowCap
            03                  // InitTypeReply 0 | MTUCap 3 (1024)
            00                  // VLStallCount 0 | HOQLife 0
            40                  // OperationalVLs 4 | enforcement and filter bits 0
            0000 0000 0000      // M_KeyViolations, P_KeyViolations, Q_KeyViolations
            01                  // GUIDCap: 1
            1f                  // ClientReregister 0 | MulticastPKeyTrapSuppressionEnabled 0 | SubnetTimeOut 31
            08                  // reserved | RespTimeValue 8
            00                  // LocalPhyErrors | OverrunErrors
            0000                // MaxCreditHint
            00 000000           // reserved, LinkRoundTripLatency
            0030                // CapabilityMask2: LinkWidth2x | LinkSpeedHDR
            00 00               // LinkSpeedExtActive | LinkSpeedExtSupported, reserved | LinkSpeedExtEnabled
            """);

    /** smpdump -D 0,1,18 0x15 1: CA hca-far, port 1. */
    static final byte[] CA_PORT_1 = HexFixture.parse("""
            0000000000000000    // M_Key
            fe80000000000000    // GidPrefix
            0004                // LID: 4
            0001                // MasterSMLID: 1
            0050c048            // CapabilityMask: Trap | SLMapping | ExtendedSpeeds | CapMask2 | VendorClass
                                //   | CapMaskNotice
            0000                // DiagCode
            0ff9                // M_KeyLeasePeriod: 4089
            01                  // LocalPortNum
            02 1f 02            // LinkWidthEnabled 4X, LinkWidthSupported, LinkWidthActive 4X
            74                  // LinkSpeedSupported 7 | PortState 4 Active
            52                  // PortPhysicalState 5 LinkUp | LinkDownDefaultState 2 Polling
            00                  // M_KeyProtectBits | reserved | LMC
            11                  // LinkSpeedActive 1 | LinkSpeedEnabled 1
            40                  // NeighborMTU 4 (2048) | MasterSMSL 0
            40                  // VLCap 4 | InitType 0
            00 08 08            // VLHighLimit, VLArbitrationHighCap, VLArbitrationLowCap
            04                  // InitTypeReply 0 | MTUCap 4 (2048)
            e0                  // VLStallCount 7 | HOQLife 0
            40                  // OperationalVLs 4 | enforcement and filter bits 0
            0000 0000 0000      // M_KeyViolations, P_KeyViolations, Q_KeyViolations
            20                  // GUIDCap: 32
            1f                  // ClientReregister 0 | MulticastPKeyTrapSuppressionEnabled 0 | SubnetTimeOut 31
            00                  // reserved | RespTimeValue 0
            00                  // LocalPhyErrors | OverrunErrors
            0000                // MaxCreditHint
            00 000000           // reserved, LinkRoundTripLatency
            0030                // CapabilityMask2: LinkWidth2x | LinkSpeedHDR
            00 00               // LinkSpeedExtActive | LinkSpeedExtSupported, reserved | LinkSpeedExtEnabled
            """);

    @Test
    void fixturesAreTheCapturedBytes() {
        assertThat(SWITCH_PORT_5).isEqualTo(GoldenCaptures.payload("PortInfo, switch sw-a port 5"));
        assertThat(SWITCH_PORT_0).isEqualTo(GoldenCaptures.payload("PortInfo, switch sw-a port 0"));
        assertThat(CA_PORT_1).isEqualTo(GoldenCaptures.payload("PortInfo, CA hca-far port 1"));
    }

    @Test
    void switchExternalPortMatchesSmpquery() {
        PortInfo pi = PortInfo.decode(SWITCH_PORT_5, 0);
        assertThat(pi).isEqualTo(new PortInfo(
                0L,                     // Mkey:............................<not displayed>  (smpdump: 0)
                0x0000000000000000L,    // GidPrefix:.......................0x0000000000000000
                0,                      // Lid:.............................0
                0,                      // SMLid:...........................0
                0x0L,                   // CapMask:.........................0x0
                0x0000,                 // DiagCode:........................0x0000
                0,                      // MkeyLeasePeriod:.................0
                1,                      // LocalPort:.......................1
                2,                      // LinkWidthEnabled:................4X
                0x1f,                   // LinkWidthSupported:..............1X or 4X or 8X or 12X or 2X
                2,                      // LinkWidthActive:.................4X
                7,                      // LinkSpeedSupported:..............2.5 Gbps or 5.0 Gbps or 10.0 Gbps
                4,                      // LinkState:.......................Active
                5,                      // PhysLinkState:...................LinkUp
                2,                      // LinkDownDefState:................Polling
                0,                      // ProtectBits:.....................0
                0,                      // LMC:.............................0
                1,                      // LinkSpeedActive:.................2.5 Gbps
                1,                      // LinkSpeedEnabled:................2.5 Gbps
                4,                      // NeighborMTU:.....................2048
                0,                      // SMSL:............................0
                4,                      // VLCap:...........................VL0-7
                0x00,                   // InitType:........................0x00
                0,                      // VLHighLimit:.....................0
                8,                      // VLArbHighCap:....................8
                8,                      // VLArbLowCap:.....................8
                0x00,                   // InitReply:.......................0x00
                4,                      // MtuCap:..........................2048
                7,                      // VLStallCount:....................7
                18,                     // HoqLife:.........................18
                4,                      // OperVLs:.........................VL0-7
                0,                      // PartEnforceInb:..................0
                0,                      // PartEnforceOutb:.................0
                0,                      // FilterRawInb:....................0
                0,                      // FilterRawOutb:...................0
                0,                      // MkeyViolations:..................0
                0,                      // PkeyViolations:..................0
                0,                      // QkeyViolations:..................0
                0,                      // GuidCap:.........................0
                0,                      // ClientReregister:................0
                0,                      // McastPkeyTrapSuppressionEnabled:.0
                0,                      // SubnetTimeout:...................0
                0,                      // RespTimeVal:.....................0
                0,                      // LocalPhysErr:....................0
                0,                      // OverrunErr:......................0
                0,                      // MaxCreditHint:...................0
                0,                      // RoundTrip:.......................0
                0x0,                    // CapabilityMask2:.................0x0
                0,                      // LinkSpeedExtActive:..............No Extended Speed
                0,                      // LinkSpeedExtSupported:...........0
                0, 0, 0, 0));           // LinkSpeedExtEnabled, -Active2, -Supported2, -Enabled2: 0
        assertThat(NodeGoldenTest.reencoded(pi::encodeTo)).isEqualTo(SWITCH_PORT_5);
    }

    @Test
    void switchPort0MatchesSmpquery() {
        PortInfo pi = PortInfo.decode(SWITCH_PORT_0, 0);
        assertThat(pi).isEqualTo(new PortInfo(
                0L,                     // Mkey:............................<not displayed>  (smpdump: 0)
                0xfe80000000000000L,    // GidPrefix:.......................0xfe80000000000000
                2,                      // Lid:.............................2
                1,                      // SMLid:...........................1
                0xc048L,                // CapMask:.........................0xc048
                0x0000,                 // DiagCode:........................0x0000
                4089,                   // MkeyLeasePeriod:.................4089
                1,                      // LocalPort:.......................1
                2,                      // LinkWidthEnabled:................4X
                0x1f,                   // LinkWidthSupported:..............1X or 4X or 8X or 12X or 2X
                2,                      // LinkWidthActive:.................4X
                7,                      // LinkSpeedSupported:..............2.5 Gbps or 5.0 Gbps or 10.0 Gbps
                4,                      // LinkState:.......................Active
                5,                      // PhysLinkState:...................LinkUp
                2,                      // LinkDownDefState:................Polling
                0,                      // ProtectBits:.....................0
                0,                      // LMC:.............................0
                1,                      // LinkSpeedActive:.................2.5 Gbps
                1,                      // LinkSpeedEnabled:................2.5 Gbps
                1,                      // NeighborMTU:.....................256
                0,                      // SMSL:............................0
                4,                      // VLCap:...........................VL0-7
                0x00,                   // InitType:........................0x00
                0,                      // VLHighLimit:.....................0
                8,                      // VLArbHighCap:....................8
                8,                      // VLArbLowCap:.....................8
                0x00,                   // InitReply:.......................0x00
                3,                      // MtuCap:..........................1024
                0,                      // VLStallCount:....................0
                0,                      // HoqLife:.........................0
                4,                      // OperVLs:.........................VL0-7
                0,                      // PartEnforceInb:..................0
                0,                      // PartEnforceOutb:.................0
                0,                      // FilterRawInb:....................0
                0,                      // FilterRawOutb:...................0
                0,                      // MkeyViolations:..................0
                0,                      // PkeyViolations:..................0
                0,                      // QkeyViolations:..................0
                1,                      // GuidCap:.........................1
                0,                      // ClientReregister:................0
                0,                      // McastPkeyTrapSuppressionEnabled:.0
                31,                     // SubnetTimeout:...................31
                8,                      // RespTimeVal:.....................8
                0,                      // LocalPhysErr:....................0
                0,                      // OverrunErr:......................0
                0,                      // MaxCreditHint:...................0
                0,                      // RoundTrip:.......................0
                0x30,                   // CapabilityMask2:.................0x30
                0,                      // LinkSpeedExtActive:..............No Extended Speed
                0,                      // LinkSpeedExtSupported:...........0
                0, 0, 0, 0));           // LinkSpeedExtEnabled, -Active2, -Supported2, -Enabled2: 0
        assertThat(pi.hasCapability(PortInfo.CAP_IS_SM)).isFalse();
        assertThat(pi.hasCapability(PortInfo.CAP_IS_CAP_MASK2_SUPPORTED)).isTrue();
        assertThat(NodeGoldenTest.reencoded(pi::encodeTo)).isEqualTo(SWITCH_PORT_0);
    }

    @Test
    void caPortMatchesSmpquery() {
        PortInfo pi = PortInfo.decode(CA_PORT_1, 0);
        assertThat(pi).isEqualTo(new PortInfo(
                0L,                     // Mkey:............................<not displayed>  (smpdump: 0)
                0xfe80000000000000L,    // GidPrefix:.......................0xfe80000000000000
                4,                      // Lid:.............................4
                1,                      // SMLid:...........................1
                0x50c048L,              // CapMask:.........................0x50c048
                0x0000,                 // DiagCode:........................0x0000
                4089,                   // MkeyLeasePeriod:.................4089
                1,                      // LocalPort:.......................1
                2,                      // LinkWidthEnabled:................4X
                0x1f,                   // LinkWidthSupported:..............1X or 4X or 8X or 12X or 2X
                2,                      // LinkWidthActive:.................4X
                7,                      // LinkSpeedSupported:..............2.5 Gbps or 5.0 Gbps or 10.0 Gbps
                4,                      // LinkState:.......................Active
                5,                      // PhysLinkState:...................LinkUp
                2,                      // LinkDownDefState:................Polling
                0,                      // ProtectBits:.....................0
                0,                      // LMC:.............................0
                1,                      // LinkSpeedActive:.................2.5 Gbps
                1,                      // LinkSpeedEnabled:................2.5 Gbps
                4,                      // NeighborMTU:.....................2048
                0,                      // SMSL:............................0
                4,                      // VLCap:...........................VL0-7
                0x00,                   // InitType:........................0x00
                0,                      // VLHighLimit:.....................0
                8,                      // VLArbHighCap:....................8
                8,                      // VLArbLowCap:.....................8
                0x00,                   // InitReply:.......................0x00
                4,                      // MtuCap:..........................2048
                7,                      // VLStallCount:....................7
                0,                      // HoqLife:.........................0
                4,                      // OperVLs:.........................VL0-7
                0,                      // PartEnforceInb:..................0
                0,                      // PartEnforceOutb:.................0
                0,                      // FilterRawInb:....................0
                0,                      // FilterRawOutb:...................0
                0,                      // MkeyViolations:..................0
                0,                      // PkeyViolations:..................0
                0,                      // QkeyViolations:..................0
                32,                     // GuidCap:.........................32
                0,                      // ClientReregister:................0
                0,                      // McastPkeyTrapSuppressionEnabled:.0
                31,                     // SubnetTimeout:...................31
                0,                      // RespTimeVal:.....................0
                0,                      // LocalPhysErr:....................0
                0,                      // OverrunErr:......................0
                0,                      // MaxCreditHint:...................0
                0,                      // RoundTrip:.......................0
                0x30,                   // CapabilityMask2:.................0x30
                0,                      // LinkSpeedExtActive:..............No Extended Speed
                0,                      // LinkSpeedExtSupported:...........0
                0, 0, 0, 0));           // LinkSpeedExtEnabled, -Active2, -Supported2, -Enabled2: 0
        assertThat(NodeGoldenTest.reencoded(pi::encodeTo)).isEqualTo(CA_PORT_1);
    }
}
