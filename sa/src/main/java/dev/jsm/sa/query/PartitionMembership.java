package dev.jsm.sa.query;

/**
 * Partition membership as the SA needs it (OpenSM checks it for PathRecords and joins): whether two ports may talk
 * on a P_Key, and which P_Key they share. Implemented by the partitions module from the partition configuration;
 * {@link #DEFAULT_ONLY} is OpenSM's behaviour without a partition file ({@code Default=0x7fff : ALL=full}).
 *
 * <p>P_Keys compare on their low 15 bits; the membership bit (0x8000 = full) is the port's own. Two ports share a
 * partition when both are members and at least one is a full member (IBA 10.9.1.2).
 *
 * <p>Implementations must be immutable and thread-safe.
 */
public interface PartitionMembership {

    /** Every port a full member of the default partition 0xFFFF only. */
    PartitionMembership DEFAULT_ONLY = new PartitionMembership() {
        @Override
        public boolean share(long portGuidA, long portGuidB, int pKey) {
            return (pKey & 0x7FFF) == 0x7FFF;
        }

        @Override
        public int commonPKey(long portGuidA, long portGuidB) {
            return 0xFFFF;
        }
    };

    /** Whether the two ports may talk on {@code pKey} (both members, at least one full). */
    boolean share(long portGuidA, long portGuidB, int pKey);

    /**
     * The P_Key a PathRecord between the two ports carries when the request names none (OpenSM: the first shared
     * P_Key of the source's table), with the full-membership bit set, or -1 if they share no partition.
     */
    int commonPKey(long portGuidA, long portGuidB);

    /**
     * Whether the port is a member (full or limited) of {@code pKey} (multicast joins need it). The default asks
     * {@link #share} of the port with itself, which only sees full membership; implementations that know limited
     * members override it.
     */
    default boolean isMember(long portGuid, int pKey) {
        return share(portGuid, portGuid, pKey);
    }
}
