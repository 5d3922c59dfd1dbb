package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The performance manager against Debian's ibsim ({@code fat2-16.net}, the daemon's real {@code main} with
 * {@code --perfmgr}), judged by {@code perfquery}: after MAD traffic between hosts ({@code saquery} and
 * {@code smpquery} loops on three other hosts), /metrics and {@code perfquery} agree on every port's counters. ibsim's
 * PMAs count every MAD that crosses a cable, the reads themselves included, so no two readings of a port taken at
 * different moments can be equal in its data and packet counters: those of {@code perfquery} must lie between the
 * manager's sweep just before and its sweep just after ({@code /metrics} gives bytes: four times the words), in
 * PortCounters and in PortCountersExtended (two reads, two moments); the
 * error counters, PortXmitWait and the unicast and multicast counters, which MADs do not move in ibsim, must be equal.
 * Every port {@code perfquery} reads must be on /metrics. The steps run in {@link PerfMgrIbsimProbe}.
 */
@Tag("ibsim")
class PerfMgrIbsimIT {

    private static final Pattern SAMPLE = Pattern.compile(
            "^jsm_perfmgr_port_(\\w+)_total\\{node_guid=\"[^\"]+\",node_desc=\"([^\"]+)\",port=\"(\\d+)\""
                    + "(?:,counter=\"(\\w+)\")?\\} (\\d+)$");
    private static final List<String> ERRORS = List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter",
            "LinkDownedCounter", "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors",
            "PortXmitDiscards", "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped");
    /** perfquery -x field, /metrics family, whether /metrics counts bytes of the field's words. */
    private static final String[][] DATA = {
        {"PortXmitData", "xmit_data_bytes", "words"}, {"PortRcvData", "rcv_data_bytes", "words"},
        {"PortXmitPkts", "xmit_packets", ""}, {"PortRcvPkts", "rcv_packets", ""},
    };
    private static final String[][] EXACT = {
        {"PortUnicastXmitPkts", "unicast_xmit_packets"}, {"PortUnicastRcvPkts", "unicast_rcv_packets"},
        {"PortMulticastXmitPkts", "multicast_xmit_packets"}, {"PortMulticastRcvPkts", "multicast_rcv_packets"},
    };

    @Test
    void perfqueryAndTheMetricsAgreeOnEveryPort() throws Exception {
        IbsimHarness.assumeAvailable();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        IbsimHarness harness = IbsimHarness.builder(Path.of("..", "fabrics", "fat2-16.net"))
                .timeout(Duration.ofSeconds(300)).env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build();
        IbsimResult r = harness.run(PerfMgrIbsimProbe.class, Integer.toString(port), "host-1-0,host-2-1,host-3-3",
                "-f", "opensm.log", "-s", "0", "--perfmgr", "--perfmgr_sweep_time_s", "3600", "-q", "loopback",
                "-C", Integer.toString(port));
        assertThat(r.exitCode()).as(r::describe).isZero();
        Map<String, Long> before = metrics(r.lines("M1 "));
        Map<String, Long> after = metrics(r.lines("M2 "));
        Map<String, Long> pq = perfquery(r.lines("PQ "));
        Map<String, Long> pqx = perfquery(r.lines("PQX "));

        TreeSet<String> ports = new TreeSet<>();
        pqx.keySet().forEach(k -> ports.add(k.substring(0, k.lastIndexOf(' '))));
        assertThat(ports).as("ports perfquery read").hasSize(6 * 8 + 16);
        long maxGap = 0;
        for (String p : ports) {
            for (String[] d : DATA) {
                long words = d[2].isEmpty() ? 1 : 4;
                Long a = before.get(p + " " + d[1]);
                assertThat(a).as("/metrics has %s of %s", d[1], p).isNotNull();
                long b = after.get(p + " " + d[1]);
                for (Map<String, Long> read : List.of(pq, pqx)) {
                    long seen = read.get(p + " " + d[0]) * words;
                    assertThat(seen).as("%s %s (%s): perfquery between the sweeps", p, d[0],
                            read == pq ? "PortCounters" : "PortCountersExtended").isBetween(a, b);
                    if (words == 1) {
                        maxGap = Math.max(maxGap, seen - a);
                    }
                }
            }
            for (String e : ERRORS) {
                long v = pq.get(p + " " + e);
                assertThat(before.getOrDefault(p + " errors " + e, 0L)).as("%s %s", p, e).isEqualTo(v);
                assertThat(after.getOrDefault(p + " errors " + e, 0L)).as("%s %s", p, e).isEqualTo(v);
            }
            assertThat(before.get(p + " xmit_wait")).as("%s PortXmitWait", p).isEqualTo(pq.get(p + " PortXmitWait"));
            for (String[] x : EXACT) {
                assertThat(before.getOrDefault(p + " " + x[1], 0L)).as("%s %s", p, x[0])
                        .isEqualTo(pqx.get(p + " " + x[0]));
            }
        }
        System.out.println("[perfmgr] " + ports.size() + " ports agree; perfquery read at most " + maxGap
                + " packets more than the sweep before it (its own reads and the sweep's)");
        assertThat(before.get("host-1-0 1 rcv_packets")).as("the traffic reached host-1-0").isGreaterThan(50);
        assertThat(String.join("\n", r.lines("PM "))).contains("state                        : Enabled",
                "\"leaf-1\" 0x", " active TRUE port 5", "xmit_data            : ");
    }

    /** {@code node port family[ counter]} to value, from /metrics lines. */
    private static Map<String, Long> metrics(List<String> lines) {
        Map<String, Long> out = new HashMap<>();
        for (String line : lines) {
            Matcher m = SAMPLE.matcher(line.substring(3));
            if (m.matches()) {
                String key = m.group(2) + " " + m.group(3) + " " + m.group(1)
                        + (m.group(4) == null ? "" : " " + m.group(4));
                out.put(key, Long.parseLong(m.group(5)));
            }
        }
        return out;
    }

    /** {@code node port field} to value, from the probe's perfquery lines. */
    private static Map<String, Long> perfquery(List<String> lines) {
        Map<String, Long> out = new HashMap<>();
        for (String line : lines) {
            String[] w = line.split(" ");
            if (w.length == 5 && w[4].matches("\\d+")) {
                out.put(w[1] + " " + w[2] + " " + w[3], Long.parseLong(w[4]));
            }
        }
        return out;
    }
}
