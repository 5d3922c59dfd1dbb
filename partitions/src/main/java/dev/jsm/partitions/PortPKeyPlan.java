package dev.jsm.partitions;

import dev.jsm.subnet.Guid;
import java.util.List;

/**
 * What the SM should program on one physical port: its P_Key table and the blocks of it that differ from what the
 * port holds, and, for switch ports, the partition enforcement bits.
 *
 * <p>Immutable; safe to share.
 *
 * @param nodeGuid the port's node
 * @param portNum the port number (0 for a switch's own end port)
 * @param table the wanted table, or {@code null} to leave the table alone (switch ports facing switches, or with
 *     {@code part_enforce off})
 * @param changedBlocks blocks of {@code table} to Set (attribute modifier: block, plus {@code portNum << 16} on switch
 *     external ports), ascending
 * @param enforcement the wanted PartitionEnforcementInbound/Outbound, or {@code null} to leave them alone (end ports)
 * @param enforcementChanged whether the port's current PortInfo bits differ from {@code enforcement}
 */
public record PortPKeyPlan(long nodeGuid, int portNum, PortPKeyTable table, List<Integer> changedBlocks,
                           PartEnforce enforcement, boolean enforcementChanged) {

    /** Copies the block list. */
    public PortPKeyPlan {
        changedBlocks = List.copyOf(changedBlocks);
    }

    /** {@code 0x...[1] blocks [0] enforcement BOTH}. */
    @Override
    public String toString() {
        return Guid.toString(nodeGuid) + "[" + portNum + "] blocks " + changedBlocks
                + (enforcement == null ? "" : " enforcement " + enforcement + (enforcementChanged ? " (change)" : ""));
    }
}
