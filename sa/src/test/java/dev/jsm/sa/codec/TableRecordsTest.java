package dev.jsm.sa.codec;

import static dev.jsm.sa.codec.NodePortRecordsTest.encoded;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * P_KeyTableRecord, SLtoVLMappingTableRecord, VLArbitrationTableRecord, GUIDInfoRecord and
 * MulticastForwardingTableRecord: annotated bytes laid out from docs/reference/mad-formats.md#table-records -> record
 * -> the same bytes.
 */
class TableRecordsTest {

    static final byte[] P_KEY_TABLE_RECORD = HexFixture.parse("""
            0004 0000           // LID 4, BlockNum 0
            00 000000           // PortNum 0, reserved
            ffff 8001 7fff      // entries 0..2: full default, full 0x0001, limited default
            0000*29             // entries 3..31 empty
            """);

    static final byte[] SL_TO_VL_RECORD = HexFixture.parse("""
            0002 03 01          // LID 2, InputPortNum 3, OutputPortNum 1
            00000000            // reserved
            0123456701234567    // SL0..15 -> VL 0,1,2,3,4,5,6,7,0,1,...
            """);

    static final byte[] VL_ARB_RECORD = HexFixture.parse("""
            0002 01 01          // LID 2, OutputPortNum 1, BlockNum 1 (low priority 0-31)
            00000000            // reserved
            00 00 01 04 02 04   // entries 0..2: VL0 weight 0, VL1 weight 4, VL2 weight 4
            0000*29             // entries 3..31
            """);

    static final byte[] GUID_INFO_RECORD = HexFixture.parse("""
            0009 00 00          // LID 9, BlockNum 0, reserved
            00000000            // reserved
            0002c90000003001    // GUID0: the port GUID
            0014050000abcdef    // GUID1: an alias (OUI 0x001405)
            0000000000000000*6  // GUID2..7
            """);

    static final byte[] MFT_RECORD = HexFixture.parse("""
            0002                // LID 2
            1001                // Position(15:12) 1 | reserved(11:9) | BlockNum(8:0) 1: MLIDs 0xc020..0xc03f
            00000000            // reserved
            0009 0000*31        // MLID 0xc020: ports 16 and 19; others none
            """);

    @Test
    void pKeyTableRecord() {
        PKeyTableRecord r = PKeyTableRecord.decode(P_KEY_TABLE_RECORD, 0);
        assertThat(r.lid()).isEqualTo(4);
        assertThat(r.pKey(0)).isEqualTo(0xffff);
        assertThat(r.pKey(1)).isEqualTo(0x8001);
        assertThat(r.pKey(2)).isEqualTo(0x7fff);
        assertThat(r).isEqualTo(PKeyTableRecord.decode(P_KEY_TABLE_RECORD.clone(), 0));
        assertThat(encoded(PKeyTableRecord.SIZE, r::encodeTo)).isEqualTo(P_KEY_TABLE_RECORD);
        assertThat(PKeyTableRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(PKeyTableRecord.COMPONENTS.field(2).name()).isEqualTo("PortNum");
    }

    @Test
    void slToVlMappingTableRecord() {
        SlToVlMappingTableRecord r = SlToVlMappingTableRecord.decode(SL_TO_VL_RECORD, 0);
        assertThat(r).isEqualTo(new SlToVlMappingTableRecord(2, 3, 1, 0x0123456701234567L));
        assertThat(r.vl(0)).isZero();
        assertThat(r.vl(7)).isEqualTo(7);
        assertThat(r.vl(9)).isEqualTo(1);
        assertThat(encoded(SlToVlMappingTableRecord.SIZE, r::encodeTo)).isEqualTo(SL_TO_VL_RECORD);
        assertThat(SlToVlMappingTableRecord.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void vlArbitrationTableRecord() {
        VlArbitrationTableRecord r = VlArbitrationTableRecord.decode(VL_ARB_RECORD, 0);
        assertThat(r.blockNum()).isEqualTo(1);
        assertThat(r.vl(1)).isEqualTo(1);
        assertThat(r.weight(1)).isEqualTo(4);
        assertThat(r.weight(0)).isZero();
        assertThat(encoded(VlArbitrationTableRecord.SIZE, r::encodeTo)).isEqualTo(VL_ARB_RECORD);
        assertThat(VlArbitrationTableRecord.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void guidInfoRecord() {
        GuidInfoRecord r = GuidInfoRecord.decode(GUID_INFO_RECORD, 0);
        assertThat(r.lid()).isEqualTo(9);
        assertThat(r.guids()).startsWith(0x0002c90000003001L, 0x0014050000abcdefL);
        assertThat(r).isEqualTo(GuidInfoRecord.decode(GUID_INFO_RECORD.clone(), 0));
        assertThat(encoded(GuidInfoRecord.SIZE, r::encodeTo)).isEqualTo(GUID_INFO_RECORD);
        assertThat(GuidInfoRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(GuidInfoRecord.COMPONENTS.count()).isEqualTo(12);
        assertThat(GuidInfoRecord.COMPONENTS.field(5).name()).isEqualTo("GUID1");
    }

    @Test
    void multicastForwardingTableRecord() {
        MulticastForwardingTableRecord r = MulticastForwardingTableRecord.decode(MFT_RECORD, 0);
        assertThat(r.lid()).isEqualTo(2);
        assertThat(r.position()).isEqualTo(1);
        assertThat(r.blockNum()).isEqualTo(1);
        assertThat(r.mask(0)).isEqualTo(0x0009);
        assertThat(encoded(MulticastForwardingTableRecord.SIZE, r::encodeTo)).isEqualTo(MFT_RECORD);
        assertThat(MulticastForwardingTableRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(MulticastForwardingTableRecord.COMPONENTS.field(3).name()).isEqualTo("BlockNum");
    }
}
