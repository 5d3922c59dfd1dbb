package dev.jsm.daemon.trap;

import dev.jsm.mad.smp.Notice;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * OpenSM's filter for repeated traps ({@code osm_trap_rcv.c};
 * docs/reference/opensm-behaviour.md#traps-and-event-forwarding): the same trap - the same Notice
 * (type, producer, trap number, issuer, DataDetails) from the same source LID - arriving again and again within an
 * aging window of {@link #WINDOW} that each arrival restarts, is only answered once it has been seen
 * {@link #REPEATS} times: no sweep request, no forwarding to subscribers. As in OpenSM's code, a trap is suppressed
 * when it finds at least 10 identical ones already in the window, i.e. from the 11th on.
 *
 * <p>At most {@link #MAX_TRACKED} distinct traps are tracked; beyond that the expired ones are forgotten, and if
 * none has expired the new trap is not tracked (it is handled, never suppressed).
 *
 * <p>Confined to the SM thread.
 */
final class TrapSuppression {

    /** Identical traps within the window after which further ones are suppressed. */
    static final int REPEATS = 10;
    /** The aging window, restarted by each arrival. */
    static final Duration WINDOW = Duration.ofSeconds(5);
    /** Distinct traps tracked at most. */
    static final int MAX_TRACKED = 4096;

    private final long windowNanos = WINDOW.toNanos();
    private final Map<Key, Seen> seen = new HashMap<>();

    /** Records one arrival of {@code notice} from {@code sourceLid}; true if it is to be suppressed. */
    boolean suppress(int sourceLid, Notice notice, long nowNanos) {
        Key key = new Key(sourceLid, notice);
        Seen s = seen.get(key);
        if (s != null && nowNanos - s.last > windowNanos) {
            s.count = 0;
        }
        if (s == null) {
            if (seen.size() >= MAX_TRACKED) {
                seen.values().removeIf(e -> nowNanos - e.last > windowNanos);
                if (seen.size() >= MAX_TRACKED) {
                    return false;
                }
            }
            s = new Seen();
            seen.put(key, s);
        }
        boolean suppressed = s.count >= REPEATS;
        s.count++;
        s.last = nowNanos;
        return suppressed;
    }

    /** What identifies a repeated trap. */
    private record Key(int sourceLid, Notice notice) {
    }

    /** How often a trap arrived in the current window, and when last. */
    private static final class Seen {
        int count;
        long last;
    }
}
