package dev.jsm.qos.policy;

/**
 * Partition membership for port groups that name partitions ({@code partition: Part1}) or P_Keys
 * ({@code pkey: 0x1234}); implemented by the partition manager. A port is a member if it is a full or limited
 * member.
 *
 * <p>Implementations must be thread-safe for reading.
 */
public interface PartitionLookup {

    /** No partitions known: groups by partition or P_Key are empty. */
    PartitionLookup NONE = new PartitionLookup() {
        @Override
        public boolean isMember(String partitionName, long portGuid) {
            return false;
        }

        @Override
        public int[] pkeysOf(long portGuid) {
            return new int[0];
        }
    };

    /**
     * Whether a port is a member of the partition with this name (as in {@code partitions.conf}).
     *
     * @param partitionName the name
     * @param portGuid the port GUID
     */
    boolean isMember(String partitionName, long portGuid);

    /**
     * The P_Keys of the partitions a port is a member of, without the membership bit (0..0x7fff).
     *
     * @param portGuid the port GUID
     * @return the base P_Keys, empty if none
     */
    int[] pkeysOf(long portGuid);
}
