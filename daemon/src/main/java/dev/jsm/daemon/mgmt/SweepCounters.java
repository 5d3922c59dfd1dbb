package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts sweeps for the metrics and the console: each {@link SweepKind}, ended well or not, their total and last
 * durations, the number and time of the last heavy sweep that ended in SUBNET UP, the sweeps that configure and
 * failed since, and, from one SUBNET UP's fabric to the next, the links that went away ({@link LinkDowns}); and the
 * last {@value #RECENT} sweeps one by one, for the web console's overview.
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

    /** How many sweeps {@link #recent} keeps. */
    static final int RECENT = 20;

    /**
     * One sweep that ended.
     *
     * @param kind its kind
     * @param ok whether it ended well
     * @param nanos how long it took
     * @param endMillis when it ended (epoch milliseconds)
     */
    record Ended(SweepKind kind, boolean ok, long nanos, long endMillis) {
    }

    private final Deque<Ended> recent = new ArrayDeque<>(RECENT);
    private final Map<SweepKind, Kind> kinds = new EnumMap<>(SweepKind.class);

    {
        for (SweepKind k : SweepKind.values()) {
            kinds.put(k, new Kind());
        }
    }

    final Kind heavy = kinds.get(SweepKind.HEAVY);
    final Kind light = kinds.get(SweepKind.LIGHT);
    private final LinkDowns linkDowns = new LinkDowns();
    private final AtomicLong failedSinceUp = new AtomicLong();
    private volatile int lastUpSweep;
    private volatile long lastUpMillis;

    @Override
    public void subnetUp(FabricView view) {
        linkDowns.subnetUp(view.snapshot());
        failedSinceUp.set(0);
        lastUpSweep = view.sweep();
        lastUpMillis = System.currentTimeMillis();
    }

    @Override
    public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
        Kind k = kinds.get(kind);
        (ok ? k.ok : k.failed).incrementAndGet();
        k.totalNanos.addAndGet(nanos);
        k.lastNanos = nanos;
        if (!ok && kind.configures()) {
            failedSinceUp.incrementAndGet();
        }
        synchronized (recent) {
            if (recent.size() == RECENT) {
                recent.removeFirst();
            }
            recent.addLast(new Ended(kind, ok, nanos, System.currentTimeMillis()));
        }
    }

    /** The last sweeps that ended, newest last. */
    List<Ended> recent() {
        synchronized (recent) {
            return new ArrayList<>(recent);
        }
    }

    /** The heavy sweep of the last SUBNET UP, 0 before the first. */
    public int lastUpSweep() {
        return lastUpSweep;
    }

    /** When the last SUBNET UP happened (epoch milliseconds), 0 before the first. */
    public long lastUpMillis() {
        return lastUpMillis;
    }

    /**
     * Heavy, incremental and reconfiguration sweeps that failed since the last SUBNET UP (since start before the
     * first): each is retried, so a count that stays above 0 means the SM cannot configure the fabric.
     */
    public long failedSinceSubnetUp() {
        return failedSinceUp.get();
    }

    /** The links that went away at each port, from one SUBNET UP to the next. */
    LinkDowns linkDowns() {
        return linkDowns;
    }

    /** The counters of sweeps of {@code kind}. */
    Kind of(SweepKind kind) {
        return kinds.get(kind);
    }
}
