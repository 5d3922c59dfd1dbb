package dev.jsm.daemon.perfmgr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every port's counters over time, for the web console's port page: at the end of each sweep the performance manager
 * records, for every port of every node it keeps, the data bytes sent and received per second since the port's
 * previous reading (the PMA counts data in 4-byte words) and its errors per second, in a ring of the last
 * {@value #SAMPLES} sweeps shared by all ports (a port not read in a sweep has no sample there). Memory is bounded by
 * the fabric: {@value #BYTES_PER_PORT} bytes per port number of every node kept (3 floats a sample, port 0 included),
 * 32.0 MB on a three-level fat tree of 11664 hosts (1620 36-port switches, 11664 one-port CAs: 1620 x 37 + 11664 x
 * 2 port numbers of 384 bytes), plus a map entry per node.
 *
 * <p>Thread-safe (synchronized): written by the manager's thread when a sweep ends, read by any.
 */
public final class PortHistory {

    /** Sweeps kept: 32, 96 minutes at the default {@code perfmgr_sweep_time_s} of 180 s. */
    public static final int SAMPLES = 32;
    private static final int VALUES = 3;
    /** The bytes a port number costs: {@value #SAMPLES} samples of 3 floats. */
    public static final int BYTES_PER_PORT = SAMPLES * VALUES * Float.BYTES;

    /**
     * One reading of a port.
     *
     * @param millis when the sweep that read it ended (wall clock)
     * @param xmitBytesPerSecond PortXmitData's increase since the port's previous reading, in bytes per second
     * @param rcvBytesPerSecond PortRcvData's, likewise
     * @param errorsPerSecond the error counters' increase since the previous reading, per second
     */
    public record Sample(long millis, double xmitBytesPerSecond, double rcvBytesPerSecond, double errorsPerSecond) {
    }

    private final long[] when = new long[SAMPLES];
    private final Map<Long, float[]> nodes = new HashMap<>();
    private int next;
    private int recorded;

    /** Records the sweep that took the manager from {@code before} to {@code after}, ended at {@code millis}. */
    synchronized void record(PerfSnapshot before, PerfSnapshot after, long millis) {
        Map<Long, PerfSnapshot.Node> previous = new HashMap<>(before.nodes().size() * 2);
        before.nodes().forEach(n -> previous.put(n.guid(), n));
        Map<Long, float[]> kept = new HashMap<>(after.nodes().size() * 2);
        for (PerfSnapshot.Node n : after.nodes()) {
            int size = (n.numPorts() + 1) * SAMPLES * VALUES;
            float[] ring = nodes.get(n.guid());
            if (ring == null || ring.length != size) {
                ring = new float[size];
                Arrays.fill(ring, Float.NaN);
            }
            kept.put(n.guid(), ring);
            PerfSnapshot.Node p = previous.get(n.guid());
            for (int port = 0; port <= n.numPorts(); port++) {
                int at = (port * SAMPLES + next) * VALUES;
                ring[at] = rate(p, n, port, Counter.XMIT_DATA);
                ring[at + 1] = rate(p, n, port, Counter.RCV_DATA);
                ring[at + 2] = Float.isNaN(ring[at]) ? Float.NaN : (float) n.errorRates()[port];
            }
        }
        nodes.clear();
        nodes.putAll(kept);
        when[next] = millis;
        next = (next + 1) % SAMPLES;
        recorded = Math.min(SAMPLES, recorded + 1);
    }

    /** Bytes per second of {@code c} between the two readings of the port, NaN unless it was read in this sweep. */
    private static float rate(PerfSnapshot.Node before, PerfSnapshot.Node after, int port, Counter c) {
        if (before == null || port > before.numPorts() || !before.read()[port] || !after.read()[port]) {
            return Float.NaN;
        }
        long millis = after.lastDataUpdate()[port] - before.lastDataUpdate()[port];
        long words = after.total(port, c) - before.total(port, c);
        return millis <= 0 || words < 0 ? Float.NaN : (float) (words * 4 * 1000.0 / millis);
    }

    /** The port's samples, oldest first; empty when the manager keeps no such node or port. */
    public synchronized List<Sample> of(long nodeGuid, int port) {
        float[] ring = nodes.get(nodeGuid);
        List<Sample> out = new ArrayList<>(recorded);
        if (ring == null || port < 0 || (port + 1) * SAMPLES * VALUES > ring.length) {
            return out;
        }
        for (int k = recorded; k > 0; k--) {
            int slot = Math.floorMod(next - k, SAMPLES);
            int at = (port * SAMPLES + slot) * VALUES;
            if (!Float.isNaN(ring[at])) {
                out.add(new Sample(when[slot], ring[at], ring[at + 1], ring[at + 2]));
            }
        }
        return out;
    }
}
