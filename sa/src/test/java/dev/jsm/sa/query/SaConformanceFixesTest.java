package dev.jsm.sa.query;

import static dev.jsm.sa.query.SaRequests.GET;
import static dev.jsm.sa.query.SaRequests.GET_TABLE;
import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.codec.ClassPortInfo;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.PKeyTableRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.SlToVlMappingTableRecord;
import dev.jsm.sa.codec.VlArbitrationTableRecord;
import org.junit.jupiter.api.Test;

/**
 * The differences scripts/sa-compare.sh found between jsm's SA and the reference OpenSM under ibsim, one test per
 * fix (docs/sa-conformance.md lists them): ClassPortInfo's CapabilityMask2 and TrapQ_Key, P_KeyTableRecord's
 * trusted-only rule, GUIDInfoRecord, SLtoVLMappingTableRecord and VLArbitrationTableRecord (osmtest's flow q).
 */
class SaConformanceFixesTest {

    private static final long LID_MASK = 1L;
    private static final long BLOCK_MASK = 1L << 1;

    private final SaQueryEngine engine = new SaQueryEngine();
    private final SaView view = SaTestFabric.view(false);

    @Test
    void classPortInfoAdvertisesWhatTheSaDoesAndTheTrapQKey() {
        ClassPortInfo c = ClassPortInfo.decode(engine.answer(view,
                request(GET, SaAttribute.CLASS_PORT_INFO, 0, (b, o) -> { })).records(), 0);
        // reference: 0xB5E8, as jsm's since it serves GUIDInfoRecord Set and Delete (the alias GUID bit 0x20)
        assertThat(c.capabilityMask2()).as("McastTop (use_mfttop), AdditionalGUIDs, FullPortInfoRecord, "
                + "ExtendedSpeeds, MulticastServiceRecords, PortInfoCapMask2Match, SendOnlyFullMember, LinkWidth2x, "
                + "LinkSpeedHDR").isEqualTo(0xB5E8);
        SaView noTop = view.withSettings(new SaSettings(1, 18, 16, true, true, false, false, false));
        assertThat(ClassPortInfo.decode(engine.answer(noTop, request(GET, SaAttribute.CLASS_PORT_INFO, 0,
                (b, o) -> { })).records(), 0).capabilityMask2()).as("QoS on, use_mfttop off")
                .isEqualTo(0x2 | 0x20 | 0x40 | 0x80 | 0x100 | 0x400 | 0x1000 | 0x2000 | 0x8000);
        assertThat(c.trapQKey()).isEqualTo(0x80010000L);
    }

    @Test
    void pKeyTableRecordsOnlyForTrustedRequesters() {
        SaAnswer untrusted = engine.answer(view, request(GET_TABLE, SaAttribute.P_KEY_TABLE_RECORD, 1,
                (b, o) -> PKeyTableRecord.LID.put(b, o, 2)));
        assertThat(untrusted.status()).isEqualTo(SaStatus.REQ_INVALID);
        assertThat(untrusted.count()).isZero();
    }

    @Test
    void guidInfoRecordsCarryThePortGuidInBlockZero() {
        SaAnswer all = engine.answer(view, request(GET_TABLE, SaAttribute.GUID_INFO_RECORD, 0, (b, o) -> { }));
        assertThat(all.status()).isZero();
        assertThat(all.count()).as("one block (GUIDCap 1) per end port: 2 switches, 4 hosts").isEqualTo(6);
        assertThat(all.recordSize()).isEqualTo(GuidInfoRecord.SIZE);

        SaAnswer h1 = engine.answer(view, request(GET, SaAttribute.GUID_INFO_RECORD, LID_MASK | BLOCK_MASK,
                (b, o) -> GuidInfoRecord.LID.put(b, o, 5)));
        assertThat(h1.status()).as("LID 5 is in H1's LMC range 4-5").isZero();
        GuidInfoRecord r = GuidInfoRecord.decode(h1.records(), 0);
        assertThat(r.lid()).isEqualTo(4);
        assertThat(r.blockNum()).isZero();
        assertThat(r.guids()).containsExactly(SaTestFabric.H1 + 1, 0, 0, 0, 0, 0, 0, 0);

        SaAnswer beyondCap = engine.answer(view, request(GET, SaAttribute.GUID_INFO_RECORD, LID_MASK | BLOCK_MASK,
                (b, o) -> {
                    GuidInfoRecord.LID.put(b, o, 4);
                    GuidInfoRecord.BLOCK_NUM.put(b, o, 1);
                }));
        assertThat(beyondCap.status()).isEqualTo(SaStatus.NO_RECORDS);
    }

    @Test
    void slToVlRecordsOnePerCaAndOnePerSwitchPortPair() {
        SaAnswer ca = engine.answer(view, request(GET, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, LID_MASK | 1L << 2,
                (b, o) -> {
                    SlToVlMappingTableRecord.LID.put(b, o, 9);
                    SlToVlMappingTableRecord.OUTPUT_PORT_NUM.put(b, o, 7);
                }));
        assertThat(ca.status()).as("a CA's one record, whatever port the mask names").isZero();
        SlToVlMappingTableRecord r = SlToVlMappingTableRecord.decode(ca.records(), 0);
        assertThat(r.lid()).isEqualTo(9);
        assertThat(r.inputPortNum()).isZero();
        assertThat(r.outputPortNum()).as("OpenSM 3.3.23 answers out port 0 for a CA").isZero();
        assertThat(r.table()).as("not programmed: zero, as OpenSM's copy").isZero();

        SaAnswer sw = engine.answer(view, request(GET_TABLE, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, LID_MASK,
                (b, o) -> SlToVlMappingTableRecord.LID.put(b, o, 2)));
        assertThat(sw.count()).as("9 x 9 (output, input) pairs of ports 0..8").isEqualTo(81);
        SaAnswer pair = engine.answer(view, request(GET, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD,
                LID_MASK | 1L << 1 | 1L << 2, (b, o) -> {
                    SlToVlMappingTableRecord.LID.put(b, o, 2);
                    SlToVlMappingTableRecord.INPUT_PORT_NUM.put(b, o, 1);
                    SlToVlMappingTableRecord.OUTPUT_PORT_NUM.put(b, o, 2);
                }));
        assertThat(SlToVlMappingTableRecord.decode(pair.records(), 0).inputPortNum()).isEqualTo(1);
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, LID_MASK,
                (b, o) -> SlToVlMappingTableRecord.LID.put(b, o, 5))).count()).as("5 is not a base LID").isZero();
    }

    @Test
    void vlArbRecordsFourBlocksPerPort() {
        SaAnswer ca = engine.answer(view, request(GET_TABLE, SaAttribute.VL_ARBITRATION_TABLE_RECORD, LID_MASK,
                (b, o) -> VlArbitrationTableRecord.LID.put(b, o, 10)));
        assertThat(ca.count()).isEqualTo(4);
        VlArbitrationTableRecord first = VlArbitrationTableRecord.decode(ca.records(), 0);
        assertThat(first.outputPortNum()).isEqualTo(1);
        assertThat(first.blockNum()).isEqualTo(1);
        assertThat(first.entries()).containsOnly(0);

        SaAnswer one = engine.answer(view, request(GET, SaAttribute.VL_ARBITRATION_TABLE_RECORD,
                LID_MASK | 1L << 1 | 1L << 2, (b, o) -> {
                    VlArbitrationTableRecord.LID.put(b, o, 1);
                    VlArbitrationTableRecord.OUTPUT_PORT_NUM.put(b, o, 3);
                    VlArbitrationTableRecord.BLOCK_NUM.put(b, o, 2);
                }));
        assertThat(one.status()).isZero();
        VlArbitrationTableRecord r = VlArbitrationTableRecord.decode(one.records(), 0);
        assertThat(r.lid()).isEqualTo(1);
        assertThat(r.outputPortNum()).isEqualTo(3);
        assertThat(r.blockNum()).isEqualTo(2);
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.VL_ARBITRATION_TABLE_RECORD, LID_MASK,
                (b, o) -> VlArbitrationTableRecord.LID.put(b, o, 1))).count()).as("ports 0..8 x 4 blocks")
                .isEqualTo(36);
    }
}
