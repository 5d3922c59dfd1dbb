package dev.jsm.daemon.virt;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The malformed answers devices gave to the virtualization attributes (a VPortInfo the model refuses, a payload that
 * does not decode, a VPortGUIDInfo whose entry 0 is not the vport's GUID): all counted, for {@code /metrics}, and
 * logged at error level only the first time a port gives one, so that a device that keeps answering garbage fills
 * neither the log nor the SM's time. Shared by the heavy and the incremental discovery stages.
 *
 * <p>{@link #count} may be read from any thread; {@link #firstOf} is confined to the SM thread.
 */
public final class MalformedAnswers {

    private final AtomicLong count = new AtomicLong();
    private final Set<Long> portsLogged = new HashSet<>();

    /** Counts one malformed answer of port {@code portGuid}; true if it is that port's first one (log it). */
    boolean firstOf(long portGuid) {
        count.incrementAndGet();
        return portsLogged.add(portGuid);
    }

    /** Malformed answers since the daemon started. */
    public long count() {
        return count.get();
    }
}
