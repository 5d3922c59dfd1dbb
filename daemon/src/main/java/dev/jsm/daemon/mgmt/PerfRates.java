package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.perfmgr.Counter;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import java.util.HashMap;
import java.util.Map;

/**
 * The performance manager's last two readings, for the web console: each port's totals, its error rate (errors per
 * second between its last two readings, as the manager computed it) and its traffic rate (data bytes sent and
 * received per second between the last two snapshots the console saw; the PMA counts data in 4-byte words, as
 * docs/operations.md says of the metrics).
 *
 * <p>Thread-safe: {@link #readings} swaps the pair under a lock; a {@link Readings} is immutable.
 */
final class PerfRates {

    private Readings last = new Readings(Map.of(), Map.of());
    private long lastSweeps = -1;

    /** The readings now: {@code now} becomes the newer of the pair when the manager swept since the last call. */
    synchronized Readings readings(PerfSnapshot now) {
        if (now.sweeps() != lastSweeps) {
            lastSweeps = now.sweeps();
            last = new Readings(byGuid(now), last.current);
        }
        return last;
    }

    private static Map<Long, PerfSnapshot.Node> byGuid(PerfSnapshot s) {
        Map<Long, PerfSnapshot.Node> out = new HashMap<>(s.nodes().size() * 2);
        for (PerfSnapshot.Node n : s.nodes()) {
            out.put(n.guid(), n);
        }
        return out;
    }

    /** Two snapshots' nodes by GUID, the newer first. */
    record Readings(Map<Long, PerfSnapshot.Node> current, Map<Long, PerfSnapshot.Node> previous) {

        /** The node's port, if the manager has read it. */
        PerfSnapshot.Node node(long nodeGuid, int port) {
            PerfSnapshot.Node n = current.get(nodeGuid);
            return n != null && port <= n.numPorts() && n.read()[port] ? n : null;
        }

        /** Errors per second at the port between its last two readings; 0 when not read. */
        double errorRate(long nodeGuid, int port) {
            PerfSnapshot.Node n = node(nodeGuid, port);
            return n == null ? 0 : n.errorRates()[port];
        }

        /** Data bytes sent and received per second at the port between the last two snapshots; -1 when unknown. */
        double bytesPerSecond(long nodeGuid, int port) {
            PerfSnapshot.Node n = node(nodeGuid, port);
            PerfSnapshot.Node p = previous.get(nodeGuid);
            if (n == null || p == null || port > p.numPorts() || !p.read()[port]) {
                return -1;
            }
            long millis = n.lastDataUpdate()[port] - p.lastDataUpdate()[port];
            long words = data(n, port) - data(p, port);
            return millis <= 0 || words < 0 ? -1 : words * 4 * 1000.0 / millis;
        }

        private static long data(PerfSnapshot.Node n, int port) {
            return n.total(port, Counter.XMIT_DATA) + n.total(port, Counter.RCV_DATA);
        }
    }
}
