package dev.jsm.subnet.portgroup;

import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Objects;

/**
 * What a port group policy is resolved against: the fabric's ports, the SM's own port ({@code node-type: SELF}) and
 * partition membership ({@code partition}).
 *
 * <p>Immutable; safe to share.
 *
 * @param snapshot the fabric
 * @param smPortGuid the GUID of the port the SM runs on, 0 if none
 * @param partitions partition membership
 */
public record PortGroupFabric(SubnetSnapshot snapshot, long smPortGuid, PartitionMembers partitions) {

    /** Checks for nulls. */
    public PortGroupFabric {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(partitions, "partitions");
    }

    /** {@code snapshot} without an SM port or partitions. */
    public static PortGroupFabric of(SubnetSnapshot snapshot) {
        return new PortGroupFabric(snapshot, 0, PartitionMembers.NONE);
    }
}
