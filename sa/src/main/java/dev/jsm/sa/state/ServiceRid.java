package dev.jsm.sa.state;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.ServiceRecord;

/**
 * A ServiceRecord's identity, as OpenSM's {@code osm_svcr_get_by_rid} compares records: ServiceID, ServiceGID and
 * the low 15 bits of ServiceP_Key.
 *
 * <p>Immutable; safe to share.
 *
 * @param serviceId ServiceID
 * @param gid ServiceGID
 * @param pKey ServiceP_Key without its membership bit
 */
public record ServiceRid(long serviceId, Gid gid, int pKey) {

    /** The identity of the ServiceRecord at {@code off} of {@code record}. */
    public static ServiceRid of(byte[] record, int off) {
        return new ServiceRid(ServiceRecord.SERVICE_ID.getLong(record, off),
                Gid.read(ServiceRecord.SERVICE_GID, record, off),
                ServiceRecord.SERVICE_P_KEY.getInt(record, off) & 0x7FFF);
    }
}
