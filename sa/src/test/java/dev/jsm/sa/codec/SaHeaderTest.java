package dev.jsm.sa.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.codec.MadHeader;
import org.junit.jupiter.api.Test;

/**
 * The SA MAD header and RMPP header against annotated bytes laid out by hand from
 * docs/reference/mad-formats.md#sa-header-and-rmpp.
 */
class SaHeaderTest {

    /** The 56-byte header of the second segment of an RMPP GetTableResp carrying NodeRecords. */
    static final byte[] GET_TABLE_RESP_SEGMENT_2 = HexFixture.parse("""
            01 03 02 92         // BaseVersion 1, MgmtClass 0x03 SA, ClassVersion 2, Method 0x92 GetTableResp
            0000 0000           // Status 0, ClassSpecific 0
            00000007 0000abcd   // TransactionID 0x7_0000abcd
            0011 0000           // AttributeID 0x0011 NodeRecord, reserved
            00000000            // AttributeModifier
            01                  // RMPPVersion 1
            01                  // RMPPType 1 DATA
            e1                  // RRespTime(7:3) = 0x1c | RMPPFlags(2:0) = 1 Active
            00                  // RMPPStatus 0
            00000002            // SegmentNumber 2
            00000000            // PayloadLength (only in the first and last segments)
            0000000000000000    // SM_Key 0 (responses always carry 0)
            000e                // AttributeOffset 14 words = 112 bytes per NodeRecord
            0000                // reserved
            0000000000000000    // ComponentMask
            """);

    @Test
    void layoutCoversEveryBitOfTheHeader() {
        assertThat(SaHeader.LAYOUT.size()).isEqualTo(56);
        assertThat(SaHeader.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void decodesTheSegmentHeader() {
        byte[] mad = java.util.Arrays.copyOf(GET_TABLE_RESP_SEGMENT_2, 256);
        MadHeader h = MadHeader.decode(mad);
        assertThat(h.mgmtClass()).isEqualTo(3);
        assertThat(h.classVersion()).isEqualTo(SaHeader.CLASS_VERSION);
        assertThat(h.method()).isEqualTo(0x92);
        assertThat(h.attributeId()).isEqualTo(SaAttribute.NODE_RECORD);
        RmppHeader r = RmppHeader.decode(mad);
        assertThat(r).isEqualTo(new RmppHeader(1, RmppHeader.TYPE_DATA, 0x1c, RmppHeader.FLAG_ACTIVE, 0, 2, 0));
        assertThat(r.active()).isTrue();
        assertThat(r.first()).isFalse();
        assertThat(r.last()).isFalse();
        assertThat(RmppHeader.isActive(mad)).isTrue();
        assertThat(SaHeader.decode(mad)).isEqualTo(new SaHeader(0, NodeRecord.SIZE / 8, 0));
    }

    @Test
    void encodesTheSameBytes() {
        byte[] mad = new byte[56];
        new MadHeader(1, 3, 2, 0x92, 0, 0, 0x7_0000abcdL, SaAttribute.NODE_RECORD, 0).encodeTo(mad);
        new RmppHeader(1, RmppHeader.TYPE_DATA, 0x1c, RmppHeader.FLAG_ACTIVE, 0, 2, 0).encodeTo(mad);
        new SaHeader(0, 14, 0).encodeTo(mad);
        assertThat(mad).isEqualTo(GET_TABLE_RESP_SEGMENT_2);
    }

    @Test
    void componentMaskBitsCountFromTheLeastSignificantBit() {
        byte[] mad = new byte[256];
        new SaHeader(0x0123456789abcdefL, 0, 0x10003L).encodeTo(mad);
        assertThat(mad[55]).isEqualTo((byte) 0x03);
        assertThat(mad[53]).isEqualTo((byte) 0x01);
        SaHeader h = SaHeader.decode(mad);
        assertThat(h.hasComponent(0)).isTrue();
        assertThat(h.hasComponent(16)).isTrue();
        assertThat(h.hasComponent(2)).isFalse();
        assertThat(h.smKey()).isEqualTo(0x0123456789abcdefL);
    }

    @Test
    void namesStatusesAndAttributes() {
        assertThat(SaStatus.name(SaStatus.NO_RECORDS)).isEqualTo("ERR_NO_RECORDS");
        assertThat(SaStatus.name(0x0900)).isEqualTo("0x0900");
        assertThat(SaAttribute.name(SaAttribute.PATH_RECORD)).isEqualTo("PathRecord");
        assertThat(SaAttribute.name(0x0099)).isEqualTo("0x0099");
    }

    @Test
    void gidsAreEqualByPrefixAndInterfaceId() {
        Gid g = new Gid(0xfe80000000000000L, 0x0002c90200000001L);
        assertThat(g).isEqualTo(new Gid(0xfe80000000000000L, 0x0002c90200000001L))
                .hasSameHashCodeAs(new Gid(0xfe80000000000000L, 0x0002c90200000001L))
                .isNotEqualTo(new Gid(0xfe80000000000001L, 0x0002c90200000001L))
                .isNotEqualTo(new Gid(0xfe80000000000000L, 0x0002c90200000002L)).isNotEqualTo(null);
    }
}
