package dev.jsm.sa.query;

import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_DGID_COUNT;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_FLOW_LABEL;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_NUMB_PATH;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_REVERSIBLE;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_SGID_COUNT;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_SL;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_T_CLASS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadStatus;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.MultiPathRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GetMulti(MultiPathRecord) on {@link SaTestFabric} (H1 has LIDs 4-5): the pairs in order with their Preference,
 * NumbPath, the APM 2x2 request, constraints shared with PathRecords, and the errors OpenSM gives.
 */
class MultiPathRecordQueryTest {

    private static final int GET_MULTI = 0x14;
    private static final long COUNTS = bit(COMPONENT_SGID_COUNT) | bit(COMPONENT_DGID_COUNT);
    private static final Gid H1 = gid(SaTestFabric.H1 + 1);
    private static final Gid H2 = gid(SaTestFabric.H2 + 1);
    private static final Gid H3 = gid(SaTestFabric.H3 + 1);
    private static final Gid H4 = gid(SaTestFabric.H4 + 1);
    private static final Gid SW_B = gid(SaTestFabric.SW_B);

    private final SaQueryEngine engine = new SaQueryEngine();
    private final SaView view = SaTestFabric.view(false);

    @Test
    void everyPairSameOffsetsFirstThenTheOtherLidCombinations() {
        SaAnswer a = engine.answer(view, request(COUNTS, mpr(0, 0, List.of(H1), List.of(H1, H3))));
        assertThat(a.status()).isZero();
        assertThat(paths(a)).containsExactly("4>4 p0", "5>5 p0", "4>5 p2", "5>4 p2", "4>9 p0", "5>9 p2");
        PathRecord loop = PathRecord.decode(a.records(), 0);
        assertThat(loop.packetLifeTime()).as("loopback").isZero();
        PathRecord far = PathRecord.decode(a.records(), 4 * PathRecord.SIZE);
        assertThat(far.sgid()).isEqualTo(H1);
        assertThat(far.dgid()).isEqualTo(H3);
        assertThat(far.mtu()).as("NeighborMTU 2048 on A[1]-B[1], as PathRecords").isEqualTo(4);
        assertThat(far.rate()).as("4x DDR").isEqualTo(6);
        assertThat(far.packetLifeTime()).isEqualTo(18);
        assertThat(far.reversible()).isEqualTo(1);
        assertThat(far.pKey()).isEqualTo(0xffff);
    }

    @Test
    void numbPathBoundsTheWholeAnswer() {
        long mask = COUNTS | bit(COMPONENT_NUMB_PATH);
        assertThat(paths(engine.answer(view, request(mask, mpr(3, 0, List.of(H1), List.of(H1, H3))))))
                .containsExactly("4>4 p0", "5>5 p0", "4>5 p2");
        SaAnswer none = engine.answer(view, request(mask, mpr(0, 0, List.of(H1), List.of(H3))));
        assertThat(none.status()).as("NumbPath 0 asks for nothing (OpenSM)").isZero();
        assertThat(none.count()).isZero();
    }

    @Test
    void apmTakesTheDiagonalWithTheShorterPathsAndHashedLidOffsets() {
        // sorted: SW_B (LID 1) before H1, H2 (LID 8) before H3; offset hash((1 << 4 | 8) % 103) = 24, H1's row 25:
        // LID 5. Diagonal SW_B>H2, H1>H3 has 3 hops at best; SW_B>H3, H1>H2 has 2 and wins
        SaAnswer a = engine.answer(view, request(COUNTS, mpr(2, 0, List.of(H1, SW_B), List.of(H3, H2))));
        assertThat(paths(a)).containsExactly("1>9 p0", "5>8 p0");
        SaAnswer swapped = engine.answer(view, request(COUNTS, mpr(2, 0, List.of(SW_B, H1), List.of(H2, H3))));
        assertThat(paths(swapped)).as("the order of the GIDs does not matter").containsExactly("1>9 p0", "5>8 p0");
    }

    @Test
    void constraintsFollowThePathRecordRulesAndNothingIsEchoed() {
        MultiPathRecord tagged = new MultiPathRecord(0, 0x12345, 0, 9, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0,
                List.of(H2), List.of(H3));
        SaAnswer sl3 = engine.answer(view, request(COUNTS | bit(COMPONENT_SL), tagged));
        assertThat(sl3.count()).isEqualTo(1);
        assertThat(PathRecord.decode(sl3.records(), 0).sl()).as("no routing or QoS SL: the requested one")
                .isEqualTo(3);
        SaAnswer a = engine.answer(view, request(COUNTS | bit(COMPONENT_FLOW_LABEL) | bit(COMPONENT_T_CLASS),
                tagged));
        PathRecord p = PathRecord.decode(a.records(), 0);
        assertThat(p.flowLabel()).isZero();
        assertThat(p.tClass()).isZero();
        assertThat(p.sl()).isZero();

        SaView broken = SaTestFabric.view(true);
        MultiPathRecord reversible = new MultiPathRecord(0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                List.of(H4), List.of(H1));
        assertThat(engine.answer(broken, request(COUNTS | bit(COMPONENT_REVERSIBLE), reversible)).count())
                .as("switch A cannot route back to LID 10").isZero();
        SaAnswer oneWay = engine.answer(broken, request(COUNTS, reversible));
        assertThat(paths(oneWay)).containsExactly("10>4 p0", "10>5 p2");
        assertThat(PathRecord.decode(oneWay.records(), 0).reversible()).isZero();
    }

    @Test
    void errorsAsOpenSmGivesThem() {
        Gid unknown = gid(0x0002c900000ffff1L);
        Gid multicast = new Gid(0xff12401bffff0000L, SaTestFabric.H3 + 1);
        Gid foreign = new Gid(0x2001_0db8_0000_0000L, SaTestFabric.H3 + 1);
        assertThat(status(request(COUNTS, mpr(0, 0, List.of(H1), List.of(unknown))))).isEqualTo(SaStatus.INVALID_GID);
        assertThat(status(request(COUNTS, mpr(0, 0, List.of(multicast), List.of(H3)))))
                .isEqualTo(SaStatus.INVALID_GID);
        assertThat(status(request(COUNTS, mpr(0, 0, List.of(H1), List.of(foreign))))).isEqualTo(SaStatus.INVALID_GID);
        assertThat(status(request(bit(COMPONENT_SGID_COUNT), mpr(0, 0, List.of(H1), List.of(H3)))))
                .as("no DGIDCount component: no destination").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(status(request(COUNTS | 1L << 22, mpr(0, 0, List.of(H1), List.of(H3)))))
                .isEqualTo(SaStatus.REQ_INVALID);
        byte[] shortData = new byte[MultiPathRecord.size(1)];
        mpr(0, 0, List.of(H1), List.of()).encodeTo(shortData, 0);
        MultiPathRecord.DGID_COUNT.put(shortData, 0, 1);
        assertThat(status(new SaRequest(SaRequests.FROM_H2, GET_MULTI, SaAttribute.MULTI_PATH_RECORD, 0, 1,
                new SaHeader(0, 0, COUNTS), shortData, false))).as("a DGID the request does not carry")
                .isEqualTo(SaStatus.REQ_INVALID);
        SaRequest get = new SaRequest(SaRequests.FROM_H2, 0x01, SaAttribute.MULTI_PATH_RECORD, 0, 1,
                new SaHeader(0, 0, COUNTS), data(mpr(0, 0, List.of(H1), List.of(H3))), false);
        assertThat(status(get)).isEqualTo(MadStatus.METHOD_ATTR_UNSUPPORTED.value());
        SaRequest stranger = new SaRequest(new MadAddress.LidRouted(77, 1, MadAddress.QP1_QKEY, 0, 0), GET_MULTI,
                SaAttribute.MULTI_PATH_RECORD, 0, 1, new SaHeader(0, 0, COUNTS),
                data(mpr(0, 0, List.of(H1), List.of(H3))), false);
        assertThat(engine.answer(view, stranger).drop()).as("requester unknown: no answer").isTrue();
    }

    @Test
    void moreGidsThanOneMadHolds() {
        List<Gid> dgids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            dgids.add(H3);
            dgids.add(H4);
        }
        MultiPathRecord big = mpr(0, 0, List.of(H2), dgids);
        assertThat(big.size()).isGreaterThan(SaHeader.DATA_SIZE);
        SaAnswer a = engine.answer(view, request(COUNTS, big));
        assertThat(a.count()).isEqualTo(12);
        assertThat(paths(a).get(11)).isEqualTo("8>10 p0");
    }

    private int status(SaRequest r) {
        return engine.answer(view, r).status();
    }

    private static MultiPathRecord mpr(int numbPath, int sl, List<Gid> sgids, List<Gid> dgids) {
        return new MultiPathRecord(0, 0, 0, 0, 0, numbPath, 0, 0, sl, 0, 0, 0, 0, 0, 0, 0, 0, sgids, dgids);
    }

    private static SaRequest request(long mask, MultiPathRecord r) {
        return new SaRequest(SaRequests.FROM_H2, GET_MULTI, SaAttribute.MULTI_PATH_RECORD, 0, 0x42,
                new SaHeader(0, 0, mask), data(r), false);
    }

    private static byte[] data(MultiPathRecord r) {
        byte[] d = new byte[Math.max(SaHeader.DATA_SIZE, r.size())];
        r.encodeTo(d, 0);
        return d;
    }

    /** "slid>dlid pPreference" of every record. */
    private static List<String> paths(SaAnswer a) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < a.count(); i++) {
            PathRecord p = PathRecord.decode(a.records(), i * PathRecord.SIZE);
            out.add(p.slid() + ">" + p.dlid() + " p" + p.preference());
        }
        return out;
    }

    private static Gid gid(long guid) {
        return new Gid(SaTestFabric.PREFIX, guid);
    }

    private static long bit(int component) {
        return 1L << component;
    }
}
