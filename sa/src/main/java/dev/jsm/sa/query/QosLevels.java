package dev.jsm.sa.query;

/**
 * The QoS policy as the SA asks it for PathRecords (OpenSM's {@code osm_qos_policy_get_qos_level_by_pr}): which
 * level applies to a path between two ports for a service ID, P_Key and QoS class. Implemented by the qos module;
 * {@link #NONE} when QoS is off.
 *
 * <p>Implementations must be immutable and thread-safe: the SA calls them from its own thread while the sweep
 * builds the next policy.
 */
@FunctionalInterface
public interface QosLevels {

    /** No policy: every path gets {@link QosLevel#NONE}. */
    QosLevels NONE = request -> QosLevel.NONE;

    /**
     * The level for a path; first matching rule wins.
     *
     * @return the level, {@link QosLevel#NONE} if no rule matches and there is no default level; never null
     */
    QosLevel levelFor(QosRequest request);

    /**
     * The path properties a QoS match rule looks at.
     *
     * @param srcPortGuid GUID of the source end port
     * @param dstPortGuid GUID of the destination end port
     * @param serviceId the request's ServiceID, meaningful if {@code hasServiceId}
     * @param hasServiceId whether the request gave a ServiceID
     * @param pKey the request's P_Key, or {@link QosLevel#UNSET}
     * @param qosClass the request's QoSClass, or {@link QosLevel#UNSET}
     */
    record QosRequest(long srcPortGuid, long dstPortGuid, long serviceId, boolean hasServiceId, int pKey,
                      int qosClass) {
    }
}
