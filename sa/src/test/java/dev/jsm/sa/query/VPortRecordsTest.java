package dev.jsm.sa.query;

import static dev.jsm.sa.query.SaRequests.GET;
import static dev.jsm.sa.query.SaRequests.GET_TABLE;
import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.PortInfoRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The SA's answers for virtual ports on {@link SaTestFabric#snapshotWithVPorts()} (docs/virtualization.md): H2 (LID 8)
 * with vport 1 (LID 20, Active) and vport 2 (no LID of its own, Init), H3 with vport 1 (LID 21, Down). A vport with a
 * LID of its own has its NodeRecord and PortInfoRecord; every up vport its GUIDInfoRecords and PathRecords, by GID and
 * by LID, with {@code virt_default_hop_limit}; a down one none.
 */
class VPortRecordsTest {

    private static final long PREFIX = SaTestFabric.PREFIX;
    private static final Gid H1 = new Gid(PREFIX, SaTestFabric.H1 + 1);
    private static final Gid V1 = new Gid(PREFIX, SaTestFabric.H2_V1);
    private static final Gid V2 = new Gid(PREFIX, SaTestFabric.H2_V2);
    private static final Gid DOWN = new Gid(PREFIX, SaTestFabric.H3_V1);

    private final SaQueryEngine engine = new SaQueryEngine();
    private final SaView view = SaViews.smallWithVPorts();

    @Test
    void aVPortWithItsOwnLidHasTheNodeRecordOfItsVirtualNode() {
        SaAnswer one = engine.answer(view, request(GET, SaAttribute.NODE_RECORD, 1,
                (b, o) -> NodeRecord.LID.put(b, o, 20)));
        assertThat(one.status()).isEqualTo(SaStatus.OK);
        assertThat(one.count()).isEqualTo(1);
        NodeRecord r = NodeRecord.decode(one.records(), 0);
        assertThat(r.lid()).isEqualTo(20);
        assertThat(r.nodeInfo().portGuid()).isEqualTo(SaTestFabric.H2_V1);
        assertThat(r.nodeInfo().nodeGuid()).isEqualTo(0x4001c90000002001L);
        assertThat(r.nodeInfo().nodeType()).isEqualTo(1);
        assertThat(r.nodeInfo().partitionCap()).isEqualTo(32);
        assertThat(r.nodeInfo().vendorId()).isEqualTo(0x02c9);
        assertThat(r.nodeDescription()).isEqualTo("host 2c90000002000 vm1");

        assertThat(engine.answer(view, request(GET, SaAttribute.NODE_RECORD, 1,
                (b, o) -> NodeRecord.LID.put(b, o, 21))).status()).as("its VM stopped").isEqualTo(SaStatus.NO_RECORDS);
        SaAnswer h2 = engine.answer(view, request(GET, SaAttribute.NODE_RECORD, 1,
                (b, o) -> NodeRecord.LID.put(b, o, 8)));
        assertThat(h2.count()).as("the physical port's LID answers alone").isEqualTo(1);
        SaAnswer all = engine.answer(view, request(GET_TABLE, SaAttribute.NODE_RECORD, 0, (b, o) -> { }));
        assertThat(all.count()).as("6 end ports and vport 1 of H2").isEqualTo(7);
    }

    @Test
    void aVPortWithItsOwnLidHasAPortInfoRecordWithItsLidAndState() {
        SaAnswer one = engine.answer(view, request(GET, SaAttribute.PORT_INFO_RECORD, 1,
                (b, o) -> PortInfoRecord.ENDPORT_LID.put(b, o, 20)));
        assertThat(one.count()).isEqualTo(1);
        PortInfoRecord r = PortInfoRecord.decode(one.records(), 0);
        assertThat(r.endportLid()).isEqualTo(20);
        assertThat(r.portNum()).isEqualTo(1);
        assertThat(r.portInfo().lid()).isEqualTo(20);
        assertThat(r.portInfo().lmc()).isZero();
        assertThat(r.portInfo().portState()).isEqualTo(4);
        assertThat(r.portInfo().mKey()).as("untrusted").isZero();
        assertThat(engine.answer(view, request(GET, SaAttribute.PORT_INFO_RECORD, 1,
                (b, o) -> PortInfoRecord.ENDPORT_LID.put(b, o, 21))).status()).isEqualTo(SaStatus.NO_RECORDS);
    }

    @Test
    void everyUpVPortHasGuidInfoRecordsUnderItsOwnLidOrItsPorts() {
        SaAnswer v1 = engine.answer(view, request(GET_TABLE, SaAttribute.GUID_INFO_RECORD, 1,
                (b, o) -> GuidInfoRecord.LID.put(b, o, 20)));
        assertThat(v1.count()).isEqualTo(1);
        assertThat(GuidInfoRecord.decode(v1.records(), 0).guids()[0]).isEqualTo(SaTestFabric.H2_V1);
        SaAnswer h2 = engine.answer(view, request(GET_TABLE, SaAttribute.GUID_INFO_RECORD, 1,
                (b, o) -> GuidInfoRecord.LID.put(b, o, 8)));
        assertThat(h2.count()).as("H2's own and its vport 2's").isEqualTo(2);
        assertThat(GuidInfoRecord.decode(h2.records(), GuidInfoRecord.SIZE).guids()[0])
                .isEqualTo(SaTestFabric.H2_V2);
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.GUID_INFO_RECORD, 1,
                (b, o) -> GuidInfoRecord.LID.put(b, o, 21))).count()).isZero();
    }

    @Test
    void pathRecordsReachAVPortByItsGidOrLidWithTheVirtHopLimit() {
        PathRecord byGid = single(view, bit(PathRecord.COMPONENT_SGID) | bit(PathRecord.COMPONENT_DGID), gids(H1, V1));
        assertThat(byGid.dlid()).isEqualTo(20);
        assertThat(byGid.slid()).isEqualTo(4);
        assertThat(byGid.dgid()).isEqualTo(V1);
        assertThat(byGid.hopLimit()).isEqualTo(SaSettings.DEFAULT_VIRT_HOP_LIMIT);
        assertThat(byGid.reversible()).isEqualTo(1);

        PathRecord byLid = single(view, bit(PathRecord.COMPONENT_SLID) | bit(PathRecord.COMPONENT_DLID), lids(20, 9));
        assertThat(byLid.sgid()).isEqualTo(V1);
        assertThat(byLid.dgid()).isEqualTo(new Gid(PREFIX, SaTestFabric.H3 + 1));
        assertThat(byLid.hopLimit()).isEqualTo(2);

        PathRecord noLid = single(view, bit(PathRecord.COMPONENT_SGID) | bit(PathRecord.COMPONENT_DGID), gids(H1, V2));
        assertThat(noLid.dlid()).as("its port's LID").isEqualTo(8);
        assertThat(noLid.dgid()).isEqualTo(V2);

        SaView four = view.withSettings(view.settings().withVirtHopLimit(4));
        assertThat(single(four, bit(PathRecord.COMPONENT_SGID) | bit(PathRecord.COMPONENT_DGID), gids(V1, V2))
                .hopLimit()).isEqualTo(4);
        PathRecord physical = single(view, bit(PathRecord.COMPONENT_SLID) | bit(PathRecord.COMPONENT_DLID),
                lids(4, 8));
        assertThat(physical.hopLimit()).as("no vport: 0 as before").isZero();
    }

    @Test
    void aDownVPortHasNoPath() {
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD, bit(PathRecord.COMPONENT_SGID)
                | bit(PathRecord.COMPONENT_DGID), gids(H1, DOWN))).status()).isEqualTo(SaStatus.INVALID_GID);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD, bit(PathRecord.COMPONENT_SLID)
                | bit(PathRecord.COMPONENT_DLID), lids(4, 21))).count()).isZero();
        SaAnswer toAll = engine.answer(view, request(GET_TABLE, SaAttribute.PATH_RECORD,
                bit(PathRecord.COMPONENT_SGID), (b, o) -> H1.write(PathRecord.SGID, b, o)));
        java.util.Set<Gid> dgids = new java.util.HashSet<>();
        for (int i = 0; i < toAll.count(); i++) {
            dgids.add(PathRecord.decode(toAll.records(), i * PathRecord.SIZE).dgid());
        }
        assertThat(dgids).as("6 end ports and the two up vports of H2").hasSize(8).contains(V1, V2)
                .doesNotContain(DOWN);
        assertThat(toAll.count()).as("H1's two SLIDs to each of the 9 LIDs of the 8 ports").isEqualTo(18);
    }

    private PathRecord single(SaView v, long mask, ObjIntConsumer<byte[]> template) {
        SaAnswer a = engine.answer(v, request(GET, SaAttribute.PATH_RECORD, mask, template));
        assertThat(a.status()).isEqualTo(SaStatus.OK);
        assertThat(a.count()).isEqualTo(1);
        return PathRecord.decode(a.records(), 0);
    }

    private static long bit(int component) {
        return 1L << component;
    }

    private static ObjIntConsumer<byte[]> lids(int slid, int dlid) {
        return (b, o) -> {
            PathRecord.SLID.put(b, o, slid);
            PathRecord.DLID.put(b, o, dlid);
        };
    }

    private static ObjIntConsumer<byte[]> gids(Gid sgid, Gid dgid) {
        return (b, o) -> {
            sgid.write(PathRecord.SGID, b, o);
            dgid.write(PathRecord.DGID, b, o);
        };
    }
}
