package dev.jsm.partitions;

import java.util.List;

/**
 * The P_Key work of one sweep: a {@link PortPKeyPlan} per end port and per switch port the partition manager
 * touches, and the ports that could not hold their partitions.
 *
 * <p>Immutable; safe to share.
 *
 * @param ports per-port plans: end ports in end-port index order, then switch ports facing end ports, then switch
 *     ports on switch-to-switch links
 * @param problems capacity problems, one per port
 */
public record PKeyPlan(List<PortPKeyPlan> ports, List<PKeyCapacityProblem> problems) {

    /** Copies the lists. */
    public PKeyPlan {
        ports = List.copyOf(ports);
        problems = List.copyOf(problems);
    }

    /** The total number of P_KeyTable blocks to Set. */
    public int changedBlockCount() {
        int n = 0;
        for (PortPKeyPlan p : ports) {
            n += p.changedBlocks().size();
        }
        return n;
    }

    /** The plan for one port, or {@code null} if the partition manager leaves it alone (a linear search). */
    public PortPKeyPlan port(long nodeGuid, int portNum) {
        for (PortPKeyPlan p : ports) {
            if (p.nodeGuid() == nodeGuid && p.portNum() == portNum) {
                return p;
            }
        }
        return null;
    }
}
