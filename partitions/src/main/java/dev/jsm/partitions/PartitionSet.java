package dev.jsm.partitions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The partitions in force for one fabric: the non-empty partitions of a {@link PartitionConfig} resolved against the
 * end ports of a snapshot, with each end port's P_Keys (membership bit included) in the order OpenSM hands them to
 * its table builder, each port's {@code indx0} key, and the well-known multicast groups to create.
 *
 * <p>Immutable; safe to share.
 */
public final class PartitionSet {

    private static final int[] NONE = new int[0];

    private final List<Partition> partitions;
    private final List<PartitionGroup> groups;
    private final Map<Long, int[]> keysByPort;
    private final Map<Long, Integer> indx0ByPort;

    PartitionSet(List<Partition> partitions, List<PartitionGroup> groups, Map<Long, int[]> keysByPort,
                 Map<Long, Integer> indx0ByPort) {
        this.partitions = List.copyOf(partitions);
        this.groups = List.copyOf(groups);
        this.keysByPort = Map.copyOf(keysByPort);
        this.indx0ByPort = Map.copyOf(indx0ByPort);
    }

    /** The non-empty partitions, by ascending P_Key. */
    public List<Partition> partitions() {
        return partitions;
    }

    /** The partition with this P_Key (membership bit ignored), or {@code null}. */
    public Partition partition(int pkey) {
        int base = pkey & 0x7FFF;
        for (Partition p : partitions) {
            if (p.pkey() == base) {
                return p;
            }
        }
        return null;
    }

    /**
     * Whether the end port is a full or limited member of a partition named {@code partitionName} (the
     * {@code partition} criterion of QoS and port group policies).
     */
    public boolean isMember(String partitionName, long portGuid) {
        for (Partition p : partitions) {
            if (p.name().equals(partitionName) && p.isMember(portGuid)) {
                return true;
            }
        }
        return false;
    }

    /** The well-known multicast groups of the non-empty partitions, in creation order, one per MGID. */
    public List<PartitionGroup> groups() {
        return groups;
    }

    /**
     * The P_Keys of one end port with the membership bit (0x8000 = full), in the order new keys are placed in its
     * table; empty if the port is in no partition. A copy.
     */
    public int[] pkeysOf(long portGuid) {
        int[] keys = keysByPort.get(portGuid);
        return keys == null ? NONE : keys.clone();
    }

    /** The P_Key (with membership bit) an {@code indx0} statement put at block 0 index 0 of the port, or 0. */
    public int indx0PKeyOf(long portGuid) {
        return indx0ByPort.getOrDefault(portGuid, 0);
    }

    /**
     * Whether two end ports may talk: they share a P_Key and at least one of them is a full member of it (IBA
     * 10.9.3).
     */
    public boolean canCommunicate(long portGuidA, long portGuidB) {
        int[] a = keysByPort.get(portGuidA);
        int[] b = keysByPort.get(portGuidB);
        if (a == null || b == null) {
            return false;
        }
        for (int ka : a) {
            for (int kb : b) {
                if ((ka & 0x7FFF) == (kb & 0x7FFF) && ((ka | kb) & 0x8000) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The P_Keys two ports share under which they may talk (the full one of each pair), ascending. */
    public List<Integer> sharedPKeys(long portGuidA, long portGuidB) {
        List<Integer> out = new ArrayList<>();
        for (Partition p : partitions) {
            boolean aFull = p.isFullMember(portGuidA);
            boolean bFull = p.isFullMember(portGuidB);
            if ((aFull || p.isLimitedMember(portGuidA)) && (bFull || p.isLimitedMember(portGuidB))
                    && (aFull || bFull)) {
                out.add(p.pkey() | 0x8000);
            }
        }
        return out;
    }

    /** {@code PartitionSet[N partitions, G groups, P ports]}. */
    @Override
    public String toString() {
        return "PartitionSet[" + partitions.size() + " partitions, " + groups.size() + " groups, "
                + keysByPort.size() + " ports]";
    }
}
