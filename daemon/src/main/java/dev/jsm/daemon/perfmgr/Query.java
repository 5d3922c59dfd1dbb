package dev.jsm.daemon.perfmgr;

import dev.jsm.mad.perf.PerfMgt;
import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;

/**
 * One PerfMgt request the manager sends about one port: Get(ClassPortInfo), Get(PortCounters),
 * Get(PortCountersExtended), or a clearing Set of either ({@code select}, {@code select2}: CounterSelect and
 * CounterSelect2).
 *
 * <p>Immutable apart from the node it names, which stays confined to the manager's thread.
 *
 * @param node the node
 * @param port the port (PortSelect)
 * @param attribute the PerfMgt attribute ID
 * @param set whether it is a clearing Set
 * @param select CounterSelect of a Set
 * @param select2 CounterSelect2 of a PortCounters Set
 */
record Query(MonitoredNode node, int port, int attribute, boolean set, int select, int select2) {

    private static final int GET = 0x01;
    private static final int SET = 0x02;

    static Query classPortInfo(MonitoredNode n, int port) {
        return new Query(n, port, PerfMgt.CLASS_PORT_INFO, false, 0, 0);
    }

    static Query portCounters(MonitoredNode n, int port) {
        return new Query(n, port, PerfMgt.PORT_COUNTERS, false, 0, 0);
    }

    static Query extended(MonitoredNode n, int port) {
        return new Query(n, port, PerfMgt.PORT_COUNTERS_EXTENDED, false, 0, 0);
    }

    static Query clearCounters(MonitoredNode n, int port, int select, int select2) {
        return new Query(n, port, PerfMgt.PORT_COUNTERS, true, select, select2);
    }

    static Query clearExtended(MonitoredNode n, int port) {
        return new Query(n, port, PerfMgt.PORT_COUNTERS_EXTENDED, true, PortCountersExtended.SELECT_ALL, 0);
    }

    /** The request MAD (TID 0: the requests layer assigns it). */
    byte[] mad() {
        byte[] mad = PerfMgt.request(set ? SET : GET, attribute, 0);
        if (attribute == PerfMgt.PORT_COUNTERS) {
            PortCounters.clear(port, select, select2).encodeTo(mad, PerfMgt.DATA_OFFSET);
        } else if (attribute == PerfMgt.PORT_COUNTERS_EXTENDED) {
            PortCountersExtended.select(port, select).encodeTo(mad, PerfMgt.DATA_OFFSET);
        }
        return mad;
    }

    /** {@code Get(PortCounters)}, ... for the log. */
    String describe() {
        String name = switch (attribute) {
            case PerfMgt.CLASS_PORT_INFO -> "ClassPortInfo";
            case PerfMgt.PORT_COUNTERS -> "PortCounters";
            default -> "PortCountersExtended";
        };
        return (set ? "Set(" : "Get(") + name + ")";
    }
}
