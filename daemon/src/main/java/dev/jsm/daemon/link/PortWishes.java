package dev.jsm.daemon.link;

import dev.jsm.partitions.PartEnforce;
import dev.jsm.subnet.PhysPort;
import java.util.HashMap;
import java.util.Map;

/**
 * What other managers want in a port's PortInfo, which the link manager's Set carries: the partition enforcement bits
 * the partition manager wants on switch ports, and the VLHighLimit the QoS manager wants. Kept between sweeps, so a
 * manager that finds nothing to change leaves its wish in force.
 *
 * <p>Confined to the SM thread.
 */
public final class PortWishes {

    private final Map<PhysPort, PartEnforce> enforcement = new HashMap<>();
    private final Map<PhysPort, Integer> vlHighLimits = new HashMap<>();

    /**
     * Records the partition enforcement wanted on {@code port} (a switch port facing a CA or router, or a
     * switch-to-switch port: {@link PartEnforce#OFF}); {@code null} leaves the port's bits alone.
     */
    public void setPartitionEnforcement(PhysPort port, PartEnforce wanted) {
        if (wanted == null) {
            enforcement.remove(port);
        } else {
            enforcement.put(port, wanted);
        }
    }

    /** The partition enforcement wanted on {@code port}, or {@code null} to leave its bits as they are. */
    public PartEnforce partitionEnforcement(PhysPort port) {
        return enforcement.get(port);
    }

    /** Records the VLHighLimit wanted on {@code port}. */
    public void setVlHighLimit(PhysPort port, int limit) {
        vlHighLimits.put(port, limit);
    }

    /** The VLHighLimit wanted on {@code port}, or -1 to leave it as it is. */
    public int vlHighLimit(PhysPort port) {
        return vlHighLimits.getOrDefault(port, -1);
    }
}
