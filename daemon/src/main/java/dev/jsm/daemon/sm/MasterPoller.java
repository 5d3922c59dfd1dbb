package dev.jsm.daemon.sm;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.mkey.MKeyScheme;
import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Guid;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Polls the SM the state machine names ({@link SmStateMachine#pollTarget()}): the master while this SM is STANDBY,
 * or a lower master this master waits for. Every {@code sminfo_polling_timeout} ms one SMInfo Get goes to it, sent
 * once (no MAD retries: silence is the answer). An answer that shows it alive as OpenSM reads it (a master; or the
 * higher SM a standby waits for) resets the misses. A Get unanswered, or an answer that does not show it alive, is a
 * miss, and the next poll goes out at once instead of after the interval; {@code polling_retry_number}
 * consecutive misses (at least one) signal POLLING_TIMEOUT. So a master that dies is declared dead between
 * {@code polling_retry_number} x {@code transaction_timeout} and that plus one polling interval after its last
 * answer; OpenSM waits {@code polling_retry_number} + 1 whole intervals (about 50 s with the defaults).
 *
 * <p>Thread-safe: ticks run on the timer thread, outcomes on the SM thread; the bookkeeping is under this object's
 * lock.
 *
 * <p>In detail: docs/design/daemon.md#masterpoller.
 */
public final class MasterPoller {

    private static final Logger LOG = LogManager.getLogger(MasterPoller.class);

    private final SmStateMachine machine;
    private final RemoteSms remotes;
    private final MadTransactions transactions;
    private final Trap144 trap144;
    private final LocalSmPort localPort;
    private final int ownPortNum;
    private final ScheduledExecutorService timer;
    private final IntSupplier intervalMs;
    private final IntSupplier retryNumber;
    private final MKeyScheme mKeys;
    private long target;
    private int misses;
    private boolean outstanding;
    private volatile long polls;

    /**
     * @param machine whose poll target is polled and who is told of the outcome
     * @param remotes the other SMs known (the target's route; its answers are recorded there)
     * @param transactions where the Gets go
     * @param trap144 sends Trap 144 to a lower master
     * @param localPort this SM's port (its LID is learnt here when unknown)
     * @param ownPortNum this SM's port number
     * @param timer runs the ticks
     * @param intervalMs {@code sminfo_polling_timeout}, read at every tick
     * @param retryNumber {@code polling_retry_number}, read at every miss
     * @param mKeys the M_Keys of the ports the Gets go to
     */
    public MasterPoller(SmStateMachine machine, RemoteSms remotes, MadTransactions transactions, Trap144 trap144,
                        LocalSmPort localPort, int ownPortNum, ScheduledExecutorService timer,
                        IntSupplier intervalMs, IntSupplier retryNumber, MKeyScheme mKeys) {
        this.machine = machine;
        this.remotes = remotes;
        this.transactions = transactions;
        this.trap144 = trap144;
        this.localPort = localPort;
        this.ownPortNum = ownPortNum;
        this.timer = timer;
        this.intervalMs = intervalMs;
        this.retryNumber = retryNumber;
        this.mKeys = mKeys;
    }

    /** Starts ticking. */
    public void start() {
        schedule();
    }

    /** Polls sent so far (metrics). */
    public long polls() {
        return polls;
    }

    private void schedule() {
        try {
            timer.schedule(this::tick, Math.max(1, intervalMs.getAsInt()), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.debug("polling stopped: the timer is shut down");
        }
    }

    private void tick() {
        try {
            poll(false);
        } finally {
            schedule();
        }
    }

    /** Sends a poll to the current target, unless one is on the wire; {@code retry} after a miss. */
    private synchronized void poll(boolean retry) {
        long now = machine.pollTarget();
        if (now != target) {
            target = now;
            misses = 0;
            outstanding = false;
        }
        if (target == 0 || outstanding && !retry) {
            return;
        }
        RemoteSm sm = remotes.get(target);
        if (sm == null) {
            LOG.error("SM-0621 no route known to SM {}; cannot poll it", Guid.toString(target));
            missed(target, "no route to it");
            return;
        }
        byte[] mad = Smp.directedRoute(Method.GET, 0, AttributeId.SM_INFO, 0, sm.path(),
                mKeys.expected(sm.guid()));
        outstanding = true;
        polls++;
        long polled = target;
        transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), 0, o -> answered(polled, sm, o));
    }

    /** A poll's outcome, on the SM thread. */
    private void answered(long polled, RemoteSm sm, TransactionOutcome outcome) {
        byte[] mad = Replies.okMad(outcome);
        if (Replies.isClosed(outcome)) {
            return;
        }
        if (mad == null) {
            missedAndRetry(polled, Replies.failure(outcome));
            return;
        }
        SmInfo info = SmInfo.decode(mad, Smp.DATA_OFFSET);
        RemoteSm now = sm.answered(info);
        if (info.guid() != polled) {
            missedAndRetry(polled, "SM " + Guid.toString(info.guid()) + " answered instead");
            return;
        }
        remotes.put(now);
        learnLids(now);
        trap144.sendPending(now);
        if (alive(now)) {
            synchronized (this) {
                if (polled == target) {
                    misses = 0;
                    outstanding = false;
                }
            }
        } else {
            missedAndRetry(polled, "it is " + now.state().logName());
        }
    }

    /**
     * Whether the polled SM's answer shows it alive, as OpenSM reads it: a master (a lower one is sent Trap 144,
     * and a higher one makes a waiting master sweep again); or, for a standby, the higher SM it took as master when
     * that one was still discovering or standby.
     */
    private boolean alive(RemoteSm sm) {
        boolean standby = machine.status().state() == SmState.STANDBY;
        if (sm.state() == SmState.MASTER) {
            if (!machine.isGreaterThanUs(sm)) {
                trap144.send(sm, Trap144.SM_PRIORITY_CHANGED);
            } else if (!standby) {
                machine.sweepAgain("master SM " + Guid.toString(sm.guid()) + " is now higher than this SM");
            }
            return true;
        }
        return standby && (sm.state() == SmState.STANDBY || sm.state() == SmState.DISCOVERING)
                && machine.isGreaterThanUs(sm);
    }

    /**
     * Asks this SM's port and the polled SM's port for their PortInfo while either LID is unknown (this SM may have
     * stood by before the master gave the ports LIDs): Trap 144 goes from one LID to the other.
     */
    private void learnLids(RemoteSm sm) {
        if (localPort.lid() == 0) {
            byte[] mad = Smp.directedRoute(Method.GET, 0, AttributeId.PORT_INFO, ownPortNum, DrPath.local(),
                    mKeys.expected(machine.ownGuid()));
            transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), o -> {
                byte[] r = Replies.okMad(o);
                if (r != null) {
                    localPort.update(Attributes.of(PortInfo.decode(r, Smp.DATA_OFFSET)));
                    RemoteSm master = remotes.get(sm.guid());
                    if (master != null) {
                        trap144.sendPending(master);
                    }
                }
            });
        }
        if (sm.lid() == 0) {
            byte[] mad = Smp.directedRoute(Method.GET, 0, AttributeId.PORT_INFO, sm.portNum(), sm.path(),
                    mKeys.expected(sm.guid()));
            transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), o -> {
                byte[] r = Replies.okMad(o);
                RemoteSm known = remotes.get(sm.guid());
                if (r != null && known != null) {
                    RemoteSm withLid = known.withLid(PortInfo.LID.getInt(r, Smp.DATA_OFFSET));
                    remotes.put(withLid);
                    trap144.sendPending(withLid);
                }
            });
        }
    }

    private void missedAndRetry(long polled, String why) {
        if (missed(polled, why)) {
            poll(true);
        }
    }

    /** Counts a miss; signals POLLING_TIMEOUT at the limit. Returns whether to poll again now. */
    private boolean missed(long polled, String why) {
        int limit = Math.max(1, retryNumber.getAsInt());
        synchronized (this) {
            if (polled != target) {
                return false;
            }
            outstanding = false;
            misses++;
            LOG.log(LogLevels.VERBOSE, "poll of SM {} missed ({} of {}): {}", Guid.toString(polled), misses, limit,
                    why);
            if (misses < limit) {
                return true;
            }
            misses = 0;
        }
        remotes.markSilent(polled);
        LOG.log(LogLevels.SYS, "SM {} did not answer {} polls: polling timeout", Guid.toString(polled), limit);
        machine.signal(SmSignal.POLLING_TIMEOUT, polled);
        return false;
    }
}
