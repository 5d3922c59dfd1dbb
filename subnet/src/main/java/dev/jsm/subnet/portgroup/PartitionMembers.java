package dev.jsm.subnet.portgroup;

/**
 * Partition membership for the {@code partition} qualifier of a port group, by partition name as
 * {@code partitions.conf} spells it; implemented by whoever holds the partitions in force (the daemon hands in the
 * partition manager's). A port is a member if it is a full or a limited member.
 *
 * <p>Implementations must be thread-safe for reading.
 */
@FunctionalInterface
public interface PartitionMembers {

    /** No partitions known: groups by partition are empty. */
    PartitionMembers NONE = (name, portGuid) -> false;

    /** Whether the end port with {@code portGuid} is a member of the partition named {@code partitionName}. */
    boolean isMember(String partitionName, long portGuid);
}
