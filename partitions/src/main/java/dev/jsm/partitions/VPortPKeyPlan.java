package dev.jsm.partitions;

import dev.jsm.subnet.Guid;
import java.util.List;

/**
 * What the SM should program in one virtual port's P_Key table (VPortPKeyTable, docs/virtualization.md) and the
 * blocks of it that differ from what the vport holds.
 *
 * <p>Immutable; safe to share.
 *
 * @param portGuid the GUID of the CA end port the vport is behind (whose SMA answers for it)
 * @param vportIndex the vport index on that port
 * @param vportGuid the vport's GUID
 * @param table the wanted table (VPartitionCap entries)
 * @param changedBlocks blocks of {@code table} to Set, ascending
 */
public record VPortPKeyPlan(long portGuid, int vportIndex, long vportGuid, PortPKeyTable table,
                            List<Integer> changedBlocks) {

    /** Copies the block list. */
    public VPortPKeyPlan {
        changedBlocks = List.copyOf(changedBlocks);
    }

    /** {@code 0x...(vport 3 of 0x...) blocks [0]}. */
    @Override
    public String toString() {
        return Guid.toString(vportGuid) + "(vport " + vportIndex + " of " + Guid.toString(portGuid) + ") blocks "
                + changedBlocks;
    }
}
