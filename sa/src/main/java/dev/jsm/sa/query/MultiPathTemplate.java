package dev.jsm.sa.query;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.MultiPathRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaHeader;

/**
 * Translates a MultiPathRecord request into the PathRecord request {@link PathRecordQuery} computes each path
 * from - the same constraint fields under PathRecord component numbers - and turns the computed PathRecords into
 * MultiPathRecord answers.
 *
 * <p>Stateless.
 */
final class MultiPathTemplate {

    /** MultiPathRecord component -> PathRecord component, for the constraints both records have. */
    private static final int[][] COMPONENTS = {
        {MultiPathRecord.COMPONENT_FLOW_LABEL, PathRecord.COMPONENT_FLOW_LABEL},
        {MultiPathRecord.COMPONENT_HOP_LIMIT, PathRecord.COMPONENT_HOP_LIMIT},
        {MultiPathRecord.COMPONENT_T_CLASS, PathRecord.COMPONENT_T_CLASS},
        {MultiPathRecord.COMPONENT_REVERSIBLE, PathRecord.COMPONENT_REVERSIBLE},
        {MultiPathRecord.COMPONENT_P_KEY, PathRecord.COMPONENT_P_KEY},
        {MultiPathRecord.COMPONENT_QOS_CLASS, PathRecord.COMPONENT_QOS_CLASS},
        {MultiPathRecord.COMPONENT_SL, PathRecord.COMPONENT_SL},
        {MultiPathRecord.COMPONENT_MTU_SELECTOR, PathRecord.COMPONENT_MTU_SELECTOR},
        {MultiPathRecord.COMPONENT_MTU, PathRecord.COMPONENT_MTU},
        {MultiPathRecord.COMPONENT_RATE_SELECTOR, PathRecord.COMPONENT_RATE_SELECTOR},
        {MultiPathRecord.COMPONENT_RATE, PathRecord.COMPONENT_RATE},
        {MultiPathRecord.COMPONENT_PACKET_LIFE_TIME_SELECTOR, PathRecord.COMPONENT_PACKET_LIFE_TIME_SELECTOR},
        {MultiPathRecord.COMPONENT_PACKET_LIFE_TIME, PathRecord.COMPONENT_PACKET_LIFE_TIME},
    };

    private MultiPathTemplate() {
    }

    /**
     * The PathRecord request with the constraints of {@code mpr}: the same fields and their component bits; a
     * ServiceID component (either half) becomes both PathRecord ServiceID halves, the other half zero, so a QoS
     * level's service-ID match sees it. Addressing (GIDs, LIDs, NumbPath) is left out: the caller chooses each
     * (source, destination) LID pair itself.
     */
    static SaRequest pathRequest(SaRequest request, MultiPathRecord mpr) {
        long mask = 0;
        for (int[] c : COMPONENTS) {
            if (request.has(c[0])) {
                mask |= 1L << c[1];
            }
        }
        boolean msb = request.has(MultiPathRecord.COMPONENT_SERVICE_ID_8_MSB);
        boolean lsb = request.has(MultiPathRecord.COMPONENT_SERVICE_ID_56_LSB);
        long serviceId = (msb ? mpr.serviceId() & 0xFF00_0000_0000_0000L : 0)
                | (lsb ? mpr.serviceId() & 0x00FF_FFFF_FFFF_FFFFL : 0);
        if (msb || lsb) {
            mask |= 1L << PathRecord.COMPONENT_SERVICE_ID_MSB | 1L << PathRecord.COMPONENT_SERVICE_ID_LSB;
        }
        byte[] data = new byte[SaHeader.DATA_SIZE];
        new PathRecord(serviceId, Gid.ZERO, Gid.ZERO, 0, 0, 0, mpr.flowLabel(),
                mpr.hopLimit(), mpr.tClass(), mpr.reversible(), 0, mpr.pKey(), mpr.qosClass(), mpr.sl(),
                mpr.mtuSelector(), mpr.mtu(), mpr.rateSelector(), mpr.rate(), mpr.packetLifeTimeSelector(),
                mpr.packetLifeTime(), 0).encodeTo(data, 0);
        SaHeader h = request.header();
        return new SaRequest(request.from(), request.method(), request.attributeId(), request.attributeModifier(),
                request.transactionId(), new SaHeader(h.smKey(), h.attributeOffset(), mask), data, request.trusted());
    }

    /**
     * Makes the PathRecord at {@code off} a MultiPathRecord answer: no echoed ServiceID, FlowLabel, HopLimit,
     * TClass or QoSClass (OpenSM echoes none of them here), and {@code preference}.
     */
    static void finish(byte[] records, int off, int preference) {
        PathRecord.SERVICE_ID.put(records, off, 0);
        PathRecord.FLOW_LABEL.put(records, off, 0);
        PathRecord.HOP_LIMIT.put(records, off, 0);
        PathRecord.T_CLASS.put(records, off, 0);
        PathRecord.QOS_CLASS.put(records, off, 0);
        PathRecord.PREFERENCE.put(records, off, preference);
    }
}
