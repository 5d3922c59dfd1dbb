package dev.jsm.daemon.sweep;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The listeners the readers registered (the SA, systemd, {@code -o}, the metrics, tests), told in the order they were
 * added: SUBNET UP and the views that replace it by the publishing stages, the end of every sweep by the event loop.
 *
 * <p>Thread-safe: listeners may be added on any thread (before the daemon starts); each call runs on the caller's
 * thread, as {@link SweepListener} says.
 */
public final class SweepListeners implements SweepListener {

    private final List<SweepListener> listeners = new CopyOnWriteArrayList<>();

    /** Adds {@code listener} after the others. */
    public void add(SweepListener listener) {
        listeners.add(listener);
    }

    @Override
    public void subnetUp(FabricView view) {
        listeners.forEach(l -> l.subnetUp(view));
    }

    @Override
    public void viewUpdated(FabricView view) {
        listeners.forEach(l -> l.viewUpdated(view));
    }

    @Override
    public void sweepFailed(int sweepNumber, String reason) {
        listeners.forEach(l -> l.sweepFailed(sweepNumber, reason));
    }

    @Override
    public void sweepStarted(SweepKind kind) {
        listeners.forEach(l -> l.sweepStarted(kind));
    }

    @Override
    public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
        listeners.forEach(l -> l.sweepEnded(kind, ok, nanos));
    }
}
