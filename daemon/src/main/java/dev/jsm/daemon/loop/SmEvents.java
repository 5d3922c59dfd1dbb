package dev.jsm.daemon.loop;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The SM's event queue: signal handlers, timers and trap handlers {@link #request} work, the event loop
 * {@link #take}s it. Pending events are a set, not a FIFO: each kind is pending at most once, with the reasons of
 * every request merged - the first {@value #REASONS_KEPT} and a count of the others, so that ten thousand joins
 * neither grow the queue nor write a log line of ten thousand reasons - and {@link #take} returns the most urgent
 * kind first ({@link SmEvent} order).
 *
 * <p>Thread-safe; {@link #request} never blocks (it is called from signal handler threads).
 */
public final class SmEvents {

    /** Reasons kept per pending event; later ones are only counted. */
    static final int REASONS_KEPT = 10;

    /**
     * An event taken from the queue.
     *
     * @param event what to do
     * @param reasons why, one entry per request merged into it, in request order (the first {@link #REASONS_KEPT})
     * @param more requests merged into it beyond those
     */
    public record Taken(SmEvent event, List<String> reasons, int more) {

        /** Copies the reasons. */
        public Taken {
            reasons = List.copyOf(reasons);
        }

        /** An event taken with all its reasons. */
        public Taken(SmEvent event, List<String> reasons) {
            this(event, reasons, 0);
        }

        /** The reasons joined for a log line, with the count of the others. */
        public String reasonText() {
            return String.join(", ", reasons) + (more > 0 ? " and " + more + " more" : "");
        }
    }

    private final Map<SmEvent, List<String>> pending = new EnumMap<>(SmEvent.class);
    private final Map<SmEvent, Integer> more = new EnumMap<>(SmEvent.class);
    private boolean shutdown;
    private String fatalReason;

    /** Asks for {@code event}; merged with a pending request of the same kind. Ignored after SHUTDOWN was taken. */
    public synchronized void request(SmEvent event, String reason) {
        if (shutdown) {
            return;
        }
        List<String> reasons = pending.computeIfAbsent(event, e -> new ArrayList<>());
        if (reasons.size() < REASONS_KEPT) {
            reasons.add(reason);
        } else {
            more.merge(event, 1, Integer::sum);
        }
        notifyAll();
    }

    /**
     * Asks for a SHUTDOWN because the SM met a condition it must not run on ({@code exit_on_fatal}); the process then
     * exits with {@code ExitCode.FATAL_SUBNET}. The first reason is kept for the exit message.
     */
    public synchronized void requestFatalShutdown(String reason) {
        if (fatalReason == null) {
            fatalReason = reason;
        }
        request(SmEvent.SHUTDOWN, reason);
    }

    /** Why a fatal SHUTDOWN was asked for, or {@code null} if none was. */
    public synchronized String fatalReason() {
        return fatalReason;
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
        Integer others = more.remove(first);
        if (first == SmEvent.SHUTDOWN) {
            shutdown = true;
            pending.clear();
            more.clear();
        }
        return new Taken(first, reasons, others == null ? 0 : others);
    }
}
