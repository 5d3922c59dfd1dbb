package dev.jsm.daemon.perfmgr;

import dev.jsm.daemon.event.EventReport;
import dev.jsm.daemon.event.FabricEvent;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The performance manager's events for the plug-ins, as OpenSM's PerfMgr reports them after each reading: a
 * PortCounters answer gives {@code PORT_ERRORS} (the twelve error counters' increases) and, where the port has
 * PortXmitWait, {@code PORT_SELECT}; the data counters' answer (PortCountersExtended, or PortCounters' 32-bit ones
 * where the port has no extended counters) gives {@code PORT_DATA_COUNTERS}. An increase is what the reading added
 * to the port's totals; the interval is the time since the port's previous reading of the same counters.
 *
 * <p>Confined to the performance manager's thread.
 */
final class PerfEvents {

    private final EventReport report;
    private final long[] before = new long[Counter.COUNT];
    private long errorsBeforeMillis;
    private long dataBeforeMillis;

    PerfEvents(EventReport report) {
        this.report = report;
    }

    /** Remembers port {@code port}'s totals and reading times before a reading is added. */
    void before(MonitoredNode n, int port) {
        System.arraycopy(n.total, port * Counter.COUNT, before, 0, Counter.COUNT);
        errorsBeforeMillis = n.lastErrorUpdate[port];
        dataBeforeMillis = n.lastDataUpdate[port];
    }

    /** Reports what the reading just added to port {@code port}'s totals. */
    void after(MonitoredNode n, int port, boolean portCounters) {
        if (report == EventReport.NONE) {
            return;
        }
        Instant now = Instant.now();
        FabricEvent.PortId id = new FabricEvent.PortId(n.guid, port, n.name);
        int base = port * Counter.COUNT;
        if (portCounters) {
            double s = seconds(errorsBeforeMillis, n.lastErrorUpdate[port]);
            report.report(new FabricEvent.PortErrors(now, id, increases(n, base, 0, Counter.ERRORS), s));
            if (n.xmitWait(port)) {
                int w = Counter.XMIT_WAIT.ordinal();
                report.report(new FabricEvent.PortSelect(now, id, n.total[base + w] - before[w], s));
            }
        }
        if (n.lastDataUpdate[port] != dataBeforeMillis || !portCounters) {
            report.report(new FabricEvent.PortDataCounters(now, id,
                    increases(n, base, Counter.FIRST_DATA, Counter.COUNT),
                    seconds(dataBeforeMillis, n.lastDataUpdate[port])));
        }
        Arrays.fill(before, 0);
    }

    private Map<String, Long> increases(MonitoredNode n, int base, int from, int to) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = from; i < to; i++) {
            m.put(Counter.at(i).dumpName(), n.total[base + i] - before[i]);
        }
        return m;
    }

    private static double seconds(long fromMillis, long toMillis) {
        return Math.max(0, toMillis - fromMillis) / 1000.0;
    }
}
