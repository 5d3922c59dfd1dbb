package dev.jsm.daemon.perfmgr;

import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;

/**
 * What one PortCounters or PortCountersExtended answer does to a port's entry, as OpenSM's PerfMgr does it
 * ({@code pc_recv_process}): an answer to a Get is checked for an out-of-band clear (a counter lower than before:
 * the previous reading is forgotten, so the reading counts whole), its error increases are logged, it is added to
 * the totals; an answer to the manager's own clearing Set forgets the previous reading. Then the wire values are
 * checked against three quarters of their width: the counters of a port near full are cleared with a Set (the data
 * counters too unless the port has PortCountersExtended, which are only cleared near 2^64), and the previous
 * reading forgotten at once. Where a port has PortCountersExtended its data and packet counters come from there;
 * otherwise from PortCounters' 32 bits.
 *
 * <p>Confined to the performance manager's thread.
 */
final class PortReadings {

    /** The options that decide what is logged. */
    record Rules(boolean logErrors, boolean xmitWaitLog, long xmitWaitThreshold) {
    }

    /** What a reading asks the caller to do: nothing, or send a clearing Set; and whether it found a clear. */
    record Result(Query clear, boolean clearedElsewhere) {
        static final Result NOTHING = new Result(null, false);
    }

    private final long[] reading = new long[Counter.COUNT];

    /** A PortCounters answer to a Get ({@code set} false) or to the manager's clearing Set. */
    Result portCounters(MonitoredNode n, int port, PortCounters pc, boolean set, Rules rules, long nowMillis,
                        long nowNanos) {
        boolean pce = n.extended(port);
        boolean xmitWait = n.xmitWait(port);
        int errorsEnd = Counter.XMIT_WAIT.ordinal() + 1;
        if (set) {
            n.clearPrevious(port, 0, errorsEnd);
            if (!pce) {
                n.clearPrevious(port, Counter.FIRST_DATA, Counter.COUNT);
            }
            return Result.NOTHING;
        }
        Counter.errors(pc, xmitWait, reading);
        boolean elsewhere = false;
        if (n.clearedElsewhere(port, reading, 0, errorsEnd)) {
            CounterLog.clearedElsewhere(n, port, false);
            n.clearPrevious(port, 0, errorsEnd);
            elsewhere = true;
        }
        if (!pce) {
            Counter.data(pc, reading);
            if (n.clearedElsewhere(port, reading, Counter.FIRST_DATA, Counter.FIRST_DATA + Counter.DATA_32)) {
                CounterLog.clearedElsewhere(n, port, true);
                n.clearPrevious(port, Counter.FIRST_DATA, Counter.COUNT);
                elsewhere = true;
            }
        }
        if (rules.logErrors()) {
            CounterLog.errorIncreases(n, port, reading);
            if (rules.xmitWaitLog()) {
                CounterLog.xmitWait(n, port, reading, rules.xmitWaitThreshold());
            }
        }
        long errorsBefore = n.errorTotal(port);
        n.add(port, reading, 0, errorsEnd);
        double seconds = Math.max(1e-9, (nowNanos - n.previousErrorNanos[port]) / 1e9);
        n.errorRate[port] = (n.errorTotal(port) - errorsBefore) / seconds;
        n.previousErrorNanos[port] = nowNanos;
        n.lastErrorUpdate[port] = nowMillis;
        if (!pce) {
            n.add(port, reading, Counter.FIRST_DATA, Counter.COUNT);
            n.lastDataUpdate[port] = nowMillis;
        }
        n.read[port] = true;
        if (!nearFull(pc, xmitWait, pce)) {
            return new Result(null, elsewhere);
        }
        n.clearPrevious(port, 0, errorsEnd);
        if (!pce) {
            n.clearPrevious(port, Counter.FIRST_DATA, Counter.COUNT);
        }
        return new Result(Query.clearCounters(n, port, pce ? PortCounters.SELECT_ERRORS : PortCounters.SELECT_ALL,
                xmitWait ? 1 : 0), elsewhere);
    }

    /** A PortCountersExtended answer to a Get ({@code set} false) or to the manager's clearing Set. */
    Result extended(MonitoredNode n, int port, PortCountersExtended x, boolean set, long nowMillis) {
        if (set) {
            n.clearPrevious(port, Counter.FIRST_DATA, Counter.COUNT);
            return Result.NOTHING;
        }
        boolean ietf = n.ietf(port);
        Counter.data(x, ietf, reading);
        int end = ietf ? Counter.COUNT : Counter.FIRST_DATA + Counter.DATA_32;
        boolean elsewhere = false;
        if (n.clearedElsewhere(port, reading, Counter.FIRST_DATA, end)) {
            CounterLog.clearedElsewhere(n, port, true);
            n.clearPrevious(port, Counter.FIRST_DATA, Counter.COUNT);
            elsewhere = true;
        }
        n.add(port, reading, Counter.FIRST_DATA, Counter.COUNT);
        n.lastDataUpdate[port] = nowMillis;
        n.read[port] = true;
        for (int i = Counter.FIRST_DATA; i < end; i++) {
            if (Counter.nearFull(reading[i], 64)) {
                n.clearPrevious(port, Counter.FIRST_DATA, Counter.COUNT);
                return new Result(Query.clearExtended(n, port), elsewhere);
            }
        }
        return new Result(null, elsewhere);
    }

    /**
     * Whether the PortCounters reading in {@link #reading} (error counters and XmitWait as on the wire) or its
     * 32-bit data counters (when the port has no extended ones) has a counter at three quarters of its width.
     */
    private boolean nearFull(PortCounters pc, boolean xmitWait, boolean pce) {
        for (int i = 0; i < Counter.ERRORS; i++) {
            if (Counter.nearFull(reading[i], Counter.at(i).portCountersWidth())) {
                return true;
            }
        }
        if (xmitWait && Counter.nearFull(pc.portXmitWait(), 32)) {
            return true;
        }
        return !pce && (Counter.nearFull(pc.portXmitData(), 32) || Counter.nearFull(pc.portRcvData(), 32)
                || Counter.nearFull(pc.portXmitPkts(), 32) || Counter.nearFull(pc.portRcvPkts(), 32));
    }
}
