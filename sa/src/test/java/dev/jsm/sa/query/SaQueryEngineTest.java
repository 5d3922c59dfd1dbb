package dev.jsm.sa.query;

import static dev.jsm.sa.query.SaRequests.GET;
import static dev.jsm.sa.query.SaRequests.GET_TABLE;
import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.codec.ClassPortInfo;
import dev.jsm.sa.codec.LinearForwardingTableRecord;
import dev.jsm.sa.codec.LinkRecord;
import dev.jsm.sa.codec.MulticastForwardingTableRecord;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PortInfoRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.SmInfoRecord;
import dev.jsm.sa.codec.SwitchInfoRecord;
import org.junit.jupiter.api.Test;

/** Get/GetTable of the snapshot records (not PathRecord) on {@link SaTestFabric}. */
class SaQueryEngineTest {

    private final SaQueryEngine engine = new SaQueryEngine();
    private final SaView view = SaTestFabric.view(false);

    @Test
    void nodeRecordsOnePerEndPort() {
        SaAnswer all = engine.answer(view, request(GET_TABLE, SaAttribute.NODE_RECORD, 0, (b, o) -> { }));
        assertThat(all.status()).isZero();
        assertThat(all.count()).isEqualTo(6);
        assertThat(all.recordSize()).isEqualTo(NodeRecord.SIZE);

        SaAnswer one = engine.answer(view, request(GET, SaAttribute.NODE_RECORD, 1,
                (b, o) -> NodeRecord.LID.put(b, o, 9)));
        assertThat(one.status()).isZero();
        NodeRecord r = NodeRecord.decode(one.records(), 0);
        assertThat(r.lid()).isEqualTo(9);
        assertThat(r.nodeInfo().nodeGuid()).isEqualTo(SaTestFabric.H3);
        assertThat(r.nodeInfo().portGuid()).isEqualTo(SaTestFabric.H3 + 1);
        assertThat(r.nodeInfo().nodeType()).isEqualTo(1);
        assertThat(r.nodeInfo().localPortNum()).isEqualTo(1);
        assertThat(r.nodeDescription()).isEqualTo("host 2c90000003000");
    }

    @Test
    void getAppliesTheOneRecordRule() {
        assertThat(engine.answer(view, request(GET, SaAttribute.NODE_RECORD, 1,
                (b, o) -> NodeRecord.LID.put(b, o, 77))).status()).isEqualTo(SaStatus.NO_RECORDS);
        long nodeType = 1L << 4;
        assertThat(engine.answer(view, request(GET, SaAttribute.NODE_RECORD, nodeType,
                (b, o) -> b[o + 6] = 1)).status()).isEqualTo(SaStatus.TOO_MANY_RECORDS);
        SaAnswer table = engine.answer(view, request(GET_TABLE, SaAttribute.NODE_RECORD, nodeType,
                (b, o) -> b[o + 6] = 2));
        assertThat(table.count()).as("the two switches").isEqualTo(2);
        SaAnswer none = engine.answer(view, request(GET_TABLE, SaAttribute.NODE_RECORD, 1,
                (b, o) -> NodeRecord.LID.put(b, o, 77)));
        assertThat(none.status()).isZero();
        assertThat(none.count()).isZero();
    }

    @Test
    void undefinedComponentsAreInvalid() {
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.NODE_RECORD, 1L << 15, (b, o) -> { }))
                .status()).isEqualTo(SaStatus.REQ_INVALID);
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.LINK_RECORD, 1L << 4, (b, o) -> { }))
                .status()).isEqualTo(SaStatus.REQ_INVALID);
    }

    @Test
    void portInfoRecordsHideTheMKeyFromUntrustedRequesters() {
        long lidAndPort = 0b11;
        SaAnswer untrusted = engine.answer(view, request(GET, SaAttribute.PORT_INFO_RECORD, lidAndPort, (b, o) -> {
            PortInfoRecord.ENDPORT_LID.put(b, o, 9);
            PortInfoRecord.PORT_NUM.put(b, o, 1);
        }));
        assertThat(untrusted.status()).isZero();
        PortInfoRecord r = PortInfoRecord.decode(untrusted.records(), 0);
        assertThat(r.portInfo().lid()).isEqualTo(9);
        assertThat(r.portInfo().localPortNum()).isEqualTo(1);
        assertThat(r.portInfo().mKey()).isZero();
        SaAnswer trusted = engine.answer(view, request(GET, SaAttribute.PORT_INFO_RECORD, lidAndPort, (b, o) -> {
            PortInfoRecord.ENDPORT_LID.put(b, o, 9);
            PortInfoRecord.PORT_NUM.put(b, o, 1);
        }, true));
        assertThat(PortInfoRecord.decode(trusted.records(), 0).portInfo().mKey()).isEqualTo(0x1111L);
    }

    @Test
    void portInfoRecordsOfASwitchAndCapabilityMaskMatching() {
        SaAnswer switchA = engine.answer(view, request(GET_TABLE, SaAttribute.PORT_INFO_RECORD, 1,
                (b, o) -> PortInfoRecord.ENDPORT_LID.put(b, o, 2)));
        assertThat(switchA.count()).as("ports 0..8 of switch A").isEqualTo(9);
        long capMask = 1L << PortInfoRecord.COMPONENT_CAPABILITY_MASK;
        int capOff = PortInfoRecord.PORT_INFO_OFFSET + 20;
        SaAnswer isSm = engine.answer(view, request(GET_TABLE, SaAttribute.PORT_INFO_RECORD, capMask,
                (b, o) -> b[o + capOff + 3] = 0x02));
        assertThat(isSm.count()).isZero();
        SaAnswer trap = engine.answer(view, request(GET_TABLE, SaAttribute.PORT_INFO_RECORD, capMask,
                (b, o) -> b[o + capOff + 3] = 0x08));
        assertThat(trap.count()).as("every port has IsTrapSupported").isEqualTo(2 * 9 + 4);
    }

    @Test
    void switchInfoLinkAndLftRecords() {
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.SWITCH_INFO_RECORD, 0, (b, o) -> { }))
                .count()).isEqualTo(2);
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.SWITCH_INFO_RECORD, 0, (b, o) -> { }))
                .recordSize()).isEqualTo(SwitchInfoRecord.SIZE);

        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.LINK_RECORD, 0, (b, o) -> { })).count())
                .as("5 links, both directions").isEqualTo(10);
        SaAnswer link = engine.answer(view, request(GET, SaAttribute.LINK_RECORD, 0b11, (b, o) -> {
            LinkRecord.FROM_LID.put(b, o, 2);
            LinkRecord.FROM_PORT.put(b, o, 1);
        }));
        assertThat(LinkRecord.decode(link.records(), 0)).isEqualTo(new LinkRecord(2, 1, 1, 1));
        SaAnswer toHost = engine.answer(view, request(GET, SaAttribute.LINK_RECORD, 0b1001, (b, o) -> {
            LinkRecord.FROM_LID.put(b, o, 1);
            LinkRecord.TO_LID.put(b, o, 10);
        }));
        assertThat(LinkRecord.decode(toHost.records(), 0)).isEqualTo(new LinkRecord(1, 4, 1, 10));

        SaAnswer lft = engine.answer(view, request(GET, SaAttribute.LINEAR_FORWARDING_TABLE_RECORD, 0b11,
                (b, o) -> LinearForwardingTableRecord.LID.put(b, o, 2)));
        LinearForwardingTableRecord block0 = LinearForwardingTableRecord.decode(lft.records(), 0);
        assertThat(block0.lft()[4]).isEqualTo((byte) 3);
        assertThat(block0.lft()[9]).isEqualTo((byte) 1);
        assertThat(block0.lft()[11]).isEqualTo((byte) 0xff);
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.LINEAR_FORWARDING_TABLE_RECORD, 0,
                (b, o) -> { })).count()).isEqualTo(2);
        assertThat(engine.answer(view, request(GET, SaAttribute.LINEAR_FORWARDING_TABLE_RECORD, 0b11,
                (b, o) -> {
                    LinearForwardingTableRecord.LID.put(b, o, 2);
                    LinearForwardingTableRecord.BLOCK_NUM.put(b, o, 5);
                })).status()).isEqualTo(SaStatus.NO_RECORDS);
    }

    @Test
    void multicastForwardingTableRecordsOfProgrammedBlocks() {
        SaAnswer all = engine.answer(view, request(GET_TABLE, SaAttribute.MULTICAST_FORWARDING_TABLE_RECORD, 0,
                (b, o) -> { }));
        assertThat(all.count()).as("one non-empty block").isEqualTo(1);
        MulticastForwardingTableRecord r = MulticastForwardingTableRecord.decode(all.records(), 0);
        assertThat(r.lid()).isEqualTo(2);
        assertThat(r.position()).isZero();
        assertThat(r.blockNum()).isZero();
        assertThat(r.mask(1)).isEqualTo(1 << 1 | 1 << 3 | 1 << 4);
        assertThat(r.mask(0)).isZero();
        assertThat(engine.answer(view, request(GET, SaAttribute.MULTICAST_FORWARDING_TABLE_RECORD, 0b1000,
                (b, o) -> MulticastForwardingTableRecord.BLOCK_NUM.put(b, o, 1))).status())
                .isEqualTo(SaStatus.NO_RECORDS);
    }

    @Test
    void smInfoRecordHidesTheSmKey() {
        SaAnswer a = engine.answer(view, request(GET, SaAttribute.SM_INFO_RECORD, 0, (b, o) -> { }));
        SmInfoRecord r = SmInfoRecord.decode(a.records(), 0);
        assertThat(r.lid()).isEqualTo(1);
        assertThat(r.smInfo().guid()).isEqualTo(SaTestFabric.SW_B);
        assertThat(r.smInfo().smKey()).isZero();
        assertThat(r.smInfo().priority()).isEqualTo(5);
        SaAnswer t = engine.answer(view, request(GET, SaAttribute.SM_INFO_RECORD, 0, (b, o) -> { }, true));
        assertThat(SmInfoRecord.decode(t.records(), 0).smInfo().smKey()).isEqualTo(0x0123L);
    }

    @Test
    void classPortInfoAndUnsupportedCombinations() {
        SaAnswer a = engine.answer(view, request(GET, SaAttribute.CLASS_PORT_INFO, 0, (b, o) -> { }));
        ClassPortInfo c = ClassPortInfo.decode(a.records(), 0);
        assertThat(c.classVersion()).isEqualTo(2);
        assertThat(c.capabilityMask() & ClassPortInfo.CAP_IS_UD_MULTICAST).isNotZero();
        assertThat(c.capabilityMask() & ClassPortInfo.CAP_IS_MULTI_PATH).as("GetMulti(MultiPathRecord)").isNotZero();
        assertThat(c.respTimeValue()).isEqualTo(16);
        assertThat(c.redirectQKey()).isEqualTo(0x80010000L);
        assertThat(engine.answer(view, request(GET_TABLE, SaAttribute.CLASS_PORT_INFO, 0, (b, o) -> { })).status())
                .isEqualTo(0x000C);
        assertThat(engine.answer(view, request(GET, SaAttribute.TRACE_RECORD, 0, (b, o) -> { })).status())
                .isEqualTo(0x000C);
        assertThat(engine.answer(view, request(0x02, SaAttribute.NODE_RECORD, 0, (b, o) -> { })).status())
                .isEqualTo(0x000C);
        assertThat(SaSettings.respTimeValue(200)).isEqualTo(16);
        assertThat(SaSettings.respTimeValue(1)).isEqualTo(8);
    }
}
