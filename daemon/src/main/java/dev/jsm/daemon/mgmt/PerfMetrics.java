package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.perfmgr.Counter;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import dev.jsm.subnet.Guid;
import java.util.Locale;

/**
 * The performance manager's part of {@code /metrics}, from its last {@link PerfSnapshot}: its own sweeps and MADs,
 * and per port of every node in the fabric ({@code node_guid}, {@code node_desc} - the node name map's name, else
 * the NodeDescription - and {@code port} labels) the 64-bit totals: data in bytes (the PMA counts 32-bit words),
 * packets, PortXmitWait, and the error rate between the last two readings. The twelve error counters appear per
 * port and counter ({@code counter} label, the spec's name) once they count; the unicast and multicast packet
 * counters where a PMA has them and they count. A port read for the first time counts from zero, as OpenSM's totals
 * do, so a rate over the first two scrapes after start is the port's whole count.
 *
 * <p>Stateless; safe to share.
 */
final class PerfMetrics {

    private static final String[][] DATA = {
        {"xmit_data_bytes", "Data sent, bytes (PortXmitData x 4)"},
        {"rcv_data_bytes", "Data received, bytes (PortRcvData x 4)"},
        {"xmit_packets", "Packets sent (PortXmitPkts)"},
        {"rcv_packets", "Packets received (PortRcvPkts)"},
        {"unicast_xmit_packets", "Unicast packets sent (PortUnicastXmitPkts; ports that count them)"},
        {"unicast_rcv_packets", "Unicast packets received (PortUnicastRcvPkts; ports that count them)"},
        {"multicast_xmit_packets", "Multicast packets sent (PortMulticastXmitPkts; ports that count them)"},
        {"multicast_rcv_packets", "Multicast packets received (PortMulticastRcvPkts; ports that count them)"},
    };

    private PerfMetrics() {
    }

    /** Appends the families. */
    static void render(StringBuilder out, PerfSnapshot s) {
        family(out, "jsm_perfmgr_enabled", "gauge", "1 while the performance manager sweeps (perfmgr)");
        out.append("jsm_perfmgr_enabled ").append(s.enabled() ? 1 : 0).append('\n');
        family(out, "jsm_perfmgr_sweeps_total", "counter", "Performance manager sweeps completed");
        out.append("jsm_perfmgr_sweeps_total ").append(s.sweeps()).append('\n');
        family(out, "jsm_perfmgr_last_sweep_duration_seconds", "gauge", "Duration of the last performance manager "
                + "sweep");
        out.append("jsm_perfmgr_last_sweep_duration_seconds ")
                .append(String.format(Locale.ROOT, "%.6f", s.lastSweepNanos() / 1e9)).append('\n');
        family(out, "jsm_perfmgr_mads_total", "counter", "PerfMgt requests: sent, sent again after a timeout, "
                + "given up");
        out.append("jsm_perfmgr_mads_total{result=\"sent\"} ").append(s.madsSent()).append('\n');
        out.append("jsm_perfmgr_mads_total{result=\"resent\"} ").append(s.madsResent()).append('\n');
        out.append("jsm_perfmgr_mads_total{result=\"unanswered\"} ").append(s.madsUnanswered()).append('\n');
        family(out, "jsm_perfmgr_counter_clears_total", "counter", "Port counters cleared: by the manager near "
                + "their maximum, or found cleared by someone else");
        out.append("jsm_perfmgr_counter_clears_total{by=\"perfmgr\"} ").append(s.countersCleared()).append('\n');
        out.append("jsm_perfmgr_counter_clears_total{by=\"other\"} ").append(s.clearedElsewhere()).append('\n');
        family(out, "jsm_perfmgr_ports", "gauge", "Ports whose counters the performance manager reads");
        out.append("jsm_perfmgr_ports ").append(s.portsRead()).append('\n');
        for (int d = 0; d < DATA.length; d++) {
            int counter = Counter.FIRST_DATA + d;
            family(out, "jsm_perfmgr_port_" + DATA[d][0] + "_total", "counter", DATA[d][1]);
            ports(out, s, (n, p, labels) -> {
                long v = n.totals()[p * Counter.COUNT + counter];
                if (counter < Counter.FIRST_DATA + Counter.DATA_32 || v != 0) {
                    sample(out, "jsm_perfmgr_port_" + DATA[counter - Counter.FIRST_DATA][0] + "_total", labels,
                            Long.toUnsignedString(counter < Counter.FIRST_DATA + 2 ? v * 4 : v));
                }
            });
        }
        family(out, "jsm_perfmgr_port_xmit_wait_total", "counter", "Ticks a port had data to send but could not "
                + "(PortXmitWait)");
        ports(out, s, (n, p, labels) -> sample(out, "jsm_perfmgr_port_xmit_wait_total", labels,
                Long.toUnsignedString(n.total(p, Counter.XMIT_WAIT))));
        family(out, "jsm_perfmgr_port_errors_total", "counter", "Port error counters, by the spec's counter name "
                + "(present once non-zero)");
        ports(out, s, (n, p, labels) -> {
            for (int i = 0; i < Counter.ERRORS; i++) {
                long v = n.totals()[p * Counter.COUNT + i];
                if (v != 0) {
                    sample(out, "jsm_perfmgr_port_errors_total", labels + ",counter=\"" + Counter.at(i).specName()
                            + "\"", Long.toUnsignedString(v));
                }
            }
        });
        family(out, "jsm_perfmgr_port_error_rate", "gauge", "Errors per second (all twelve error counters) between "
                + "a port's last two readings");
        ports(out, s, (n, p, labels) -> sample(out, "jsm_perfmgr_port_error_rate", labels,
                String.format(Locale.ROOT, "%.6f", n.errorRates()[p])));
    }

    /** What is written for one port: the node, the port number and its label text. */
    private interface PortLine {
        void write(PerfSnapshot.Node node, int port, String labels);
    }

    /** Calls {@code line} for every port read of every active node. */
    private static void ports(StringBuilder out, PerfSnapshot s, PortLine line) {
        for (PerfSnapshot.Node n : s.nodes()) {
            if (!n.active()) {
                continue;
            }
            String node = "node_guid=\"" + Guid.toString(n.guid()) + "\",node_desc=\""
                    + PrometheusText.escape(n.name()) + "\",port=\"";
            for (int p = n.firstPort(); p <= n.numPorts(); p++) {
                if (n.read()[p]) {
                    line.write(n, p, node + p + "\"");
                }
            }
        }
    }

    private static void family(StringBuilder out, String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void sample(StringBuilder out, String name, String labels, String value) {
        out.append(name).append('{').append(labels).append("} ").append(value).append('\n');
    }
}
