package dev.jsm.sa.query;

import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.codec.Method;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The SA table: the rows {@link SaHandlers} lists (each pair to its handler, nothing more), and what
 * {@link SaDispatch} decides by the pair alone - the one-record rule of Get, 0x000C or silence for pairs not listed,
 * RMPP-only pairs, attributes served under a setting.
 */
class SaDispatchTest {

    private static final int GET = Method.GET.value();
    private static final int GET_TABLE = Method.GET_TABLE.value();
    private static final int SET = Method.SET.value();
    private static final int DELETE = Method.DELETE.value();
    private static final int GET_MULTI = Method.GET_MULTI.value();
    private static final int GET_TRACE_TABLE = Method.GET_TRACE_TABLE.value();
    private static final int REPORT = Method.REPORT.value();
    private static final int UNSUPPORTED = MadStatus.METHOD_ATTR_UNSUPPORTED.value();
    /** An attribute no row names. */
    private static final int NOBODY = 0x00AA;

    private final SaView view = SaTestFabric.view(false);

    @Test
    void everyListedPairMapsToItsHandler() {
        KeptRecords kept = kept();
        SaDispatch table = SaHandlers.table(kept);
        Map<SaDispatch.Pair, Object> expected = new LinkedHashMap<>();
        // the records read from the view: handler classes of this package
        expected.put(pair(SaAttribute.CLASS_PORT_INFO, GET), ClassPortInfoQuery.class);
        getAndGetTable(expected, SaAttribute.NODE_RECORD, NodeRecordQuery.class);
        getAndGetTable(expected, SaAttribute.PORT_INFO_RECORD, PortInfoRecordQuery.class);
        getAndGetTable(expected, SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, SlToVlRecordQuery.class);
        getAndGetTable(expected, SaAttribute.SWITCH_INFO_RECORD, SwitchInfoRecordQuery.class);
        getAndGetTable(expected, SaAttribute.LINEAR_FORWARDING_TABLE_RECORD, LftRecordQuery.class);
        getAndGetTable(expected, SaAttribute.MULTICAST_FORWARDING_TABLE_RECORD, MftRecordQuery.class);
        getAndGetTable(expected, SaAttribute.SM_INFO_RECORD, SmInfoRecordQuery.class);
        getAndGetTable(expected, SaAttribute.LINK_RECORD, LinkRecordQuery.class);
        getAndGetTable(expected, SaAttribute.GUID_INFO_RECORD, GuidInfoRecordQuery.class);
        getAndGetTable(expected, SaAttribute.P_KEY_TABLE_RECORD, PKeyTableRecordQuery.class);
        getAndGetTable(expected, SaAttribute.PATH_RECORD, PathRecordQuery.class);
        getAndGetTable(expected, SaAttribute.VL_ARBITRATION_TABLE_RECORD, VlArbRecordQuery.class);
        expected.put(pair(SaAttribute.MULTI_PATH_RECORD, GET_MULTI), MultiPathRecordQuery.class);
        // the records the agent keeps: the very handlers it handed in
        expected.put(pair(SaAttribute.INFORM_INFO, SET), kept.informInfoSet());
        getAndGetTable(expected, SaAttribute.SERVICE_RECORD, kept.serviceRecordGet());
        expected.put(pair(SaAttribute.SERVICE_RECORD, SET), kept.serviceRecordSet());
        expected.put(pair(SaAttribute.SERVICE_RECORD, DELETE), kept.serviceRecordDelete());
        getAndGetTable(expected, SaAttribute.MC_MEMBER_RECORD, kept.mcMemberRecordGet());
        expected.put(pair(SaAttribute.MC_MEMBER_RECORD, SET), kept.mcMemberRecordSet());
        expected.put(pair(SaAttribute.MC_MEMBER_RECORD, DELETE), kept.mcMemberRecordDelete());
        getAndGetTable(expected, SaAttribute.INFORM_INFO_RECORD, kept.informInfoRecordGet());
        expected.put(pair(SaAttribute.GUID_INFO_RECORD, SET), kept.guidInfoRecordSet());
        expected.put(pair(SaAttribute.GUID_INFO_RECORD, DELETE), kept.guidInfoRecordDelete());
        // listed to be dropped, as OpenSM's dispatcher drops them
        expected.put(pair(SaAttribute.MC_MEMBER_RECORD, GET_TRACE_TABLE), null);
        expected.put(pair(SaAttribute.MC_MEMBER_RECORD, REPORT), null);

        assertThat(table.pairs()).as("the listed pairs, no more, no fewer")
                .containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((p, handler) -> {
            SaDispatch.Route r = table.route(p.attributeId(), p.method());
            String what = Method.valueOf(p.method()) + " " + SaAttribute.name(p.attributeId());
            if (handler == null) {
                assertThat(r.action()).as(what).isEqualTo(SaDispatch.Action.DROP);
            } else if (handler instanceof Class<?> c) {
                assertThat(r.handler()).as(what).isInstanceOf(c);
            } else {
                assertThat(r.handler()).as(what).isSameAs(handler);
            }
        });
        assertThat(table.route(SaAttribute.MULTI_PATH_RECORD, GET_MULTI).action())
                .as("MultiPathRecord: dual-sided RMPP").isEqualTo(SaDispatch.Action.SERVE_THROUGH_RMPP);
        assertThat(table.route(SaAttribute.PATH_RECORD, GET).handler())
                .as("one PathRecordQuery for PathRecords and the paths of MultiPathRecords")
                .isSameAs(table.route(SaAttribute.PATH_RECORD, GET_TABLE).handler());
    }

    @Test
    void onlySingleRecordGetsFoundWithoutAScanAreAnsweredAtOnce() {
        SaDispatch table = SaHandlers.table(kept());
        long sgid = 1L << PathRecord.COMPONENT_SGID;
        long dgid = 1L << PathRecord.COMPONENT_DGID;
        long slid = 1L << PathRecord.COMPONENT_SLID;
        long dlid = 1L << PathRecord.COMPONENT_DLID;
        long pkey = 1L << PathRecord.COMPONENT_P_KEY;
        assertThat(table.answersAtOnce(SaAttribute.PATH_RECORD, GET, sgid | dgid | pkey)).as("by GIDs").isTrue();
        assertThat(table.answersAtOnce(SaAttribute.PATH_RECORD, GET, slid | dlid)).as("by LIDs").isTrue();
        assertThat(table.answersAtOnce(SaAttribute.PATH_RECORD, GET, sgid | dlid)).as("mixed").isTrue();
        assertThat(table.answersAtOnce(SaAttribute.PATH_RECORD, GET, sgid | pkey)).as("no destination").isFalse();
        assertThat(table.answersAtOnce(SaAttribute.PATH_RECORD, GET, dlid)).as("no source").isFalse();
        assertThat(table.answersAtOnce(SaAttribute.PATH_RECORD, GET_TABLE, sgid | dgid))
                .as("a table: its RMPP transfer lives on the agent's thread").isFalse();
        assertThat(table.answersAtOnce(SaAttribute.PORT_INFO_RECORD, GET, 0b11)).as("PortInfoRecord by LID")
                .isTrue();
        assertThat(table.answersAtOnce(SaAttribute.PORT_INFO_RECORD, GET, 0b10)).as("by PortNum alone")
                .isFalse();
        assertThat(table.answersAtOnce(SaAttribute.NODE_RECORD, GET, 1)).as("NodeRecord by LID").isTrue();
        assertThat(table.answersAtOnce(SaAttribute.NODE_RECORD, GET, 0)).as("NodeRecord by nothing").isFalse();
        assertThat(table.answersAtOnce(SaAttribute.SERVICE_RECORD, GET, -1L))
                .as("a record the agent keeps: its thread only").isFalse();
        assertThat(table.answersAtOnce(NOBODY, GET, -1L)).as("not listed").isFalse();
        assertThatThrownBy(() -> new SaDispatch.Builder().getAndGetTable(SaAttribute.NODE_RECORD, records(1))
                .atOnceWhen(SaAttribute.NODE_RECORD, Method.GET_TABLE, m -> true))
                .as("only a Get served").isInstanceOf(IllegalStateException.class);
    }

    @Test
    void viewRecordsOnlyLeavesOutTheKeptRecords() {
        Set<SaDispatch.Pair> all = SaHandlers.table(kept()).pairs();
        Set<SaDispatch.Pair> viewOnly = SaHandlers.viewRecordsOnly().pairs();
        Set<Integer> keptAttributes = new HashSet<>();
        for (SaDispatch.Pair p : all) {
            if (!viewOnly.contains(p)) {
                keptAttributes.add(p.attributeId());
            }
        }
        assertThat(all).containsAll(viewOnly);
        assertThat(keptAttributes).containsExactlyInAnyOrder(SaAttribute.INFORM_INFO, SaAttribute.SERVICE_RECORD,
                SaAttribute.MC_MEMBER_RECORD, SaAttribute.INFORM_INFO_RECORD, SaAttribute.GUID_INFO_RECORD);
    }

    @Test
    void pairsNotListedAreRefusedOrDroppedByTheirMethod() {
        SaDispatch table = new SaDispatch.Builder().getAndGetTable(SaAttribute.NODE_RECORD, records(1)).build();
        for (int method : List.of(GET, GET_TABLE, SET, DELETE, GET_MULTI, GET_TRACE_TABLE, REPORT)) {
            SaAnswer a = table.answer(view, request(method, NOBODY, 0, (b, o) -> { }), true, 0);
            assertThat(a.status()).as("%s of an unknown attribute: OpenSM's 0x000C", Method.valueOf(method))
                    .isEqualTo(UNSUPPORTED);
            assertThat(a.count()).isZero();
        }
        assertThat(table.answer(view, request(SET, SaAttribute.NODE_RECORD, 0, (b, o) -> { }), true, 0).status())
                .as("Set of a Get/GetTable-only record").isEqualTo(UNSUPPORTED);
        for (int method : List.of(Method.SEND.value(), Method.TRAP.value(), Method.TRAP_REPRESS.value(), 0x7F)) {
            assertThat(table.answer(view, request(method, SaAttribute.NODE_RECORD, 0, (b, o) -> { }), true, 0)
                    .drop()).as("method 0x%02x is not an SA request: no answer (OpenSM ERR 1A05)", method).isTrue();
        }
    }

    @Test
    void everyGetAnswersExactlyOneRecord() {
        List<SaAnswer> answers = new ArrayList<>(List.of(records(0).answer(view, null, 0),
                records(1).answer(view, null, 0), records(2).answer(view, null, 0)));
        SaDispatch table = new SaDispatch.Builder()
                .getAndGetTable(SaAttribute.NODE_RECORD, (v, r, now) -> answers.remove(0))
                .build();
        SaAnswer none = get(table, GET);
        assertThat(none.status()).as("no record").isEqualTo(SaStatus.NO_RECORDS);
        assertThat(none.count()).isZero();
        assertThat(get(table, GET).count()).as("one record: the answer").isEqualTo(1);
        SaAnswer two = get(table, GET);
        assertThat(two.status()).as("two records").isEqualTo(SaStatus.TOO_MANY_RECORDS);
        assertThat(two.count()).as("an error carries no record").isZero();

        SaDispatch same = new SaDispatch.Builder().getAndGetTable(SaAttribute.NODE_RECORD, records(2))
                .serve(SaAttribute.SERVICE_RECORD, Method.DELETE, records(2)).build();
        assertThat(get(same, GET_TABLE).count()).as("GetTable: every record").isEqualTo(2);
        assertThat(same.answer(view, request(DELETE, SaAttribute.SERVICE_RECORD, 0, (b, o) -> { }), true, 0)
                .count()).as("Delete: every record withdrawn").isEqualTo(2);
    }

    @Test
    void aGetTheHandlerRefusesOrDropsPassesUnchanged() {
        SaAnswer refused = SaAnswer.error(SaStatus.REQ_INVALID, 72);
        SaDispatch refusing = new SaDispatch.Builder().serve(SaAttribute.NODE_RECORD, Method.GET,
                (v, r, now) -> refused).build();
        assertThat(get(refusing, GET)).as("the handler's error").isSameAs(refused);
        SaDispatch dropping = new SaDispatch.Builder().serve(SaAttribute.NODE_RECORD, Method.GET,
                (v, r, now) -> SaAnswer.dropped()).build();
        assertThat(get(dropping, GET).drop()).as("no answer stays no answer").isTrue();
    }

    @Test
    void aPairServedThroughRmppIsRefusedAsASingleMad() {
        List<SaRequest> seen = new ArrayList<>();
        SaDispatch table = new SaDispatch.Builder().serveThroughRmpp(SaAttribute.MULTI_PATH_RECORD,
                Method.GET_MULTI, (v, r, now) -> {
                    seen.add(r);
                    return records(3).answer(v, r, now);
                }).build();
        SaRequest req = request(GET_MULTI, SaAttribute.MULTI_PATH_RECORD, 0, (b, o) -> { });
        assertThat(table.answer(view, req, true, 0).count()).as("through RMPP: all paths, no Get rule")
                .isEqualTo(3);
        SaAnswer single = table.answer(view, req, false, 0);
        assertThat(single.status()).as("single MAD: OpenSM ERR 4510").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(seen).as("the handler was not asked the second time").hasSize(1);
    }

    @Test
    void mcMemberRecordIsServedAsOpenSmServesIt() {
        SaDispatch table = SaHandlers.table(kept());
        assertThat(table.route(SaAttribute.MC_MEMBER_RECORD, SET).action()).isEqualTo(SaDispatch.Action.SERVE);
        assertThat(table.route(SaAttribute.MC_MEMBER_RECORD, GET_MULTI))
                .as("GetMulti: OpenSM ERR 1B21").isEqualTo(SaDispatch.Route.REFUSE);
    }

    @Test
    void aPairListedTwiceIsAMistake() {
        SaDispatch.Builder b = new SaDispatch.Builder().getAndGetTable(SaAttribute.NODE_RECORD, records(1));
        assertThatThrownBy(() -> b.serve(SaAttribute.NODE_RECORD, Method.GET, records(1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("NodeRecord");
    }

    private SaAnswer get(SaDispatch table, int method) {
        return table.answer(view, request(method, SaAttribute.NODE_RECORD, 0, (b, o) -> { }), false, 0);
    }

    private static void getAndGetTable(Map<SaDispatch.Pair, Object> expected, int attributeId, Object handler) {
        expected.put(pair(attributeId, GET), handler);
        expected.put(pair(attributeId, GET_TABLE), handler);
    }

    private static SaDispatch.Pair pair(int attributeId, int method) {
        return new SaDispatch.Pair(attributeId, method);
    }

    /** Kept-record handlers, each a distinct object named after its slot. */
    private static KeptRecords kept() {
        return new KeptRecords(fake("informInfoSet"), fake("serviceRecordGet"), fake("serviceRecordSet"),
                fake("serviceRecordDelete"), fake("mcMemberRecordGet"), fake("mcMemberRecordSet"),
                fake("mcMemberRecordDelete"), fake("informInfoRecordGet"), fake("guidInfoRecordSet"),
                fake("guidInfoRecordDelete"));
    }

    /** A handler of its own identity, never asked. */
    private static SaHandler fake(String name) {
        return new SaHandler() {
            @Override
            public SaAnswer answer(SaView v, SaRequest r, long nowNanos) {
                throw new AssertionError(name + " is not asked here");
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    /** A handler answering {@code n} 8-byte records. */
    private static SaHandler records(int n) {
        return (v, r, now) -> new SaAnswer(SaStatus.OK, 8, new byte[8 * n], n, false, null);
    }
}
