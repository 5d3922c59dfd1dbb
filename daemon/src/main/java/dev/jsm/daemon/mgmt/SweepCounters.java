package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.sweep.FabricView;
import dev.jsm.daemon.sweep.SweepKind;
import dev.jsm.daemon.sweep.SweepListener;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts sweeps for the metrics and the console: each {@link SweepKind}, ended well or not, their total and last
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

        /** Sweeps of this kind that ended, well or not. */
        long total() {
            return ok.get() + failed.get();
        }
    }

    private final Map<SweepKind, Kind> kinds = new EnumMap<>(SweepKind.class);

    {
        for (SweepKind k : SweepKind.values()) {
            kinds.put(k, new Kind());
        }
    }

    final Kind heavy = kinds.get(SweepKind.HEAVY);
    final Kind light = kinds.get(SweepKind.LIGHT);
    private volatile int lastUpSweep;
    private volatile long lastUpMillis;

    @Override
    public void subnetUp(FabricView view) {
        lastUpSweep = view.sweep();
        lastUpMillis = System.currentTimeMillis();
    }

    @Override
    public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
        Kind k = kinds.get(kind);
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

    /** The counters of sweeps of {@code kind}. */
    Kind of(SweepKind kind) {
        return kinds.get(kind);
    }
}
