package dev.jsm.sa.codec;

import static dev.jsm.sa.codec.NodePortRecordsTest.encoded;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * InformInfoRecord (and the InformInfo inside it): annotated bytes laid out from
 * docs/reference/mad-formats.md#informinfo-and-informinforecord -> record -> bytes.
 */
class InformInfoRecordTest {

    static final byte[] INFORM_INFO_RECORD = HexFixture.parse("""
            fe80000000000000 0002c90000002001   // SubscriberGID: H2's port
            0003                                // Enum 3
            000000000000                        // reserved
            00000000000000000000000000000000    // InformInfo.GID: none (LID range applies)
            0004 0009                           // LIDRangeBegin 4, LIDRangeEnd 9
            0000                                // reserved
            01 01                               // IsGeneric 1, Subscribe 1
            0003                                // Type 3 (subnet management)
            0040                                // TrapNumber 64
            000009 13                           // QPN 9 | reserved(3) 0 | RespTimeValue 19
            00 ffffff                           // reserved, ProducerType 0xffffff (any)
            00000000                            // pad
            """);

    @Test
    void decodesAndEncodesTheAnnotatedBytes() {
        InformInfoRecord r = InformInfoRecord.decode(INFORM_INFO_RECORD, 0);
        assertThat(r.subscriberGid()).isEqualTo(new Gid(0xfe80000000000000L, 0x0002c90000002001L));
        assertThat(r.enumeration()).isEqualTo(3);
        InformInfo ii = r.informInfo();
        assertThat(ii.gid()).isEqualTo(Gid.ZERO);
        assertThat(ii.lidRangeBegin()).isEqualTo(4);
        assertThat(ii.lidRangeEnd()).isEqualTo(9);
        assertThat(ii.isGeneric()).isEqualTo(1);
        assertThat(ii.subscribe()).isEqualTo(1);
        assertThat(ii.type()).isEqualTo(3);
        assertThat(ii.trapNumberOrDeviceId()).isEqualTo(64);
        assertThat(ii.qpn()).isEqualTo(9);
        assertThat(ii.respTimeValue()).isEqualTo(19);
        assertThat(ii.producerTypeOrVendorId()).isEqualTo(0xffffff);
        assertThat(encoded(InformInfoRecord.SIZE, r::encodeTo)).isEqualTo(INFORM_INFO_RECORD);
    }

    @Test
    void layoutCoversTheRecordAndComponentsFollowTheSpec() {
        assertThat(INFORM_INFO_RECORD).hasSize(InformInfoRecord.SIZE);
        assertThat(InformInfoRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(InformInfo.LAYOUT.uncoveredBits()).isZero();
        Components c = InformInfoRecord.COMPONENTS;
        assertThat(c.field(InformInfoRecord.COMPONENT_SUBSCRIBER_GID).name()).isEqualTo("SubscriberGID");
        assertThat(c.field(InformInfoRecord.COMPONENT_ENUM).name()).isEqualTo("Enum");
        assertThat(c.field(3).name()).isEqualTo("GID");
        assertThat(c.field(3).byteOffset()).isEqualTo(24);
        assertThat(c.field(9).name()).isEqualTo("Type");
        assertThat(c.field(15).name()).isEqualTo("ProducerTypeVendorID");
        assertThat(c.count()).isEqualTo(16);
    }
}
