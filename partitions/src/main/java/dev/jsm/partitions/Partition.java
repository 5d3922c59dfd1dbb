package dev.jsm.partitions;

import java.util.Arrays;
import java.util.List;

/**
 * One partition in force: its name, P_Key, SL, the end ports that are full and limited members, and its
 * well-known multicast groups. A port may be in both lists only with {@code allow_both_pkeys}.
 *
 * <p>Immutable; safe to share. The member arrays are private sorted copies.
 */
public final class Partition {

    private final String name;
    private final int pkey;
    private final int sl;
    private final long[] full;
    private final long[] limited;
    private final List<PartitionGroup> groups;

    Partition(String name, int pkey, int sl, long[] full, long[] limited, List<PartitionGroup> groups) {
        this.name = name;
        this.pkey = pkey;
        this.sl = sl;
        this.full = full.clone();
        this.limited = limited.clone();
        Arrays.sort(this.full);
        Arrays.sort(this.limited);
        this.groups = List.copyOf(groups);
    }

    /** The name of the statement that created the partition ("" if none was given). */
    public String name() {
        return name;
    }

    /** The P_Key without the membership bit (1..0x7FFF). */
    public int pkey() {
        return pkey;
    }

    /** The partition's SL (PathRecord SL for the P_Key; 0 unless QoS is on). */
    public int sl() {
        return sl;
    }

    /** Port GUIDs of the full members, sorted; a copy. */
    public long[] fullMembers() {
        return full.clone();
    }

    /** Port GUIDs of the limited members, sorted; a copy. */
    public long[] limitedMembers() {
        return limited.clone();
    }

    /** Whether {@code portGuid} is a full member. */
    public boolean isFullMember(long portGuid) {
        return Arrays.binarySearch(full, portGuid) >= 0;
    }

    /** Whether {@code portGuid} is a limited member. */
    public boolean isLimitedMember(long portGuid) {
        return Arrays.binarySearch(limited, portGuid) >= 0;
    }

    /** Whether {@code portGuid} is a member at all. */
    public boolean isMember(long portGuid) {
        return isFullMember(portGuid) || isLimitedMember(portGuid);
    }

    /** The multicast groups created with the partition. */
    public List<PartitionGroup> groups() {
        return groups;
    }

    /** {@code Partition[Default 0x7fff, 3 full, 10 limited, 1 groups]}. */
    @Override
    public String toString() {
        return String.format("Partition[%s 0x%04x, %d full, %d limited, %d groups]", name, pkey, full.length,
                limited.length, groups.size());
    }
}
