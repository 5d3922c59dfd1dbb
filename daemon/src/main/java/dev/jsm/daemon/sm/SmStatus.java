package dev.jsm.daemon.sm;

import dev.jsm.daemon.log.LogLevels;
import java.util.function.BiConsumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What this SM is now: its state and priority, the SM it takes as master while it is not master itself, its own
 * LID once assigned, and where it is in its mastership: whether the first master sweep since it became master has
 * completed (OpenSM's {@code first_time_master_sweep}: until then every CA port gets ClientReregister and the SA
 * answers nothing), whether that mastership is a takeover from another SM (the ports keep the LIDs they carry, the
 * tables they hold are not trusted), and whether any master sweep completed since start ({@code reassign_lids} only
 * applies before that). The state changes only through {@link SmStateMachine}.
 *
 * <p>Thread-safe: written on the SM thread and by the state machine, read by any thread (the SMInfo agent on the
 * receive thread, the SA, /metrics).
 */
public final class SmStatus {

    private static final Logger LOG = LogManager.getLogger(SmStatus.class);

    private volatile SmState state;
    private volatile int priority;
    private volatile long masterGuid;
    private volatile int smLid;
    private volatile boolean firstMasterSweepDone;
    private volatile boolean takeover;
    private volatile boolean configuredSinceStart;
    private volatile BiConsumer<SmState, SmState> onEnter = (from, to) -> { };

    /** A status in DISCOVERING with priority 0 (tests). */
    public SmStatus() {
        this(SmState.DISCOVERING, 0);
    }

    /**
     * A status at start.
     *
     * @param initial DISCOVERING, or NOT_ACTIVE with {@code sm_inactive}
     * @param priority {@code sm_priority}, 0..15
     */
    public SmStatus(SmState initial, int priority) {
        this.state = initial;
        this.priority = checkedPriority(priority);
    }

    /** The state now. */
    public SmState state() {
        return state;
    }

    /** Whether this SM is MASTER: it alone may configure the fabric. */
    public boolean isMaster() {
        return state == SmState.MASTER;
    }

    /** Enters {@code next}, logging OpenSM's "Entering ... state" line if it is a change. Only the state machine. */
    void enter(SmState next) {
        if (state != next) {
            SmState before = state;
            state = next;
            LOG.log(LogLevels.SYS, next.enteringLine());
            onEnter.accept(before, next);
        }
    }

    /**
     * Tells {@code listener} of every state entered from now on, with the state left (the event plug-ins, the SA's
     * {@code drop_event_subscriptions}); it must not block.
     */
    public void onEnter(BiConsumer<SmState, SmState> listener) {
        onEnter = listener;
    }

    /** Logs the state at start ("Entering DISCOVERING state"), as OpenSM does at initialisation. */
    public void announce() {
        LOG.log(LogLevels.SYS, state.enteringLine());
    }

    /** The priority this SM reports and is elected by (0..15). */
    public int priority() {
        return priority;
    }

    /** Changes the priority ({@code sm_priority} reloaded, the console). Only the state machine. */
    void setPriority(int p) {
        priority = checkedPriority(p);
    }

    /** GUID of the SM port this SM takes as master (polls, hands over to, waits for), 0 if none. */
    public long masterGuid() {
        return masterGuid;
    }

    /** Records the master's port GUID. Only the state machine. */
    void setMasterGuid(long guid) {
        masterGuid = guid;
    }

    /** The SM port's base LID, 0 before the LID manager assigned one. */
    public int smLid() {
        return smLid;
    }

    /** Records the SM port's base LID. */
    public void setSmLid(int lid) {
        smLid = lid;
    }

    /** Whether a master sweep has reached SUBNET UP since this SM last became master. */
    public boolean firstMasterSweepDone() {
        return firstMasterSweepDone;
    }

    /** Records that a master sweep reached SUBNET UP: the takeover, if any, is complete. */
    public void markFirstMasterSweepDone() {
        firstMasterSweepDone = true;
        takeover = false;
        configuredSinceStart = true;
    }

    /**
     * Whether this mastership took over from another SM (this SM was STANDBY, or got a HANDOVER) and its first
     * master sweep has not completed: the LIDs the ports carry are kept and what the switches hold is read as
     * unknown (OpenSM's {@code coming_out_of_standby}).
     */
    public boolean takeover() {
        return takeover;
    }

    /** Whether a master sweep has reached SUBNET UP since the daemon started. */
    public boolean configuredSinceStart() {
        return configuredSinceStart;
    }

    /**
     * Starts a mastership: its first master sweep is ahead. Only the state machine.
     *
     * @param fromOtherSm whether another SM was master before (a takeover)
     */
    void beginMastership(boolean fromOtherSm) {
        firstMasterSweepDone = false;
        takeover = fromOtherSm;
    }

    /** Whether the SA answers requests now: as OpenSM's, only a MASTER whose first master sweep is complete. */
    public boolean saAnswers() {
        return state == SmState.MASTER && firstMasterSweepDone;
    }

    private static int checkedPriority(int p) {
        if (p < 0 || p > 15) {
            throw new IllegalArgumentException("SM priority must be 0..15, not " + p);
        }
        return p;
    }
}
