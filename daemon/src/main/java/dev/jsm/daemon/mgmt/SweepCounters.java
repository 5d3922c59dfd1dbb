package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.sweep.FabricView;
import dev.jsm.daemon.sweep.SweepListener;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts sweeps for the metrics and the console: heavy and light, ended well or not, their total and last
 * durations, and the number of the last heavy sweep that ended in SUBNET UP.
 *
 * <p>Thread-safe: written by the SM and event loop threads, read by the management endpoint.
 */
public final class SweepCounters implements SweepListener {

    /** The counters of one kind of sweep. */
    static final class Kind {
        final AtomicLong ok = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong totalNanos = new AtomicLong();
        volatile long lastNanos;
    }

    final Kind heavy = new Kind();
    final Kind light = new Kind();
    private volatile int lastUpSweep;
    private volatile long lastUpMillis;

    @Override
    public void subnetUp(FabricView view) {
        lastUpSweep = view.sweep();
        lastUpMillis = System.currentTimeMillis();
    }

    @Override
    public void sweepEnded(boolean heavySweep, boolean ok, long nanos) {
        Kind k = heavySweep ? heavy : light;
        (ok ? k.ok : k.failed).incrementAndGet();
        k.totalNanos.addAndGet(nanos);
        k.lastNanos = nanos;
    }

    /** The heavy sweep of the last SUBNET UP, 0 before the first. */
    public int lastUpSweep() {
        return lastUpSweep;
    }

    /** When the last SUBNET UP happened (epoch milliseconds), 0 before the first. */
    public long lastUpMillis() {
        return lastUpMillis;
    }
}
