package dev.jsm.daemon.perfmgr;

import java.util.List;

/**
 * What the performance manager published at the end of its last sweep (or after a console command changed its
 * database), for /metrics and /status: its state and sweep statistics, and every node it keeps with each port's
 * 64-bit totals and error rate.
 *
 * <p>Immutable by contract: the arrays are copies nobody writes; safe to share.
 *
 * @param enabled whether it sweeps ({@code perfmgr}, the console's {@code perfmgr enable|disable})
 * @param sweeps sweeps completed since start
 * @param lastSweepNanos duration of the last completed sweep
 * @param madsSent PerfMgt requests sent (first transmissions)
 * @param madsResent transmissions repeated after a timeout
 * @param madsUnanswered requests given up
 * @param countersCleared clears the manager sent because a counter neared its maximum
 * @param clearedElsewhere readings lower than the one before: someone else cleared the counters
 * @param nodes the nodes in its database, in node GUID order
 */
public record PerfSnapshot(boolean enabled, long sweeps, long lastSweepNanos, long madsSent, long madsResent,
                           long madsUnanswered, long countersCleared, long clearedElsewhere, List<Node> nodes) {

    /** Copies the node list. */
    public PerfSnapshot {
        nodes = List.copyOf(nodes);
    }

    /** Before the first sweep. */
    static PerfSnapshot empty(boolean enabled) {
        return new PerfSnapshot(enabled, 0, 0, 0, 0, 0, 0, 0, List.of());
    }

    /** Ports read (valid) over all active nodes. */
    public int portsRead() {
        int n = 0;
        for (Node node : nodes) {
            if (node.active()) {
                for (int p = node.firstPort(); p <= node.numPorts(); p++) {
                    n += node.read()[p] ? 1 : 0;
                }
            }
        }
        return n;
    }

    /**
     * One node's counters.
     *
     * @param guid node GUID
     * @param name its name (the node name map's, else its NodeDescription)
     * @param isSwitch whether it is a switch
     * @param active whether it was in the fabric at the last sweep (with {@code perfmgr_rm_nodes FALSE} the totals of
     *     nodes that left stay)
     * @param firstPort the first port read (0 on a switch with an enhanced port 0)
     * @param numPorts the highest port number
     * @param read per port number: whether it has been read
     * @param totals per port, {@link Counter#COUNT} totals each, in {@link Counter} order
     * @param errorRates per port: errors per second between its last two readings
     * @param lastReset per port: when its totals started (wall-clock milliseconds)
     * @param lastErrorUpdate per port: its last error reading
     * @param lastDataUpdate per port: its last data reading
     */
    public record Node(long guid, String name, boolean isSwitch, boolean active, int firstPort, int numPorts,
                       boolean[] read, long[] totals, double[] errorRates, long[] lastReset, long[] lastErrorUpdate,
                       long[] lastDataUpdate) {

        /** The total of counter {@code c} of port {@code port}. */
        public long total(int port, Counter c) {
            return totals[port * Counter.COUNT + c.ordinal()];
        }

        /** Copies the live node's state. */
        static Node of(MonitoredNode m) {
            return new Node(m.guid, m.name, m.isSwitch, m.active, m.firstPort(), m.numPorts, m.read.clone(),
                    m.total.clone(), m.errorRate.clone(), m.lastReset.clone(), m.lastErrorUpdate.clone(),
                    m.lastDataUpdate.clone());
        }
    }
}
