package dev.jsm.daemon.perfmgr;

import dev.jsm.mad.perf.PerfMgt;
import java.util.Arrays;

/**
 * One node the performance manager reads (OpenSM's monitored node and its database entry in one): per port whether
 * it is read, where its PMA answers (the LID, or where it redirected to), what its ClassPortInfo promised, who is at
 * the far end, and the counters - the previous reading and the 64-bit totals, {@link Counter#COUNT} per port, indexed
 * by port number. A total grows by each reading's difference from the previous one; a previous reading is zeroed
 * when the manager clears the port's counters or finds them cleared by someone else, so the next reading counts
 * whole. The first reading of a port counts whole too (the previous one starts at zero), as OpenSM's. Ports are
 * numbered 0..{@link #numPorts}; port 0 is read only on a switch with an enhanced port 0.
 *
 * <p>Confined to the performance manager's thread.
 */
final class MonitoredNode {

    final long guid;
    final boolean isSwitch;
    final boolean esp0;
    final int numPorts;
    String name;
    boolean active = true;

    /** Per port: whether the port is queried (it exists and has a LID to ask at). */
    final boolean[] monitored;
    /** Per port: whether a reading has been added (OpenSM's valid database port). */
    final boolean[] read;
    final int[] lid;
    final boolean[] redirected;
    final int[] redirectLid;
    final int[] redirectQp;
    final int[] redirectPKey;
    final int[] pKeyIndex;
    final boolean[] cpiValid;
    final int[] capabilities;
    final long[] remoteGuid;
    final String[] remoteName;
    final int[] remotePort;

    final long[] previous;
    final long[] total;
    /** Wall-clock milliseconds: the last reset of the totals, the last error and data readings. */
    final long[] lastReset;
    final long[] lastErrorUpdate;
    final long[] lastDataUpdate;
    /** Monotonic nanoseconds of the previous error reading, for the error rate. */
    final long[] previousErrorNanos;
    /** Errors per second between the last two error readings. */
    final double[] errorRate;

    MonitoredNode(long guid, boolean isSwitch, boolean esp0, int numPorts, String name, long nowMillis,
                  long nowNanos) {
        this.guid = guid;
        this.isSwitch = isSwitch;
        this.esp0 = esp0;
        this.numPorts = numPorts;
        this.name = name;
        int n = numPorts + 1;
        monitored = new boolean[n];
        read = new boolean[n];
        lid = new int[n];
        redirected = new boolean[n];
        redirectLid = new int[n];
        redirectQp = new int[n];
        redirectPKey = new int[n];
        pKeyIndex = new int[n];
        cpiValid = new boolean[n];
        capabilities = new int[n];
        remoteGuid = new long[n];
        remoteName = new String[n];
        remotePort = new int[n];
        previous = new long[n * Counter.COUNT];
        total = new long[n * Counter.COUNT];
        lastReset = new long[n];
        lastErrorUpdate = new long[n];
        lastDataUpdate = new long[n];
        previousErrorNanos = new long[n];
        errorRate = new double[n];
        Arrays.fill(lastReset, nowMillis);
        Arrays.fill(lastErrorUpdate, nowMillis);
        Arrays.fill(lastDataUpdate, nowMillis);
        Arrays.fill(previousErrorNanos, nowNanos);
    }

    /** The first port read: 0 on a switch with an enhanced port 0, else 1. */
    int firstPort() {
        return esp0 ? 0 : 1;
    }

    /** Whether the port's PMA promised PortCountersExtended. */
    boolean extended(int port) {
        return cpiValid[port] && PerfMgt.hasExtendedCounters(capabilities[port]);
    }

    /** Whether the port's PMA promised every field of PortCountersExtended (unicast and multicast too). */
    boolean ietf(int port) {
        return cpiValid[port] && (capabilities[port] & PerfMgt.CAP_EXTENDED_WIDTH) != 0;
    }

    /** Whether the port's PMA promised PortXmitWait. */
    boolean xmitWait(int port) {
        return cpiValid[port] && (capabilities[port] & PerfMgt.CAP_XMIT_WAIT) != 0;
    }

    /**
     * Whether any of {@code reading}'s counters {@code from..to-1} is below the previous reading: the counters stop
     * at their maximum rather than wrap, so someone cleared them.
     */
    boolean clearedElsewhere(int port, long[] reading, int from, int to) {
        int base = port * Counter.COUNT;
        for (int i = from; i < to; i++) {
            if (Long.compareUnsigned(reading[i], previous[base + i]) < 0) {
                return true;
            }
        }
        return false;
    }

    /** The increase of counter {@code c} in {@code reading} over the previous reading (0 if it went down). */
    long increase(int port, long[] reading, Counter c) {
        long d = reading[c.ordinal()] - previous[port * Counter.COUNT + c.ordinal()];
        return Long.compareUnsigned(reading[c.ordinal()], previous[port * Counter.COUNT + c.ordinal()]) > 0 ? d : 0;
    }

    /**
     * Adds counters {@code from..to-1} of {@code reading} to the totals (their increase over the previous reading)
     * and makes it the previous reading.
     */
    void add(int port, long[] reading, int from, int to) {
        int base = port * Counter.COUNT;
        for (int i = from; i < to; i++) {
            total[base + i] += reading[i] - previous[base + i];
            previous[base + i] = reading[i];
        }
    }

    /** Forgets the previous reading of counters {@code from..to-1}: the port's counters were (or are being) zeroed. */
    void clearPrevious(int port, int from, int to) {
        int base = port * Counter.COUNT;
        Arrays.fill(previous, base + from, base + to, 0);
    }

    /** The sum of the error counters' totals of a port. */
    long errorTotal(int port) {
        long sum = 0;
        for (int i = 0; i < Counter.ERRORS; i++) {
            sum += total[port * Counter.COUNT + i];
        }
        return sum;
    }

    /** Zeroes every total (the console's clear_counters); the previous readings stay, so nothing is counted twice. */
    void clearTotals(long nowMillis) {
        Arrays.fill(total, 0);
        Arrays.fill(lastReset, nowMillis);
        Arrays.fill(errorRate, 0);
    }

    /** Ends a port's redirection: its PMA is asked at its own LID on QP1 again, its capabilities anew. */
    void clearRedirect(int port) {
        redirected[port] = false;
        redirectLid[port] = 0;
        redirectQp[port] = 0;
        redirectPKey[port] = 0;
        pKeyIndex[port] = 0;
        cpiValid[port] = false;
        capabilities[port] = 0;
    }
}
