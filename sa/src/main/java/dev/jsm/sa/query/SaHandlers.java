package dev.jsm.sa.query;

import static dev.jsm.mad.codec.Method.DELETE;
import static dev.jsm.mad.codec.Method.GET;
import static dev.jsm.mad.codec.Method.GET_MULTI;
import static dev.jsm.mad.codec.Method.GET_TRACE_TABLE;
import static dev.jsm.mad.codec.Method.REPORT;
import static dev.jsm.mad.codec.Method.SET;
import static dev.jsm.sa.codec.SaAttribute.CLASS_PORT_INFO;
import static dev.jsm.sa.codec.SaAttribute.GUID_INFO_RECORD;
import static dev.jsm.sa.codec.SaAttribute.INFORM_INFO;
import static dev.jsm.sa.codec.SaAttribute.INFORM_INFO_RECORD;
import static dev.jsm.sa.codec.SaAttribute.LINEAR_FORWARDING_TABLE_RECORD;
import static dev.jsm.sa.codec.SaAttribute.LINK_RECORD;
import static dev.jsm.sa.codec.SaAttribute.MC_MEMBER_RECORD;
import static dev.jsm.sa.codec.SaAttribute.MULTICAST_FORWARDING_TABLE_RECORD;
import static dev.jsm.sa.codec.SaAttribute.MULTI_PATH_RECORD;
import static dev.jsm.sa.codec.SaAttribute.NODE_RECORD;
import static dev.jsm.sa.codec.SaAttribute.PATH_RECORD;
import static dev.jsm.sa.codec.SaAttribute.PORT_INFO_RECORD;
import static dev.jsm.sa.codec.SaAttribute.P_KEY_TABLE_RECORD;
import static dev.jsm.sa.codec.SaAttribute.SERVICE_RECORD;
import static dev.jsm.sa.codec.SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD;
import static dev.jsm.sa.codec.SaAttribute.SM_INFO_RECORD;
import static dev.jsm.sa.codec.SaAttribute.SWITCH_INFO_RECORD;
import static dev.jsm.sa.codec.SaAttribute.VL_ARBITRATION_TABLE_RECORD;

/**
 * The rows of the SA table ({@link SaDispatch}): every (attribute, method) pair the SA answers and its handler, in
 * one list to read what the SA serves (docs/reference/opensm-behaviour.md#sa-rules). Pairs not listed
 * are answered "not supported" or dropped by
 * the table's rule for their method - among them ClassPortInfo GetTable, MultiPathRecord Get/GetTable, InformInfo
 * Get/GetTable/Delete, InformInfoRecord Set/Delete, Set and Delete of every record the view holds (but GUIDInfoRecord,
 * whose Set and Delete the agent keeps), TraceRecord,
 * ServiceAssociationRecord and the RandomForwardingTableRecord.
 *
 * <p>Two groups: the records read from the published view (stateless handlers of this package) and the records
 * the agent keeps ({@link KeptRecords}, handed in by the agent).
 *
 * <p>Stateless.
 */
public final class SaHandlers {

    private SaHandlers() {
    }

    /** The table an SA agent answers with: the view's records and the records {@code kept}. */
    public static SaDispatch table(KeptRecords kept) {
        return keptRecords(viewRecords(), kept).build();
    }

    /** The table of the view's records alone ({@link SaQueryEngine}). */
    static SaDispatch viewRecordsOnly() {
        return viewRecords().build();
    }

    private static SaDispatch.Builder viewRecords() {
        PathRecordQuery paths = new PathRecordQuery();
        return new SaDispatch.Builder()
                .serve(CLASS_PORT_INFO, GET, new ClassPortInfoQuery())
                .getAndGetTable(NODE_RECORD, new NodeRecordQuery())
                .atOnceWhen(NODE_RECORD, GET, NodeRecordQuery::byLid)
                .getAndGetTable(PORT_INFO_RECORD, new PortInfoRecordQuery())
                .atOnceWhen(PORT_INFO_RECORD, GET, PortInfoRecordQuery::byLid)
                .getAndGetTable(SL_TO_VL_MAPPING_TABLE_RECORD, new SlToVlRecordQuery())
                .getAndGetTable(SWITCH_INFO_RECORD, new SwitchInfoRecordQuery())
                .getAndGetTable(LINEAR_FORWARDING_TABLE_RECORD, new LftRecordQuery())
                .getAndGetTable(MULTICAST_FORWARDING_TABLE_RECORD, new MftRecordQuery())
                .getAndGetTable(SM_INFO_RECORD, new SmInfoRecordQuery())
                .getAndGetTable(LINK_RECORD, new LinkRecordQuery())
                .getAndGetTable(GUID_INFO_RECORD, new GuidInfoRecordQuery())
                .getAndGetTable(P_KEY_TABLE_RECORD, new PKeyTableRecordQuery())
                .getAndGetTable(PATH_RECORD, paths)
                .atOnceWhen(PATH_RECORD, GET, PathRecordQuery::namesBothEnds)
                .getAndGetTable(VL_ARBITRATION_TABLE_RECORD, new VlArbRecordQuery())
                // o15-0.2.7: GetMulti only (OpenSM ERR 4513 for other methods), through RMPP both ways (ERR 4510)
                .serveThroughRmpp(MULTI_PATH_RECORD, GET_MULTI, new MultiPathRecordQuery(paths));
    }

    private static SaDispatch.Builder keptRecords(SaDispatch.Builder t, KeptRecords kept) {
        return t.serve(INFORM_INFO, SET, kept.informInfoSet())
                .getAndGetTable(SERVICE_RECORD, kept.serviceRecordGet())
                .serve(SERVICE_RECORD, SET, kept.serviceRecordSet())
                .serve(SERVICE_RECORD, DELETE, kept.serviceRecordDelete())
                // as OpenSM 3.3.23: GetMulti answered "not supported" (ERR 1B21), GetTraceTable and Report dropped
                // (its SA dispatcher drops those methods, ERR 1A05); served with disable_multicast too, as OpenSM
                .getAndGetTable(MC_MEMBER_RECORD, kept.mcMemberRecordGet())
                .serve(MC_MEMBER_RECORD, SET, kept.mcMemberRecordSet())
                .serve(MC_MEMBER_RECORD, DELETE, kept.mcMemberRecordDelete())
                .drop(MC_MEMBER_RECORD, GET_TRACE_TABLE)
                .drop(MC_MEMBER_RECORD, REPORT)
                .getAndGetTable(INFORM_INFO_RECORD, kept.informInfoRecordGet())
                .serve(GUID_INFO_RECORD, SET, kept.guidInfoRecordSet())
                .serve(GUID_INFO_RECORD, DELETE, kept.guidInfoRecordDelete());
    }
}
