package dev.jsm.sa.query;

import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.codec.Method;
import dev.jsm.sa.codec.ClassPortInfo;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.PKeyTableRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;

/**
 * Answers SA Get and GetTable requests (and GetMulti of MultiPathRecord, {@link MultiPathRecordQuery}) from an
 * {@link SaView}: dispatches by attribute, rejects component masks with bits the record does not define
 * (ERR_REQ_INVALID), collects the matching records, and applies the Get rules (none: ERR_NO_RECORDS, more than one:
 * ERR_TOO_MANY_RECORDS). Unknown attributes and methods an attribute does not
 * support are answered with the common status "method/attribute combination not supported" (0x000C).
 *
 * <p>Stateless; thread-safe. Records that change state (ServiceRecord, MCMemberRecord, InformInfo) are the
 * agent's, not this engine's.
 */
public final class SaQueryEngine {

    private static final RecordQuery NODE = new NodeRecordQuery();
    private static final RecordQuery PORT_INFO = new PortInfoRecordQuery();
    private static final RecordQuery SWITCH_INFO = new SwitchInfoRecordQuery();
    private static final RecordQuery LINK = new LinkRecordQuery();
    private static final RecordQuery LFT = new LftRecordQuery();
    private static final RecordQuery MFT = new MftRecordQuery();
    private static final RecordQuery SM_INFO = new SmInfoRecordQuery();
    private static final PathRecordQuery PATH = new PathRecordQuery();
    private static final MultiPathRecordQuery MULTI_PATH = new MultiPathRecordQuery(PATH);
    private static final RecordQuery GUID_INFO = new GuidInfoRecordQuery();
    private static final RecordQuery SL_TO_VL = new SlToVlRecordQuery();
    private static final RecordQuery VL_ARB = new VlArbRecordQuery();
    private static final PKeyTableRecordQuery P_KEY_TABLE = new PKeyTableRecordQuery();

    /** ClassPortInfo.CapabilityMask2 bit 1: IsQoSSupported. */
    private static final int CAP2_IS_QOS = 1 << 1;
    /** ClassPortInfo.CapabilityMask2 bit 3: IsMcastTopSupported (the SM programs SwitchInfo.MulticastFDBTop). */
    private static final int CAP2_IS_MCAST_TOP = 1 << 3;
    /**
     * ClassPortInfo.CapabilityMask2 bits always advertised, each because the SA does it, as OpenSM does: 6
     * IsFullPortInfoRecord ({@link PortInfoRecordQuery}: the 64-byte PortInfo, the Options byte), 7 IsExtendedSpeeds
     * (PortInfoRecords carry the LinkSpeedExt fields, PathRecord rates count them), 8 IsMulticastServiceRecords
     * (ServiceRecords on a multicast ServiceGID are kept like others), 10 IsPortInfoCapMask2Match
     * ({@link PortInfoRecordQuery} matches CapabilityMask2 bitwise), 12 IsSendOnlyFullMemberSupported (multicast joins
     * take JoinState 8, {@code dev.jsm.sa.mcast}), 13 IsLinkWidth2x and 15 IsLinkSpeedHDR ({@link Rates} knows both).
     * Bits 1 IsQoS and 3 IsMcastTop follow {@code qos} and {@code use_mfttop}; not advertised: 5 IsAdditionalGUIDs
     * (GUIDInfoRecord Set/Delete of alias GUIDs is not served).
     */
    private static final int CAP2_ALWAYS = 1 << 6 | 1 << 7 | 1 << 8 | 1 << 10 | 1 << 12 | 1 << 13 | 1 << 15;
    /** ClassPortInfo.TrapQ_Key: OpenSM advertises the QP1 Q_Key. */
    private static final long TRAP_Q_KEY = 0x8001_0000L;

    /**
     * Answers a Get or GetTable, or a GetMulti of MultiPathRecord.
     *
     * @return the answer; {@link SaAnswer#drop()} only for a P_KeyTableRecord request from a LID the view does not
     *     know (the agent filters methods first)
     */
    public SaAnswer answer(SaView view, SaRequest request) {
        int method = request.method();
        boolean get = method == Method.GET.value();
        boolean table = method == Method.GET_TABLE.value();
        if (request.attributeId() == SaAttribute.CLASS_PORT_INFO) {
            return get ? classPortInfo(view.settings()) : unsupported(ClassPortInfo.SIZE);
        }
        if (request.attributeId() == SaAttribute.P_KEY_TABLE_RECORD) {
            return get || table ? getRules(get, P_KEY_TABLE.answer(view, request)) : unsupported(PKeyTableRecord.SIZE);
        }
        if (request.attributeId() == SaAttribute.MULTI_PATH_RECORD) {
            // o15-0.2.7: only GetMulti (OpenSM ERR 4513 for other methods)
            return method == Method.GET_MULTI.value() ? MULTI_PATH.answer(view, request)
                    : unsupported(PathRecord.SIZE);
        }
        RecordQuery q = query(request.attributeId());
        if (q == null || !get && !table) {
            return unsupported(q == null ? 0 : q.recordSize());
        }
        if (q.components().undefinedBits(request.componentMask()) != 0) {
            return SaAnswer.error(SaStatus.REQ_INVALID, q.recordSize());
        }
        RecordSet out = new RecordSet(q.recordSize());
        int status = q.collect(view, request, out);
        if (status != SaStatus.OK) {
            return SaAnswer.error(status, q.recordSize());
        }
        return getRules(get, SaAnswer.of(out));
    }

    /** A Get's answer must hold exactly one record: none is ERR_NO_RECORDS, more ERR_TOO_MANY_RECORDS. */
    private static SaAnswer getRules(boolean get, SaAnswer a) {
        if (!get || a.drop() || a.status() != SaStatus.OK || a.count() == 1) {
            return a;
        }
        return SaAnswer.error(a.count() == 0 ? SaStatus.NO_RECORDS : SaStatus.TOO_MANY_RECORDS, a.recordSize());
    }

    private static RecordQuery query(int attributeId) {
        return switch (attributeId) {
            case SaAttribute.NODE_RECORD -> NODE;
            case SaAttribute.PORT_INFO_RECORD -> PORT_INFO;
            case SaAttribute.SWITCH_INFO_RECORD -> SWITCH_INFO;
            case SaAttribute.LINK_RECORD -> LINK;
            case SaAttribute.LINEAR_FORWARDING_TABLE_RECORD -> LFT;
            case SaAttribute.MULTICAST_FORWARDING_TABLE_RECORD -> MFT;
            case SaAttribute.SM_INFO_RECORD -> SM_INFO;
            case SaAttribute.PATH_RECORD -> PATH;
            case SaAttribute.GUID_INFO_RECORD -> GUID_INFO;
            case SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD -> SL_TO_VL;
            case SaAttribute.VL_ARBITRATION_TABLE_RECORD -> VL_ARB;
            default -> null;
        };
    }

    private static SaAnswer unsupported(int recordSize) {
        return SaAnswer.error(MadStatus.METHOD_ATTR_UNSUPPORTED.value(), recordSize);
    }

    /** OpenSM's ClassPortInfo: FACTS.md 2.7 (no redirection; QP 1 and its Q_Key in the redirect fields). */
    private static SaAnswer classPortInfo(SaSettings settings) {
        int cap = ClassPortInfo.CAP_IS_GET_SET_NOTICE | ClassPortInfo.CAP_IS_PORT_INFO_CAP_MASK_MATCH
                | ClassPortInfo.CAP_IS_MULTI_PATH | (settings.multicast() ? ClassPortInfo.CAP_IS_UD_MULTICAST : 0);
        int cap2 = CAP2_ALWAYS | (settings.qos() ? CAP2_IS_QOS : 0) | (settings.mftTop() ? CAP2_IS_MCAST_TOP : 0);
        RecordSet out = new RecordSet(ClassPortInfo.SIZE);
        int off = out.reserve();
        new ClassPortInfo(1, 2, cap, cap2, settings.respTimeValue(), Gid.ZERO, 0, 0, 0, 0, 0, 1, 0x8001_0000L,
                Gid.ZERO, 0, 0, 0, 0, 0, 0, 0, TRAP_Q_KEY).encodeTo(out.buffer(), off);
        out.commit();
        return SaAnswer.of(out);
    }
}
