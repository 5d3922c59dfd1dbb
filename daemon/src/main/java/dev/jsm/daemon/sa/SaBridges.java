package dev.jsm.daemon.sa;

import dev.jsm.partitions.PartitionSet;
import dev.jsm.qos.policy.BoundQosPolicy;
import dev.jsm.qos.policy.PartitionLookup;
import dev.jsm.qos.policy.QosQuery;
import dev.jsm.sa.query.PartitionMembership;
import dev.jsm.sa.query.QosLevel;
import dev.jsm.sa.query.QosLevels;
import java.util.List;

/**
 * The SA's view of the partitions and the QoS policy, built from the partition and QoS managers' results: the SA
 * module defines what it asks ({@link PartitionMembership}, {@link QosLevels}), the partitions and qos modules
 * answer, and these adapters connect them without either module knowing the other.
 *
 * <p>Stateless; the adapters are immutable and thread-safe as long as the sets they wrap are (they are).
 */
final class SaBridges {

    private SaBridges() {
    }

    /** Membership by the partitions in force; {@link PartitionMembership#DEFAULT_ONLY} before the first sweep. */
    static PartitionMembership membership(PartitionSet set) {
        if (set == null) {
            return PartitionMembership.DEFAULT_ONLY;
        }
        return new PartitionMembership() {
            @Override
            public boolean share(long portGuidA, long portGuidB, int pKey) {
                for (int k : set.sharedPKeys(portGuidA, portGuidB)) {
                    if ((k & 0x7FFF) == (pKey & 0x7FFF)) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public int commonPKey(long portGuidA, long portGuidB) {
                List<Integer> shared = set.sharedPKeys(portGuidA, portGuidB);
                return shared.isEmpty() ? -1 : shared.get(0) | 0x8000;
            }

            @Override
            public boolean isMember(long portGuid, int pKey) {
                for (int k : set.pkeysOf(portGuid)) {
                    if ((k & 0x7FFF) == (pKey & 0x7FFF)) {
                        return true;
                    }
                }
                return false;
            }
        };
    }

    /** The partitions as the QoS policy's port groups see them ({@code partition} and {@code pkey} criteria). */
    static PartitionLookup partitionLookup(PartitionSet set) {
        if (set == null) {
            return PartitionLookup.NONE;
        }
        return new PartitionLookup() {
            @Override
            public boolean isMember(String partitionName, long portGuid) {
                return set.isMember(partitionName, portGuid);
            }

            @Override
            public int[] pkeysOf(long portGuid) {
                return set.pkeysOf(portGuid);
            }
        };
    }

    /** The QoS levels of a bound policy for PathRecords; {@link QosLevels#NONE} without a policy. */
    static QosLevels qosLevels(BoundQosPolicy policy) {
        if (policy == null) {
            return QosLevels.NONE;
        }
        return request -> {
            QosQuery q = QosQuery.between(request.srcPortGuid(), request.dstPortGuid());
            if (request.hasServiceId()) {
                q = q.withServiceId(request.serviceId());
            }
            if (request.pKey() != QosLevel.UNSET) {
                q = q.withPKey(request.pKey());
            }
            if (request.qosClass() != QosLevel.UNSET) {
                q = q.withQosClass(request.qosClass());
            }
            dev.jsm.qos.policy.QosLevel l = policy.levelFor(q);
            long pKey = l.pkeys().first();
            return new QosLevel(l.name(), l.sl(), unset(l.mtuLimit()), unset(l.rateLimit()),
                    pKey < 0 ? QosLevel.UNSET : (int) pKey, unset(l.packetLife()));
        };
    }

    private static int unset(int qosValue) {
        return qosValue == dev.jsm.qos.policy.QosLevel.NONE ? QosLevel.UNSET : qosValue;
    }
}
