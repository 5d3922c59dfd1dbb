package dev.jsm.daemon.sm;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.subnet.Guid;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The SM's state machine (IBA 14.4.1), with OpenSM 3.3.23's transitions
 * (docs/reference/opensm-behaviour.md#sm-states-and-election):
 *
 * <pre>
 * DISCOVERING  DISCOVERY_COMPLETED -&gt; MASTER;  MASTER_OR_HIGHER_SM_DETECTED -&gt; STANDBY (poll the master);
 *              HANDOVER -&gt; sweep again
 * STANDBY      POLLING_TIMEOUT, DISCOVER -&gt; DISCOVERING and sweep (a takeover);  DISABLE -&gt; NOTACTIVE;
 *              HANDOVER -&gt; MASTER and sweep (a takeover);  ACKNOWLEDGE -&gt; (nothing)
 * NOTACTIVE    STANDBY -&gt; STANDBY (poll the master)
 * MASTER       HANDOVER, POLLING_TIMEOUT -&gt; stop waiting for the other master, sweep as a new master;
 *              HANDOVER_SENT -&gt; STANDBY (poll the new master);
 *              ACKNOWLEDGE from the SM handed over to -&gt; STANDBY;
 *              WAIT_FOR_HANDOVER -&gt; poll the other master;  DISCOVER -&gt; DISCOVERING
 * </pre>
 *
 * Each transition logs OpenSM's "Entering ... state" line; a signal a state does not take is refused, logged, and
 * changes nothing. Sweeps are asked for through the event queue; the {@link MasterPoller} polls whatever
 * {@link #pollTarget()} names.
 *
 * <p>Thread-safe: signals come from the SM thread (sweeps, polls) and the receive thread (SMInfo Sets); each
 * transition runs under this object's lock and only sets fields and enqueues events.
 */
public final class SmStateMachine {

    private static final Logger LOG = LogManager.getLogger(SmStateMachine.class);

    private final SmStatus status;
    private volatile long ownGuid;
    private final SmEvents events;
    /** A lower master this master waits for (OpenSM's {@code polling_sm_guid}), 0 if none. */
    private long pollingGuid;
    /** The SM this master sent HANDOVER to and awaits ACKNOWLEDGE from, 0 if none. */
    private long handedOverTo;
    /** The master whose polls timed out: the next sweep does not ask it again. */
    private long silentMaster;
    /** A HANDOVER came while DISCOVERING: the mastership that follows is a takeover. */
    private boolean handedOverWhileDiscovering;

    /**
     * @param status the status this machine changes
     * @param ownGuid this SM's port GUID
     * @param events where sweeps are asked for
     */
    public SmStateMachine(SmStatus status, long ownGuid, SmEvents events) {
        this.status = status;
        this.ownGuid = ownGuid;
        this.events = events;
    }

    /** The status. */
    public SmStatus status() {
        return status;
    }

    /** This SM's port GUID. */
    public long ownGuid() {
        return ownGuid;
    }

    /** This SM now runs on the port {@code portGuid} (sm_port_failover): its SMInfo carries that GUID. */
    public void smPortMoved(long portGuid) {
        ownGuid = portGuid;
    }

    /**
     * Whether SM {@code (priorityA, guidA)} is greater than {@code (priorityB, guidB)}: a higher priority, or the
     * same priority and a numerically lower port GUID (IBA 14.4.1.1).
     */
    public static boolean greater(int priorityA, long guidA, int priorityB, long guidB) {
        return priorityA != priorityB ? priorityA > priorityB : Long.compareUnsigned(guidA, guidB) < 0;
    }

    /** Whether {@code other} is greater than this SM. */
    public boolean isGreaterThanUs(RemoteSm other) {
        return greater(other.priority(), other.guid(), status.priority(), ownGuid);
    }

    /**
     * Whether the state now takes {@code signal} from another SM's SMInfo Set (OpenSM's
     * {@code osm_sm_state_mgr_check_legality}, plus ACKNOWLEDGE in MASTER from the SM this one handed over to).
     */
    public synchronized boolean accepts(SmSignal signal, long senderGuid) {
        return switch (status.state()) {
            case DISCOVERING -> signal == SmSignal.HANDOVER;
            case STANDBY -> signal == SmSignal.DISCOVER || signal == SmSignal.DISABLE
                    || signal == SmSignal.HANDOVER || signal == SmSignal.ACKNOWLEDGE;
            case NOT_ACTIVE -> signal == SmSignal.STANDBY;
            case MASTER -> signal == SmSignal.HANDOVER
                    || signal == SmSignal.ACKNOWLEDGE && handedOverTo != 0 && senderGuid == handedOverTo;
        };
    }

    /**
     * Applies {@code signal}.
     *
     * @param other the other SM it concerns: the master found, the SM handed over to, the sender of a Set; 0 if none
     * @return false if the state does not take the signal (logged; nothing changed)
     */
    public synchronized boolean signal(SmSignal signal, long other) {
        SmState before = status.state();
        boolean taken = switch (before) {
            case DISCOVERING -> discovering(signal, other);
            case STANDBY -> standby(signal, other);
            case NOT_ACTIVE -> notActive(signal, other);
            case MASTER -> master(signal, other);
        };
        if (!taken) {
            LOG.error("SM-0620 signal {} is not taken in state {}", signal, before.logName());
        } else {
            LOG.debug("signal {} in state {} -> {}", signal, before.logName(), status.state().logName());
        }
        return taken;
    }

    private boolean discovering(SmSignal signal, long other) {
        switch (signal) {
            case DISCOVERY_COMPLETED -> {
                boolean takeover = silentMaster != 0 || status.masterGuid() != 0 || handedOverWhileDiscovering;
                handedOverWhileDiscovering = false;
                status.beginMastership(takeover);
                status.setMasterGuid(0);
                silentMaster = 0;
                status.enter(SmState.MASTER);
            }
            case MASTER_OR_HIGHER_SM_DETECTED -> {
                handedOverWhileDiscovering = false;
                status.setMasterGuid(other);
                silentMaster = 0;
                status.enter(SmState.STANDBY);
            }
            case HANDOVER -> {
                LOG.log(LogLevels.SYS, "HANDOVER received from SM {} while discovering", Guid.toString(other));
                handedOverWhileDiscovering = true;
                events.request(SmEvent.HEAVY_SWEEP, "HANDOVER from SM " + Guid.toString(other)
                        + " while discovering");
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private boolean standby(SmSignal signal, long other) {
        switch (signal) {
            case POLLING_TIMEOUT, DISCOVER -> {
                silentMaster = signal == SmSignal.POLLING_TIMEOUT ? status.masterGuid() : 0;
                status.enter(SmState.DISCOVERING);
                events.request(SmEvent.HEAVY_SWEEP, signal == SmSignal.POLLING_TIMEOUT
                        ? "master SM " + Guid.toString(status.masterGuid()) + " stopped answering"
                        : "DISCOVER from SM " + Guid.toString(other));
            }
            case DISABLE -> {
                status.setMasterGuid(0);
                status.enter(SmState.NOT_ACTIVE);
            }
            case HANDOVER -> {
                LOG.log(LogLevels.SYS, "HANDOVER received from SM {}: taking over as master", Guid.toString(other));
                status.beginMastership(true);
                status.setMasterGuid(0);
                status.enter(SmState.MASTER);
                events.request(SmEvent.HEAVY_SWEEP, "HANDOVER from SM " + Guid.toString(other));
            }
            case ACKNOWLEDGE -> LOG.log(LogLevels.SYS, "ACKNOWLEDGE received from SM {}", Guid.toString(other));
            default -> {
                return false;
            }
        }
        return true;
    }

    private boolean notActive(SmSignal signal, long other) {
        if (signal != SmSignal.STANDBY) {
            return false;
        }
        status.setMasterGuid(other);
        status.enter(SmState.STANDBY);
        events.request(SmEvent.HEAVY_SWEEP, "STANDBY from SM " + Guid.toString(other) + ": find the master");
        return true;
    }

    private boolean master(SmSignal signal, long other) {
        switch (signal) {
            case HANDOVER, POLLING_TIMEOUT -> {
                LOG.log(LogLevels.VERBOSE, "forcing a heavy sweep as new master: {}", signal);
                if (signal == SmSignal.HANDOVER) {
                    LOG.log(LogLevels.SYS, "HANDOVER received from SM {}", Guid.toString(other));
                }
                pollingGuid = 0;
                status.beginMastership(true);
                events.request(SmEvent.HEAVY_SWEEP, signal == SmSignal.HANDOVER
                        ? "HANDOVER from SM " + Guid.toString(other) : "the other master stopped answering");
            }
            case HANDOVER_SENT -> {
                handedOverTo = other;
                status.setMasterGuid(other);
                pollingGuid = 0;
                status.enter(SmState.STANDBY);
            }
            case ACKNOWLEDGE -> {
                LOG.log(LogLevels.SYS, "ACKNOWLEDGE received from SM {}", Guid.toString(other));
                handedOverTo = 0;
                status.setMasterGuid(other);
                status.enter(SmState.STANDBY);
            }
            case WAIT_FOR_HANDOVER -> {
                pollingGuid = other;
                LOG.log(LogLevels.VERBOSE, "waiting for a HANDOVER from master SM {}", Guid.toString(other));
            }
            case DISCOVER -> status.enter(SmState.DISCOVERING);
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * Records that this master is sending HANDOVER to {@code guid}: from now on an ACKNOWLEDGE from it is taken,
     * even before the HANDOVER's answer arrives.
     */
    public synchronized void handingOver(long guid) {
        handedOverTo = guid;
    }

    /** The HANDOVER to {@code guid} was not answered: this SM stays master and takes no ACKNOWLEDGE from it. */
    public synchronized void handoverFailed(long guid) {
        if (handedOverTo == guid) {
            handedOverTo = 0;
        }
    }

    /**
     * Stops waiting for another master's HANDOVER and sweeps again (the master waited for turned out higher than
     * this SM: the sweep's election hands over to it).
     */
    public synchronized void sweepAgain(String reason) {
        pollingGuid = 0;
        events.request(SmEvent.HEAVY_SWEEP, reason);
    }

    /**
     * Stops waiting for another master's HANDOVER because no other master is seen any more: this master configures
     * the fabric, which that master configured before (a takeover).
     */
    public synchronized void stopWaitingForHandover() {
        LOG.log(LogLevels.VERBOSE, "master SM {} is no longer master: not waiting for its HANDOVER",
                Guid.toString(pollingGuid));
        pollingGuid = 0;
        status.beginMastership(true);
    }

    /** The SM this one polls now: the master while STANDBY, a lower master a master waits for, else 0. */
    public synchronized long pollTarget() {
        return switch (status.state()) {
            case STANDBY -> status.masterGuid();
            case MASTER -> pollingGuid;
            default -> 0;
        };
    }

    /** Whether this master waits for another master's HANDOVER (it must not configure the fabric meanwhile). */
    public synchronized boolean waitingForHandover() {
        return status.state() == SmState.MASTER && pollingGuid != 0;
    }

    /**
     * The master this SM declared dead when its polls timed out, until the sweep after it ends: that sweep does not
     * ask it again (it would only wait out the timeouts). 0 if none.
     */
    public synchronized long silentMaster() {
        return silentMaster;
    }

    /**
     * Changes this SM's priority; returns whether it rose (a standby then tells the master with Trap 144, so a
     * master of lower priority hands over).
     */
    public synchronized boolean changePriority(int priority) {
        int old = status.priority();
        status.setPriority(priority);
        if (old != priority) {
            LOG.info("SM priority {} -> {}", old, priority);
        }
        return priority > old;
    }
}
