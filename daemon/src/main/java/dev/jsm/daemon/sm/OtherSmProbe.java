package dev.jsm.daemon.sm;

import dev.jsm.daemon.discovery.OtherSms;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PhysPort;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Finds the other SMs (OpenSM's {@code osm_port_info_rcv.c} and {@code osm_sminfo_rcv.c}): discovery reports every
 * live port that says IsSM, and this asks the SM there for its SMInfo; a light sweep asks every SM known again. An
 * answer whose GUID is not the port's, or whose SM_Key differs from this SM's non-zero {@code sm_key} ("Found remote SM
 * ... with non-matching sm_key", as OpenSM logs it), is ignored; any other goes to {@link RemoteSms}. What an answer
 * means depends on this SM's state, as in OpenSM: while DISCOVERING, a master, or a higher SM that is discovering or
 * standby, is the SM to stand by for ({@link #masterOrHigher()}); while MASTER, a light sweep that meets another master
 * or a higher standby asks for a heavy sweep, whose election then hands over or waits. An SM that does not answer is
 * recorded NOTACTIVE, also one never heard from (as OpenSM records a remote SM when PortInfo says IsSM, before its
 * SMInfo comes), so that the light sweeps ask it again: an SM whose port said IsSM before it answered SMInfo is met
 * once it does; one whose port no longer says IsSM, or is gone, is forgotten at the next election. With
 * {@code ignore_other_sm} nothing is asked.
 *
 * <p>Confined to the SM thread.
 */
public final class OtherSmProbe implements OtherSms {

    private static final Logger LOG = LogManager.getLogger(OtherSmProbe.class);

    private final SmStateMachine machine;
    private final RemoteSms remotes;
    private final SmpSender smps;
    private final LongSupplier smKey;
    private final BooleanSupplier ignoreOtherSm;
    private final Set<Long> seen = new HashSet<>();
    private long masterOrHigher;

    /**
     * @param machine this SM's state machine (state, priority, the master declared dead)
     * @param remotes where the other SMs are recorded
     * @param smps the sweeps' SMP sender, which asks for the SMInfo
     * @param smKey {@code sm_key}
     * @param ignoreOtherSm {@code ignore_other_sm}
     */
    public OtherSmProbe(SmStateMachine machine, RemoteSms remotes, SmpSender smps, LongSupplier smKey,
                        BooleanSupplier ignoreOtherSm) {
        this.machine = machine;
        this.remotes = remotes;
        this.smps = smps;
        this.smKey = smKey;
        this.ignoreOtherSm = ignoreOtherSm;
    }

    @Override
    public void discoveryStarted() {
        seen.clear();
        masterOrHigher = 0;
    }

    @Override
    public void smPortFound(PhysPort port, DrPath path) {
        long guid = port.portGuid();
        if (ignoreOtherSm.getAsBoolean()) {
            LOG.log(LogLevels.VERBOSE, "ignoring SM on port {} (ignore_other_sm)", Guid.toString(guid));
            return;
        }
        seen.add(guid);
        if (guid == machine.silentMaster()) {
            remotes.markSilent(guid);
            LOG.log(LogLevels.VERBOSE, "not asking SM {} again: its polls timed out", Guid.toString(guid));
            return;
        }
        int lid = port.attributes().lid();
        int portNum = port.portNum();
        smps.get(path, AttributeId.SM_INFO, 0, o -> answered(guid, path, portNum, lid, o, null));
    }

    @Override
    public void lightSweep(Consumer<String> change) {
        if (ignoreOtherSm.getAsBoolean()) {
            return;
        }
        for (RemoteSm sm : remotes.all()) {
            smps.get(sm.path(), AttributeId.SM_INFO, 0, o -> answered(sm.guid(), sm.path(), sm.portNum(),
                    sm.lid(), o, change));
        }
    }

    /**
     * The SM found in the last discovery that this SM, while DISCOVERING, must stand by for: a master, else a higher
     * SM that is discovering or standby; 0 if none.
     */
    public long masterOrHigher() {
        return masterOrHigher;
    }

    /** Forgets the SMs the last discovery did not meet (their port no longer says IsSM, or left the fabric). */
    public void forgetUnseen() {
        for (RemoteSm sm : remotes.all()) {
            if (!seen.contains(sm.guid())) {
                LOG.log(LogLevels.VERBOSE, "SM {} is no longer seen: forgotten", Guid.toString(sm.guid()));
                remotes.remove(sm.guid());
            }
        }
    }

    /**
     * An SMInfo answer (or its failure) from the SM at port {@code guid}.
     *
     * @param change a light sweep's request for a heavy sweep, or {@code null} in a heavy sweep
     */
    private void answered(long guid, DrPath path, int portNum, int lid, TransactionOutcome outcome,
                          Consumer<String> change) {
        byte[] mad = Replies.okMad(outcome);
        if (mad == null) {
            if (!Replies.isClosed(outcome)) {
                LOG.log(LogLevels.VERBOSE, "SM on port {} did not answer SMInfo: {}", Guid.toString(guid),
                        Replies.failure(outcome));
                if (remotes.get(guid) == null) {
                    remotes.put(new RemoteSm(new SmInfo(guid, 0, 0, 0, SmInfo.STATE_NOT_ACTIVE), path, portNum, lid,
                            System.currentTimeMillis()));
                } else {
                    remotes.markSilent(guid);
                }
            }
            return;
        }
        SmInfo info = SmInfo.decode(mad, Smp.DATA_OFFSET);
        if (info.guid() == machine.ownGuid() || guid == machine.ownGuid()) {
            // this SM itself, on another of its host's ports: met by a sweep that ran while it moved there
            // (sm_port_failover), before the sweep state knew its new port
            LOG.log(LogLevels.VERBOSE, "the SM on port {} is this SM: ignored", Guid.toString(guid));
            return;
        }
        if (info.guid() != guid) {
            LOG.error("SM-0627 the SM on port {} answers with GUID {}: ignored", Guid.toString(guid),
                    Guid.toString(info.guid()));
            return;
        }
        long key = smKey.getAsLong();
        if (key != 0 && info.smKey() != key) {
            LOG.log(LogLevels.SYS, "Found remote SM {} with non-matching sm_key", Guid.toString(guid));
            remotes.remove(guid);
            return;
        }
        RemoteSm sm = new RemoteSm(info, path, portNum, lid, System.currentTimeMillis());
        remotes.put(sm);
        LOG.log(LogLevels.VERBOSE, "Detected SM {} in state {} (priority {})", Guid.toString(guid),
                sm.state().logName(), sm.priority());
        judge(sm, change);
    }

    /** What {@code sm}'s answer means in this SM's state (OpenSM's {@code smi_rcv_process_get_sm}). */
    private void judge(RemoteSm sm, Consumer<String> change) {
        switch (machine.status().state()) {
            case DISCOVERING -> {
                if (sm.state() == SmState.MASTER) {
                    masterOrHigher = sm.guid();
                } else if ((sm.state() == SmState.DISCOVERING || sm.state() == SmState.STANDBY)
                        && machine.isGreaterThanUs(sm) && !isMaster(masterOrHigher)) {
                    masterOrHigher = sm.guid();
                }
            }
            case MASTER -> {
                if (change == null) {
                    return;
                }
                if (sm.state() == SmState.MASTER) {
                    change.accept("another master SM " + Guid.toString(sm.guid()));
                } else if (sm.state() == SmState.STANDBY && machine.isGreaterThanUs(sm)) {
                    change.accept("standby SM " + Guid.toString(sm.guid()) + " is higher (priority " + sm.priority()
                            + ")");
                }
            }
            default -> {
            }
        }
    }

    private boolean isMaster(long guid) {
        RemoteSm sm = guid == 0 ? null : remotes.get(guid);
        return sm != null && sm.state() == SmState.MASTER;
    }
}
