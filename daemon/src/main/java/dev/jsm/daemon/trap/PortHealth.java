package dev.jsm.daemon.trap;

import dev.jsm.subnet.PhysPort;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bookkeeping behind OpenSM's handling of port-health traps (129 local link integrity, 130 excessive buffer
 * overrun, 131 flow control update watchdog; docs/reference/opensm-behaviour.md#traps-and-event-forwarding): a port
 * whose trap is repeated past the suppression
 * threshold ({@link TrapSuppression}) is marked unhealthy and from then on tracked in a window of {@link #WINDOW}
 * that each further trap 129-131 about it restarts; the mark ends when the window runs out. A port that sent
 * {@link #BABBLING_TRAPS} such traps in its window (counting the {@link TrapSuppression#REPEATS} the suppression saw
 * before it) is to be disabled when {@code babbling_port_policy} is set - once, unless the disable failed.
 *
 * <p>This class only counts and decides; {@link PortHealthMonitor} applies the verdicts to the model and the fabric.
 * Time is passed in (nanoseconds, any origin), so tests control it.
 *
 * <p>Confined to the SM thread.
 */
final class PortHealth {

    /** How long a port stays unhealthy after its last trap 129-131 (OpenSM's unhealthy timeout). */
    static final Duration WINDOW = Duration.ofSeconds(60);
    /** Traps 129-131 in the window after which {@code babbling_port_policy} disables the port. */
    static final int BABBLING_TRAPS = 250;

    /** What the caller has to do after a trap. */
    enum Verdict {
        /** Nothing new: the port is healthy and the trap not repeated, or it was already marked. */
        NONE,
        /** The port has just been marked unhealthy. */
        MARKED,
        /** The port is babbling and is to be disabled now. */
        DISABLE
    }

    private final long windowNanos = WINDOW.toNanos();
    private final Map<PhysPort, Entry> unhealthy = new LinkedHashMap<>();

    /**
     * Records one trap 129-131 about {@code port}.
     *
     * @param repeated whether the suppression found it repeated (only such a trap marks a healthy port)
     * @param babblingPolicy whether {@code babbling_port_policy} is set
     * @param nowNanos the time of the trap
     */
    Verdict onTrap(PhysPort port, boolean repeated, boolean babblingPolicy, long nowNanos) {
        Entry e = unhealthy.get(port);
        Verdict verdict = Verdict.NONE;
        if (e == null) {
            if (!repeated) {
                return Verdict.NONE;
            }
            e = new Entry();
            e.count = TrapSuppression.REPEATS;
            unhealthy.put(port, e);
            verdict = Verdict.MARKED;
        }
        e.count++;
        e.last = nowNanos;
        if (babblingPolicy && !e.disableSent && e.count >= BABBLING_TRAPS) {
            e.disableSent = true;
            return Verdict.DISABLE;
        }
        return verdict;
    }

    /** The disable of {@code port} failed: the next trap about it may try again. */
    void disableFailed(PhysPort port) {
        Entry e = unhealthy.get(port);
        if (e != null) {
            e.disableSent = false;
        }
    }

    /** Ends the marks whose window ran out by {@code nowNanos} and returns those ports, in marking order. */
    List<PhysPort> expire(long nowNanos) {
        List<PhysPort> healthy = new ArrayList<>();
        for (Iterator<Map.Entry<PhysPort, Entry>> it = unhealthy.entrySet().iterator(); it.hasNext();) {
            Map.Entry<PhysPort, Entry> e = it.next();
            if (nowNanos - e.getValue().last > windowNanos) {
                healthy.add(e.getKey());
                it.remove();
            }
        }
        return healthy;
    }

    /** Whether {@code port} is marked unhealthy. */
    boolean isUnhealthy(PhysPort port) {
        return unhealthy.containsKey(port);
    }

    /** Traps 129-131 about {@code port} in its current window, or 0 if it is not marked. */
    int traps(PhysPort port) {
        Entry e = unhealthy.get(port);
        return e == null ? 0 : e.count;
    }

    /** Ports marked unhealthy now. */
    int unhealthyCount() {
        return unhealthy.size();
    }

    /** One unhealthy port: its traps in the window, the last one's time, whether a disable was sent. */
    private static final class Entry {
        int count;
        long last;
        boolean disableSent;
    }
}
