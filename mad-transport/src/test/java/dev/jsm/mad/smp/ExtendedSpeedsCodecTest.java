package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * The fields of the speeds beyond EDR: PortInfo's CapabilityMask2 bits of HDR, NDR and XDR, the second extended
 * speeds field in byte 56 (LinkSpeedExtActive2 bits 6:5, LinkSpeedExtSupported2 4:3, LinkSpeedExtEnabled2 2:0, as
 * libibmad decodes them), and Mellanox's ExtendedPortInfo (FDR10). The fixtures are written from the public layouts
 * (docs/link-speeds.md); no device here speaks XDR or FDR10 to capture from.
 */
class ExtendedSpeedsCodecTest {

    /** A CA port at 4x XDR, as the simulator answers a Get with the SMSupportExtendedSpeeds bit. */
    static final byte[] XDR_PORT = HexFixture.parse("""
            0000000000000000    // M_Key
            fe80000000000000    // GidPrefix
            0005 0001           // LID 5, MasterSMLID 1
            0000c048            // CapabilityMask: Trap | SLMapping | IsExtendedSpeedsSupported | IsCapabilityMask2
            0000 0ff9           // DiagCode, M_KeyLeasePeriod
            01 13 13 02         // LocalPortNum 1, LinkWidthEnabled 1x|2x|4x, LinkWidthSupported, LinkWidthActive 4x
            74                  // LinkSpeedSupported 7 | PortState 4 Active
            52                  // PortPhysicalState 5 LinkUp | LinkDownDefaultState 2
            00                  // M_KeyProtectBits | LMC
            47                  // LinkSpeedActive 4 (QDR, an extended speed is active) | LinkSpeedEnabled 7
            54 40 00 08 08 05   // NeighborMTU 5 | MasterSMSL, VLCap 4, VLHighLimit, VLArb caps, MTUCap 5 (4096)
            e0 40               // VLStallCount 7 | HOQLife 0, OperationalVLs 4
            0000 0000 0000 20   // violation counters, GUIDCap 32
            12 00 00 0000       // SubnetTimeOut 18, RespTimeValue, error thresholds, MaxCreditHint
            2b                  // reserved(7) | LinkSpeedExtActive2 1 (6:5) | Supported2 1 (4:3) | Enabled2 3 (2:0)
            000000              // LinkRoundTripLatency
            1c30                // CapabilityMask2: XDR 0x1000 | ExtSpeeds2 0x800 | NDR 0x400 | HDR 0x20 | 2x 0x10
            0f                  // LinkSpeedExtActive 0 (XDR is in byte 56) | LinkSpeedExtSupported FDR|EDR|HDR|NDR
            1f                  // LinkSpeedExtEnabled 31 (all supported)
            """);

    /** ExtendedPortInfo of a port at FDR10. */
    static final byte[] FDR10_PORT = HexFixture.parse("""
            000000 01           // reserved, StateChangeEnable 1
            000000 01           // reserved, LinkSpeedSupported FDR10
            000000 01           // reserved, LinkSpeedEnabled FDR10
            000000 01           // reserved, LinkSpeedActive FDR10
            00*48               // reserved
            """);

    @Test
    void secondExtendedSpeedsFieldIsByte56() {
        PortInfo pi = PortInfo.decode(XDR_PORT, 0);
        assertThat(pi.linkSpeedExtActive2()).isEqualTo(1);
        assertThat(pi.linkSpeedExtSupported2()).isEqualTo(1);
        assertThat(pi.linkSpeedExtEnabled2()).isEqualTo(3);
        assertThat(pi.linkSpeedExtActive()).isZero();
        assertThat(pi.linkSpeedExtSupported()).isEqualTo(15);
        assertThat(pi.linkRoundTripLatency()).isZero();
        assertThat(pi.hasCapability2(PortInfo.CAP2_IS_LINK_SPEED_XDR_SUPPORTED)).isTrue();
        assertThat(pi.hasCapability2(PortInfo.CAP2_IS_EXT_SPEEDS_2_SUPPORTED)).isTrue();
        assertThat(pi.hasCapability2(PortInfo.CAP2_IS_LINK_SPEED_NDR_SUPPORTED)).isTrue();
        assertThat(pi.hasCapability2(PortInfo.CAP2_IS_LINK_SPEED_HDR_SUPPORTED)).isTrue();
        assertThat(pi.hasCapability2(PortInfo.CAP2_IS_VIRTUALIZATION_SUPPORTED)).isFalse();
        byte[] out = new byte[64];
        pi.encodeTo(out, 0);
        assertThat(out).isEqualTo(XDR_PORT);
    }

    @Test
    void mlnxExtendedPortInfoSpeedBytes() {
        MlnxExtendedPortInfo e = MlnxExtendedPortInfo.decode(FDR10_PORT, 0);
        assertThat(e).isEqualTo(new MlnxExtendedPortInfo(1, MlnxExtendedPortInfo.FDR10, MlnxExtendedPortInfo.FDR10,
                MlnxExtendedPortInfo.FDR10));
        assertThat(e.fdr10Active()).isTrue();
        byte[] out = new byte[64];
        e.encodeTo(out, 0);
        assertThat(out).isEqualTo(FDR10_PORT);
        assertThat(SmpAttributes.codec(AttributeId.MLNX_EXTENDED_PORT_INFO)).isPresent();
        assertThat(AttributeId.valueOf(0xFF90)).isSameAs(AttributeId.MLNX_EXTENDED_PORT_INFO);
    }
}
