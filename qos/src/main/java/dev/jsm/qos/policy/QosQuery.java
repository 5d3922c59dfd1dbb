package dev.jsm.qos.policy;

/**
 * The fields of a PathRecord/MultiPathRecord request that QoS rules match on: the source and destination port
 * GUIDs, and the P_Key, service ID and QoS class if the request's component mask has them (a rule with such a
 * criterion never matches a request without the field).
 *
 * <p>Immutable; safe to share.
 */
public final class QosQuery {

    private static final int HAS_PKEY = 1;
    private static final int HAS_SERVICE_ID = 2;
    private static final int HAS_QOS_CLASS = 4;

    private final long sourcePortGuid;
    private final long destinationPortGuid;
    private final int pkey;
    private final long serviceId;
    private final int qosClass;
    private final int present;

    private QosQuery(long src, long dst, int pkey, long serviceId, int qosClass, int present) {
        this.sourcePortGuid = src;
        this.destinationPortGuid = dst;
        this.pkey = pkey;
        this.serviceId = serviceId;
        this.qosClass = qosClass;
        this.present = present;
    }

    /** A query between two ports with no P_Key, service ID or QoS class. */
    public static QosQuery between(long sourcePortGuid, long destinationPortGuid) {
        return new QosQuery(sourcePortGuid, destinationPortGuid, 0, 0, 0, 0);
    }

    /** This query with a P_Key (16 bits; the membership bit is ignored when matching). */
    public QosQuery withPKey(int pkey) {
        return new QosQuery(sourcePortGuid, destinationPortGuid, pkey & 0xFFFF, serviceId, qosClass,
                present | HAS_PKEY);
    }

    /** This query with a service ID. */
    public QosQuery withServiceId(long serviceId) {
        return new QosQuery(sourcePortGuid, destinationPortGuid, pkey, serviceId, qosClass,
                present | HAS_SERVICE_ID);
    }

    /** This query with a QoS class (12 bits). */
    public QosQuery withQosClass(int qosClass) {
        return new QosQuery(sourcePortGuid, destinationPortGuid, pkey, serviceId, qosClass & 0xFFF,
                present | HAS_QOS_CLASS);
    }

    /** The source port GUID. */
    public long sourcePortGuid() {
        return sourcePortGuid;
    }

    /** The destination port GUID. */
    public long destinationPortGuid() {
        return destinationPortGuid;
    }

    /** Whether the request carries a P_Key. */
    public boolean hasPKey() {
        return (present & HAS_PKEY) != 0;
    }

    /** The P_Key (meaningful if {@link #hasPKey()}). */
    public int pkey() {
        return pkey;
    }

    /** Whether the request carries a service ID (both halves of the component mask). */
    public boolean hasServiceId() {
        return (present & HAS_SERVICE_ID) != 0;
    }

    /** The service ID (meaningful if {@link #hasServiceId()}). */
    public long serviceId() {
        return serviceId;
    }

    /** Whether the request carries a QoS class. */
    public boolean hasQosClass() {
        return (present & HAS_QOS_CLASS) != 0;
    }

    /** The QoS class (meaningful if {@link #hasQosClass()}). */
    public int qosClass() {
        return qosClass;
    }

    @Override
    public String toString() {
        return "QosQuery[0x" + Long.toHexString(sourcePortGuid) + " -> 0x" + Long.toHexString(destinationPortGuid)
                + (hasPKey() ? " pkey 0x" + Integer.toHexString(pkey) : "")
                + (hasServiceId() ? " sid 0x" + Long.toHexString(serviceId) : "")
                + (hasQosClass() ? " class " + qosClass : "") + "]";
    }
}
