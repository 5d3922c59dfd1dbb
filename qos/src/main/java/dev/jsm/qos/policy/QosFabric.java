package dev.jsm.qos.policy;

import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * What a policy is bound to: the fabric's end ports, the SM's own port ({@code node-type: SELF}) and partition
 * membership.
 *
 * <p>Immutable; safe to share.
 *
 * @param ports the end ports (CA and router ports, switch port 0)
 * @param smPortGuid the port GUID the SM runs on
 * @param partitions partition membership
 */
public record QosFabric(List<QosPort> ports, long smPortGuid, PartitionLookup partitions) {

    /** Copies the list. */
    public QosFabric {
        ports = List.copyOf(ports);
    }

    /**
     * The end ports of a published snapshot.
     *
     * @param snapshot the snapshot
     * @param smPortGuid the SM's port GUID
     * @param partitions partition membership
     * @return the fabric
     */
    public static QosFabric of(SubnetSnapshot snapshot, long smPortGuid, PartitionLookup partitions) {
        List<QosPort> ports = new ArrayList<>(snapshot.endPorts().size());
        for (EndPortView e : snapshot.endPorts()) {
            NodeView node = snapshot.nodes().get(e.nodeIndex());
            ports.add(new QosPort(e.portGuid(), e.kind(), node.description(), snapshot.portOf(e).portNum()));
        }
        return new QosFabric(ports, smPortGuid, partitions);
    }
}
