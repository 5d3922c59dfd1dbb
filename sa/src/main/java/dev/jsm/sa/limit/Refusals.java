package dev.jsm.sa.limit;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * Counts the SA's refusals by {@link Refusal} and logs them without flooding the log: the first refusal of a
 * requester for a reason is logged at WARNING ({@code SA-1201}), later ones of the same requester and reason are
 * only counted until {@code interval} has passed, when the next one is logged with how many there were since. The
 * requester is named by its LID and, when known, its port GUID. At most {@value #REMEMBERED} (requester, reason)
 * pairs are remembered (the least recently refused are forgotten first), so a flood from many LIDs cannot grow it.
 *
 * <p>Thread-safe: the receive thread (rate, queue) and the agent thread record refusals.
 *
 * <p>In detail: docs/design/sa.md#refusals.
 */
public final class Refusals {

    /** A refused requester whose port the view does not know. */
    public static final long UNKNOWN_PORT = 0;
    private static final System.Logger LOG = System.getLogger(Refusals.class.getName());
    private static final int REMEMBERED = 4096;

    private final AtomicLongArray counts = new AtomicLongArray(Refusal.values().length);
    private final long intervalNanos;
    private final LongSupplier clock;
    private final LidBuckets answers;
    private final Map<Key, Logged> logged = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Logged> eldest) {
            return size() > REMEMBERED;
        }
    };

    /**
     * Refusals logged at most once per requester, reason and {@code interval} of {@link System#nanoTime()}, answered
     * within the default budget ({@link SaLimits#defaults()}).
     */
    public Refusals(Duration interval) {
        this(interval, System::nanoTime);
    }

    /**
     * Refusals logged at most once per requester, reason and {@code interval} of {@code clock} (nanoseconds),
     * answered within the default budget.
     */
    public Refusals(Duration interval, LongSupplier clock) {
        this(SaLimits.defaults(), interval, clock);
    }

    /**
     * Refusals logged at most once per requester, reason and {@code limits}' log interval of
     * {@link System#nanoTime()}, answered within {@code limits}' budget.
     */
    public Refusals(SaLimits limits) {
        this(limits, limits.logInterval(), System::nanoTime);
    }

    /**
     * Refusals logged at most once per requester, reason and {@code limits}' log interval of {@code clock}
     * (nanoseconds), answered within {@code limits}' budget.
     */
    public Refusals(SaLimits limits, LongSupplier clock) {
        this(limits, limits.logInterval(), clock);
    }

    private Refusals(SaLimits limits, Duration interval, LongSupplier clock) {
        this.intervalNanos = interval.toNanos();
        this.clock = clock;
        this.answers = new LidBuckets(limits.refusalAnswersPerSecond(), limits.refusalAnswerBurst());
    }

    /**
     * Counts one refusal of {@code reason} to the requester at {@code lid} (port {@code portGuid}, or
     * {@link #UNKNOWN_PORT}), logs it unless it was logged less than the interval ago, and says whether to answer
     * it: never for a reason that is not {@link Refusal#answered() answered}, else while the LID's budget of answers
     * lasts (beyond, the refusal is counted and logged as {@link Refusal#REFUSAL_ANSWERS} too).
     *
     * @return whether the requester gets an answer saying it was refused
     */
    public boolean record(Refusal reason, int lid, long portGuid) {
        count(reason, lid, portGuid);
        if (!reason.answered()) {
            return false;
        }
        boolean answer;
        synchronized (answers) {
            answer = answers.take(lid, clock.getAsLong());
        }
        if (!answer) {
            count(Refusal.REFUSAL_ANSWERS, lid, portGuid);
        }
        return answer;
    }

    private void count(Refusal reason, int lid, long portGuid) {
        counts.incrementAndGet(reason.ordinal());
        long nowNanos = clock.getAsLong();
        long since;
        synchronized (logged) {
            Key key = new Key(lid, portGuid, reason);
            Logged last = logged.get(key);
            if (last != null && nowNanos - last.at < intervalNanos) {
                last.suppressed++;
                return;
            }
            since = last == null ? -1 : last.suppressed;
            logged.put(key, new Logged(nowNanos));
        }
        LOG.log(System.Logger.Level.WARNING, "SA-1201 SA request from LID {0}{1} refused: {2}{3}", lid,
                portGuid == UNKNOWN_PORT ? "" : String.format(" (port 0x%016x)", portGuid), reason.text(),
                since < 0 ? "; further ones are counted (jsm_sa_refused_total) and logged at most every "
                        + intervalNanos / 1_000_000_000L + " s" : " (" + since + " more since the last such line)");
    }

    /** Refusals counted so far, by reason (every reason, zeros included). */
    public Map<Refusal, Long> counts() {
        Map<Refusal, Long> out = new EnumMap<>(Refusal.class);
        for (Refusal r : Refusal.values()) {
            out.put(r, counts.get(r.ordinal()));
        }
        return out;
    }

    /** Refusals of {@code reason} so far. */
    public long count(Refusal reason) {
        return counts.get(reason.ordinal());
    }

    private record Key(int lid, long portGuid, Refusal reason) {
    }

    /** When a pair was last logged and how many of its refusals were not logged since. Guarded by the map. */
    private static final class Logged {
        final long at;
        long suppressed;

        Logged(long at) {
            this.at = at;
        }
    }
}
