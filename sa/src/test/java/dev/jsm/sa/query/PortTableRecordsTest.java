package dev.jsm.sa.query;

import static dev.jsm.sa.query.SaRequests.GET;
import static dev.jsm.sa.query.SaRequests.GET_TABLE;
import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.PKeyTableRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.SlToVlMappingTableRecord;
import dev.jsm.sa.codec.VlArbitrationTableRecord;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.Test;

/**
 * P_KeyTableRecord, SLtoVLMappingTableRecord and VLArbitrationTableRecord answered from the SM's copies of the
 * tables ({@link PortTables}) on {@link SaTestFabric}, as OpenSM answers from {@code osm_physp_t}: the P_Key blocks
 * the partition manager programmed, the SL2VL and VLArb tables the QoS manager programmed.
 */
class PortTableRecordsTest {

    private static final long LID = 1L;
    private static final long BLOCK = 1L << 1;
    private static final long PORT = 1L << 2;
    /** H2 (the requester, LID 8) and H1: full members of 0x7FFF; H3: limited 0x7FFF only; H4: 0x8001 only. */
    private static final int FULL_DEFAULT = 0xFFFF;
    private static final int LIMITED_DEFAULT = 0x7FFF;

    private final SaQueryEngine engine = new SaQueryEngine();
    private final PortTables tables = PortTables.builder()
            .pKeyBlock(SaTestFabric.H1, 1, 0, block(FULL_DEFAULT, 0x8002), 0)
            .pKeyBlocks(SaTestFabric.H1, 1, 2)
            .pKeyBlock(SaTestFabric.H2, 1, 0, block(FULL_DEFAULT), 0)
            .pKeyBlock(SaTestFabric.H3, 1, 0, block(LIMITED_DEFAULT), 0)
            .pKeyBlock(SaTestFabric.H4, 1, 0, block(0x8001), 0)
            .pKeyBlock(SaTestFabric.SW_A, 0, 0, block(FULL_DEFAULT), 0)
            .pKeyBlock(SaTestFabric.SW_A, 3, 0, block(FULL_DEFAULT, 0x8002), 0)
            .pKeyBlock(SaTestFabric.SW_A, 4, 0, block(FULL_DEFAULT), 0)
            .sl2Vl(SaTestFabric.H3, 1, 0, 0x0123_4567_0123_4567L)
            .sl2Vl(SaTestFabric.SW_A, 2, 1, 0x1111_1111_1111_1111L)
            .vlArb(SaTestFabric.H4, 1, 3, vlArbBlock(), 0)
            .vlArb(SaTestFabric.SW_A, 3, 1, vlArbBlock(), 0)
            .build();
    private final SaView view = SaTestFabric.view(false).withTables(tables);

    @Test
    void trustedRequestGetsTheProgrammedBlocksOfACaWhateverPortTheMaskNames() {
        SaAnswer a = engine.answer(view, pKey(GET_TABLE, LID | PORT, 4, 0, 7, true));
        assertThat(a.status()).isZero();
        assertThat(a.count()).as("H1 keeps 2 blocks; the CA answers for its port 1").isEqualTo(2);
        PKeyTableRecord b0 = PKeyTableRecord.decode(a.records(), 0);
        assertThat(b0.lid()).isEqualTo(4);
        assertThat(b0.portNum()).isEqualTo(1);
        assertThat(b0.blockNum()).isZero();
        assertThat(b0.pKey(0)).isEqualTo(FULL_DEFAULT);
        assertThat(b0.pKey(1)).isEqualTo(0x8002);
        PKeyTableRecord b1 = PKeyTableRecord.decode(a.records(), PKeyTableRecord.SIZE);
        assertThat(b1.blockNum()).isEqualTo(1);
        assertThat(b1.pKeys()).as("a block the SM holds no copy of reads as zeros").containsOnly(0);

        SaAnswer byLmc = engine.answer(view, pKey(GET, LID | BLOCK, 5, 0, 0, true));
        assertThat(byLmc.status()).as("LID 5 is in H1's LMC range").isZero();
        assertThat(PKeyTableRecord.decode(byLmc.records(), 0).lid()).isEqualTo(4);
        assertThat(engine.answer(view, pKey(GET, LID, 4, 0, 0, true)).status()).as("two blocks for a Get")
                .isEqualTo(SaStatus.TOO_MANY_RECORDS);
        SaAnswer beyond = engine.answer(view, pKey(GET, LID | BLOCK, 8, 3, 0, true));
        assertThat(beyond.status()).as("a named block is answered, zeros beyond the copy (OpenSM)").isZero();
        assertThat(PKeyTableRecord.decode(beyond.records(), 0).pKeys()).containsOnly(0);
    }

    @Test
    void aSwitchAnswersForEachPortWithACopyOrTheNamedPortUnderTheLidOfPortZero() {
        SaAnswer all = engine.answer(view, pKey(GET_TABLE, LID, 2, 0, 0, true));
        assertThat(all.count()).as("switch A's ports 0, 3 and 4 hold a block").isEqualTo(3);
        assertThat(PKeyTableRecord.decode(all.records(), PKeyTableRecord.SIZE).portNum()).isEqualTo(3);
        assertThat(PKeyTableRecord.decode(all.records(), PKeyTableRecord.SIZE).lid()).isEqualTo(2);
        SaAnswer port3 = engine.answer(view, pKey(GET, LID | PORT | BLOCK, 2, 0, 3, true));
        assertThat(PKeyTableRecord.decode(port3.records(), 0).pKey(1)).isEqualTo(0x8002);
        assertThat(engine.answer(view, pKey(GET_TABLE, LID | PORT, 2, 0, 9, true)).count())
                .as("no port 9 on an 8-port switch").isZero();
    }

    @Test
    void onlyPortsSharingAPartitionWithTheRequesterAreAnswered() {
        SaAnswer all = engine.answer(view, pKey(GET_TABLE, 0, 0, 0, 0, true));
        assertThat(all.status()).isZero();
        int h4 = 0;
        int h3 = 0;
        for (int i = 0; i < all.count(); i++) {
            int lid = PKeyTableRecord.decode(all.records(), i * PKeyTableRecord.SIZE).lid();
            h4 += lid == 10 ? 1 : 0;
            h3 += lid == 9 ? 1 : 0;
        }
        assertThat(h4).as("H4 (0x8001 only) shares nothing with H2").isZero();
        assertThat(h3).as("H3 is a limited member of the partition H2 is a full member of").isEqualTo(1);
        assertThat(all.count()).as("H1 2 + H2 1 + H3 1 + switch A 3").isEqualTo(7);
    }

    @Test
    void untrustedOrUnknownRequestersGetNoTables() {
        assertThat(engine.answer(view, pKey(GET_TABLE, LID, 4, 0, 0, false)).status())
                .as("SM_Key 0: OpenSM ERR 4608").isEqualTo(SaStatus.REQ_INVALID);
        byte[] data = new byte[SaHeader.DATA_SIZE];
        SaRequest stranger = new SaRequest(new MadAddress.LidRouted(77, 1, MadAddress.QP1_QKEY, 0, 0), GET_TABLE,
                SaAttribute.P_KEY_TABLE_RECORD, 0, 1, new SaHeader(1, 0, 0), data, true);
        assertThat(engine.answer(view, stranger).drop()).as("requester LID unknown: OpenSM ERR 4604").isTrue();
        assertThat(engine.answer(view, pKey(GET_TABLE, 1L << 3, 4, 0, 0, true)).status())
                .as("component 3 is not defined").isEqualTo(SaStatus.REQ_INVALID);
    }

    @Test
    void slToVlRecordsCarryTheProgrammedTables() {
        SaAnswer ca = engine.answer(view, request(GET, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, LID,
                (b, o) -> SlToVlMappingTableRecord.LID.put(b, o, 9)));
        assertThat(SlToVlMappingTableRecord.decode(ca.records(), 0).table()).isEqualTo(0x0123_4567_0123_4567L);
        SaAnswer pair = engine.answer(view, request(GET, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD,
                LID | 1L << 1 | 1L << 2, (b, o) -> {
                    SlToVlMappingTableRecord.LID.put(b, o, 2);
                    SlToVlMappingTableRecord.INPUT_PORT_NUM.put(b, o, 1);
                    SlToVlMappingTableRecord.OUTPUT_PORT_NUM.put(b, o, 2);
                }));
        assertThat(SlToVlMappingTableRecord.decode(pair.records(), 0).table()).isEqualTo(0x1111_1111_1111_1111L);
        SaAnswer other = engine.answer(view, request(GET, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD,
                LID | 1L << 1 | 1L << 2, (b, o) -> {
                    SlToVlMappingTableRecord.LID.put(b, o, 2);
                    SlToVlMappingTableRecord.INPUT_PORT_NUM.put(b, o, 2);
                    SlToVlMappingTableRecord.OUTPUT_PORT_NUM.put(b, o, 1);
                }));
        assertThat(SlToVlMappingTableRecord.decode(other.records(), 0).table()).as("not programmed").isZero();
    }

    @Test
    void vlArbRecordsCarryTheProgrammedBlocks() {
        SaAnswer h4 = engine.answer(view, request(GET_TABLE, SaAttribute.VL_ARBITRATION_TABLE_RECORD, LID,
                (b, o) -> VlArbitrationTableRecord.LID.put(b, o, 10)));
        assertThat(h4.count()).isEqualTo(4);
        VlArbitrationTableRecord block3 = VlArbitrationTableRecord.decode(h4.records(),
                2 * VlArbitrationTableRecord.SIZE);
        assertThat(block3.blockNum()).isEqualTo(3);
        assertThat(block3.vl(0)).isEqualTo(1);
        assertThat(block3.weight(0)).isEqualTo(64);
        assertThat(VlArbitrationTableRecord.decode(h4.records(), 0).entries()).as("block 1 not programmed")
                .containsOnly(0);
        SaAnswer sw = engine.answer(view, request(GET, SaAttribute.VL_ARBITRATION_TABLE_RECORD,
                LID | 1L << 1 | 1L << 2, (b, o) -> {
                    VlArbitrationTableRecord.LID.put(b, o, 2);
                    VlArbitrationTableRecord.OUTPUT_PORT_NUM.put(b, o, 3);
                    VlArbitrationTableRecord.BLOCK_NUM.put(b, o, 1);
                }));
        assertThat(VlArbitrationTableRecord.decode(sw.records(), 0).weight(0)).isEqualTo(64);
    }

    private static SaRequest pKey(int method, long mask, int lid, int block, int port, boolean trusted) {
        ObjIntConsumer<byte[]> t = (b, o) -> {
            PKeyTableRecord.LID.put(b, o, lid);
            PKeyTableRecord.BLOCK_NUM.put(b, o, block);
            PKeyTableRecord.PORT_NUM.put(b, o, port);
        };
        return request(method, SaAttribute.P_KEY_TABLE_RECORD, mask, t, trusted);
    }

    /** A P_Key block holding {@code keys} from index 0. */
    private static byte[] block(int... keys) {
        byte[] b = new byte[PortTables.P_KEY_BLOCK_BYTES];
        for (int i = 0; i < keys.length; i++) {
            b[2 * i] = (byte) (keys[i] >> 8);
            b[2 * i + 1] = (byte) keys[i];
        }
        return b;
    }

    /** A VLArb block whose entry 0 is VL 1, weight 64. */
    private static byte[] vlArbBlock() {
        byte[] b = new byte[PortTables.VL_ARB_BLOCK_BYTES];
        b[0] = 1;
        b[1] = 64;
        return b;
    }
}
