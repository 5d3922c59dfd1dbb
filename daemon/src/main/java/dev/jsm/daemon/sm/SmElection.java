package dev.jsm.daemon.sm;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Subnet;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Decides, once discovery and the drop manager are done, whether this SM configures the fabric (OpenSM's
 * {@code do_sweep}, docs/reference/opensm-behaviour.md#the-heavy-sweep-step-by-step, steps 2 to 5):
 * <ul>
 *   <li>STANDBY or NOTACTIVE: no (the sweep only kept the model current);</li>
 *   <li>DISCOVERING: if discovery met a master, or a higher SM that is discovering or standby, this SM enters
 *       STANDBY, sends that SM Trap 144 and polls it; otherwise it enters MASTER and the sweep goes on;</li>
 *   <li>MASTER: if a higher SM (not NOTACTIVE) is known, this SM sends it SMInfo Set(HANDOVER) and, once the Set is
 *       answered, enters STANDBY and polls it (an ACKNOWLEDGE, when it comes, is logged); a HANDOVER not answered
 *       leaves this SM master and the sweep goes on. Else, if another master is known (a lower one), this SM waits
 *       for its HANDOVER (C14-60.2.1), polling it, and configures nothing meanwhile; once no other master is seen,
 *       it stops waiting and configures the fabric in the same sweep (OpenSM sweeps once more first).</li>
 * </ul>
 * A new master taking over from another SM forgets what the switches and ports are known to hold, so that every
 * table is written again.
 *
 * <p>Confined to the SM thread.
 */
public final class SmElection implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(SmElection.class);

    private final SmStateMachine machine;
    private final RemoteSms remotes;
    private final OtherSmProbe probe;
    private final LocalSmPort localPort;
    private final SmInfoAgent agent;
    private final Trap144 trap144;
    private final Consumer<Subnet> forgetHeld;
    private final SmpSender smps;
    private RemoteSm handingOverTo;
    private TransactionOutcome handover;

    /**
     * @param machine this SM's state machine
     * @param remotes the other SMs known
     * @param probe what discovery learned of the other SMs
     * @param localPort this SM's port, updated from discovery here
     * @param agent this SM's SMInfo (the HANDOVER payload)
     * @param trap144 tells the master about this SM when it enters STANDBY
     * @param forgetHeld forgets what the fabric's tables are known to hold (a takeover)
     * @param smps the sweeps' SMP sender (the HANDOVER Set)
     */
    public SmElection(SmStateMachine machine, RemoteSms remotes, OtherSmProbe probe, LocalSmPort localPort,
                      SmInfoAgent agent, Trap144 trap144, Consumer<Subnet> forgetHeld, SmpSender smps) {
        this.smps = smps;
        this.machine = machine;
        this.remotes = remotes;
        this.probe = probe;
        this.localPort = localPort;
        this.agent = agent;
        this.trap144 = trap144;
        this.forgetHeld = forgetHeld;
    }

    @Override
    public String name() {
        return "sm-election";
    }

    @Override
    public StageOutcome run(SweepState state) {
        handingOverTo = null;
        handover = null;
        EndPort own = state.smPort();
        if (own != null) {
            localPort.update(own.physPort().attributes());
        }
        probe.forgetUnseen();
        SmStatus status = machine.status();
        return switch (status.state()) {
            case NOT_ACTIVE, STANDBY -> StageOutcome.NOT_MASTER;
            case DISCOVERING -> discovering(state);
            case MASTER -> master(state);
        };
    }

    private StageOutcome discovering(SweepState state) {
        long found = probe.masterOrHigher();
        if (found != 0) {
            RemoteSm master = remotes.get(found);
            machine.signal(SmSignal.MASTER_OR_HIGHER_SM_DETECTED, found);
            LOG.log(LogLevels.VERBOSE, "standing by for SM {} (priority {}, {})", Guid.toString(found),
                    master.priority(), master.state().logName());
            trap144.send(master, 0);
            return StageOutcome.NOT_MASTER;
        }
        machine.signal(SmSignal.DISCOVERY_COMPLETED, 0);
        forgetIfTakeover(state);
        return StageOutcome.CONTINUE;
    }

    private StageOutcome master(SweepState state) {
        RemoteSm higher = highest();
        if (higher != null) {
            handingOverTo = higher;
            machine.handingOver(higher.guid());
            SmInfo ours = agent.current();
            LOG.log(LogLevels.SYS, "SM {} (priority {}) is higher than this SM (priority {}): sending HANDOVER",
                    Guid.toString(higher.guid()), higher.priority(), ours.priority());
            smps.set(higher.path(), AttributeId.SM_INFO, SmInfo.AM_HANDOVER, ours::encodeTo,
                    o -> handover = o);
            return StageOutcome.CONTINUE;
        }
        for (RemoteSm sm : remotes.all()) {
            if (sm.state() == SmState.MASTER) {
                machine.signal(SmSignal.WAIT_FOR_HANDOVER, sm.guid());
                return StageOutcome.NOT_MASTER;
            }
        }
        if (machine.waitingForHandover()) {
            machine.stopWaitingForHandover();
        }
        forgetIfTakeover(state);
        return StageOutcome.CONTINUE;
    }

    /**
     * After a HANDOVER was sent: its answer decides, unless the new master's ACKNOWLEDGE came first and this SM
     * already stands by.
     */
    @Override
    public StageOutcome finish(SweepState state) {
        if (handingOverTo == null) {
            return StageOutcome.CONTINUE;
        }
        long to = handingOverTo.guid();
        if (machine.status().state() != SmState.MASTER) {
            return StageOutcome.NOT_MASTER;
        }
        if (handover != null && Replies.okMad(handover) != null) {
            machine.signal(SmSignal.HANDOVER_SENT, to);
            return StageOutcome.NOT_MASTER;
        }
        machine.handoverFailed(to);
        if (handover == null || Replies.isClosed(handover)) {
            return StageOutcome.ABORT;
        }
        LOG.error("SM-0628 HANDOVER to SM {} failed: {}; staying master", Guid.toString(to),
                Replies.failure(handover));
        forgetIfTakeover(state);
        return StageOutcome.CONTINUE;
    }

    /** The highest other SM, not NOTACTIVE, that is greater than this SM; {@code null} if none. */
    private RemoteSm highest() {
        RemoteSm best = null;
        for (RemoteSm sm : remotes.all()) {
            if (sm.state() == SmState.NOT_ACTIVE || !machine.isGreaterThanUs(sm)) {
                continue;
            }
            if (best == null || SmStateMachine.greater(sm.priority(), sm.guid(), best.priority(), best.guid())) {
                best = sm;
            }
        }
        return best;
    }

    private void forgetIfTakeover(SweepState state) {
        if (machine.status().takeover()) {
            LOG.log(LogLevels.VERBOSE, "taking over from another SM: every table is written again");
            forgetHeld.accept(state.subnet());
        }
    }
}
