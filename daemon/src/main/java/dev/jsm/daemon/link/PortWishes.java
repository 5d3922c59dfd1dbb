package dev.jsm.daemon.link;

import dev.jsm.partitions.PartEnforce;
import dev.jsm.subnet.PhysPort;

/**
 * What other managers want in a port's PortInfo, which the link manager's Set carries: the partition enforcement bits
 * the partition manager wants on switch ports, and the VLHighLimit the QoS manager wants. Kept between sweeps, so a
 * manager that finds nothing to change leaves its wish in force.
 *
 * <p>The wishes are held by the ports themselves ({@link PhysPort#partitionEnforcementWish},
 * {@link PhysPort#vlHighLimitWish}), so a port that leaves the fabric takes its wishes with it: maps keyed by port,
 * never pruned, kept every port of every node dropped since the start, and through their links the nodes around
 * them. This class gives the wishes their types.
 *
 * <p>Confined to the SM thread.
 */
public final class PortWishes {

    /**
     * Records the partition enforcement wanted on {@code port} (a switch port facing a CA or router, or a
     * switch-to-switch port: {@link PartEnforce#OFF}); {@code null} leaves the port's bits alone.
     */
    public void setPartitionEnforcement(PhysPort port, PartEnforce wanted) {
        int bits = wanted == null ? -1 : (wanted.inbound() ? 2 : 0) | (wanted.outbound() ? 1 : 0);
        port.setPartitionEnforcementWish(bits);
    }

    /** The partition enforcement wanted on {@code port}, or {@code null} to leave its bits as they are. */
    public PartEnforce partitionEnforcement(PhysPort port) {
        int bits = port.partitionEnforcementWish();
        return bits < 0 ? null : PartEnforce.of((bits & 2) != 0, (bits & 1) != 0);
    }

    /** Records the VLHighLimit wanted on {@code port}. */
    public void setVlHighLimit(PhysPort port, int limit) {
        port.setVlHighLimitWish(limit);
    }

    /** The VLHighLimit wanted on {@code port}, or -1 to leave it as it is. */
    public int vlHighLimit(PhysPort port) {
        return port.vlHighLimitWish();
    }
}
