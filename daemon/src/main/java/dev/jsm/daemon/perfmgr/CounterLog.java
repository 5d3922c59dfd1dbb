package dev.jsm.daemon.perfmgr;

import dev.jsm.subnet.Guid;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The performance manager's log lines about what the counters say, with OpenSM's content: one ERROR line per error
 * counter that grew since the previous reading ({@code PERF-1001} SymbolErrorCounter .. {@code PERF-1012}
 * VL15Dropped, in CounterSelect order, as OpenSM's 5431..543C), naming the node, the port and what it is cabled to;
 * {@code PERF-1013} for an XmitWait increase of at least {@code perfmgr_xmit_wait_threshold}; {@code PERF-1020} /
 * {@code PERF-1021} for error / data counters found lower than before (cleared by someone else).
 *
 * <p>Stateless; called on the performance manager's thread.
 */
final class CounterLog {

    private static final Logger LOG = LogManager.getLogger(CounterLog.class);

    private CounterLog() {
    }

    /** Logs every error counter of {@code reading} above the port's previous reading. */
    static void errorIncreases(MonitoredNode n, int port, long[] reading) {
        for (int i = 0; i < Counter.ERRORS; i++) {
            Counter c = Counter.at(i);
            long up = n.increase(port, reading, c);
            if (up > 0) {
                LOG.error("PERF-10{} {} : {} : {}", String.format("%02d", i + 1), c.specName(), up,
                        where(n, port));
            }
        }
    }

    /** Logs an XmitWait increase of at least {@code threshold}. */
    static void xmitWait(MonitoredNode n, int port, long[] reading, long threshold) {
        long up = n.increase(port, reading, Counter.XMIT_WAIT);
        if (up > 0 && up >= threshold) {
            LOG.error("PERF-1013 {} : {} : node \"{}\" (NodeGUID: {}) : port {}", Counter.XMIT_WAIT.specName(), up,
                    n.name, Guid.toString(n.guid), port);
        }
    }

    /** Logs counters found lower than the previous reading: error counters or ({@code data}) data counters. */
    static void clearedElsewhere(MonitoredNode n, int port, boolean data) {
        LOG.error("PERF-102{} detected an out of band {} clear on node \"{}\" ({}) port {}", data ? 1 : 0,
                data ? "data counter" : "error counter", n.name, Guid.toString(n.guid), port);
    }

    /** {@code node "name" (NodeGUID: 0x...) : port 3 connected to "peer" (NodeGUID: 0x...) : port 1}. */
    static String where(MonitoredNode n, int port) {
        String self = "node \"" + n.name + "\" (NodeGUID: " + Guid.toString(n.guid) + ") : port " + port;
        if (n.remoteName[port] == null) {
            return self;
        }
        return self + " connected to \"" + n.remoteName[port] + "\" (NodeGUID: " + Guid.toString(n.remoteGuid[port])
                + ") : port " + n.remotePort[port];
    }
}
