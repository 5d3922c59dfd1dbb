package dev.jsm.daemon.loop;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The SM's event queue: signal handlers, timers and trap handlers {@link #request} work, the event loop
 * {@link #take}s it. Pending events are a set, not a FIFO: each kind is pending at most once, with the reasons of
 * every request merged, and {@link #take} returns the most urgent kind first ({@link SmEvent} order).
 *
 * <p>Thread-safe; {@link #request} never blocks (it is called from signal handler threads).
 */
public final class SmEvents {

    /**
     * An event taken from the queue.
     *
     * @param event what to do
     * @param reasons why, one entry per request merged into it, in request order
     */
    public record Taken(SmEvent event, List<String> reasons) {

        /** Copies the reasons. */
        public Taken {
            reasons = List.copyOf(reasons);
        }

        /** The reasons joined for a log line. */
        public String reasonText() {
            return String.join(", ", reasons);
        }
    }

    private final Map<SmEvent, List<String>> pending = new EnumMap<>(SmEvent.class);
    private boolean shutdown;

    /** Asks for {@code event}; merged with a pending request of the same kind. Ignored after SHUTDOWN was taken. */
    public synchronized void request(SmEvent event, String reason) {
        if (shutdown) {
            return;
        }
        pending.computeIfAbsent(event, e -> new ArrayList<>()).add(reason);
        notifyAll();
    }

    /** Whether {@code event} is pending. */
    public synchronized boolean isPending(SmEvent event) {
        return pending.containsKey(event);
    }

    /** Whether a SHUTDOWN was requested (pending or taken): long work checks it to stop early. */
    public synchronized boolean shutdownRequested() {
        return shutdown || pending.containsKey(SmEvent.SHUTDOWN);
    }

    /**
     * Waits for the most urgent pending event and removes it.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public synchronized Taken take() throws InterruptedException {
        while (pending.isEmpty()) {
            wait();
        }
        return removeFirst();
    }

    private Taken removeFirst() {
        SmEvent first = pending.keySet().iterator().next();
        List<String> reasons = pending.remove(first);
        if (first == SmEvent.SHUTDOWN) {
            shutdown = true;
            pending.clear();
        }
        return new Taken(first, reasons);
    }
}
