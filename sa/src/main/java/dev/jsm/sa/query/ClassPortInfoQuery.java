package dev.jsm.sa.query;

import dev.jsm.sa.codec.ClassPortInfo;
import dev.jsm.sa.codec.Gid;

/**
 * SubnAdmGet(ClassPortInfo), OpenSM's answer (docs/reference/opensm-behaviour.md#sa-rules): class version 2,
 * no redirection (QP 1 and its Q_Key in
 * the redirect fields), RespTimeValue from {@code transaction_timeout}, and the capability bits of what this SA
 * does.
 *
 * <p>Stateless; thread-safe.
 */
final class ClassPortInfoQuery implements SaHandler {

    /** ClassPortInfo.CapabilityMask2 bit 1: IsQoSSupported. */
    private static final int CAP2_IS_QOS = 1 << 1;
    /** ClassPortInfo.CapabilityMask2 bit 3: IsMcastTopSupported (the SM programs SwitchInfo.MulticastFDBTop). */
    private static final int CAP2_IS_MCAST_TOP = 1 << 3;
    /**
     * ClassPortInfo.CapabilityMask2 bits always advertised, each because the SA does it, as OpenSM does: 5
     * IsAdditionalGUIDs (GUIDInfoRecord Set/Delete of alias GUIDs, docs/routers.md), 6 IsFullPortInfoRecord
     * ({@link PortInfoRecordQuery}: the 64-byte PortInfo, the Options byte), 7 IsExtendedSpeeds (PortInfoRecords carry
     * the LinkSpeedExt fields, PathRecord rates count them), 8 IsMulticastServiceRecords (ServiceRecords on a multicast
     * ServiceGID are kept like others), 10 IsPortInfoCapMask2Match ({@link PortInfoRecordQuery} matches CapabilityMask2
     * bitwise), 12 IsSendOnlyFullMemberSupported (multicast joins take JoinState 8, {@code dev.jsm.sa.mcast}), 13
     * IsLinkWidth2x and 15 IsLinkSpeedHDR ({@link Rates} knows both). Bits 1 IsQoS and 3 IsMcastTop follow
     * {@code qos} and {@code use_mfttop}. Not advertised, as by OpenSM (which defines it without setting it): 17
     * IsLinkSpeedNDR, though {@link Rates} knows the NDR rates (docs/link-speeds.md#rates).
     */
    private static final int CAP2_ALWAYS = 1 << 5 | 1 << 6 | 1 << 7 | 1 << 8 | 1 << 10 | 1 << 12 | 1 << 13 | 1 << 15;
    /** ClassPortInfo.TrapQ_Key: OpenSM advertises the QP1 Q_Key. */
    private static final long TRAP_Q_KEY = 0x8001_0000L;

    @Override
    public SaAnswer answer(SaView view, SaRequest request, long nowNanos) {
        SaSettings settings = view.settings();
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
