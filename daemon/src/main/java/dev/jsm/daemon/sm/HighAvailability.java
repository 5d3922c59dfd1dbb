package dev.jsm.daemon.sm;

import dev.jsm.conf.HandoverOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.discovery.OtherSms;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mkey.MKeyScheme;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Subnet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * This SM among the others of the subnet: the state machine and its status, the SMInfo agent answering other SMs,
 * the probe finding them, the election stage, the poller of the master and Trap 144 - put together once for the
 * daemon, which hands {@link #otherSms()} to discovery and {@link #election} to the heavy sweep.
 *
 * <p>Thread-safe.
 */
public final class HighAvailability {

    private static final Logger LOG = LogManager.getLogger(HighAvailability.class);

    private final SmStatus status;
    private final SmStateMachine machine;
    private final RemoteSms remotes = new RemoteSms();
    private final LocalSmPort localPort = new LocalSmPort();
    private final SmInfoAgent agent;
    private final Trap144 trap144;
    private final OtherSmProbe probe;
    private final MasterPoller poller;
    private final MadTransactions transactions;
    private final MKeyScheme mKeys;
    private final SmpSender smps;

    /**
     * Builds the pieces and registers the SMInfo agent for Gets and Sets, LID-routed and directed-route, run on the
     * receive thread. Nothing is sent before {@link #start}.
     *
     * @param status the SM's status (its initial state: DISCOVERING, or NOTACTIVE with {@code sm_inactive})
     * @param port this SM's port (GUID, number)
     * @param options the options in effect (read as they change)
     * @param smps the sweeps' SMP sender (SMInfo Gets to the SMs discovery meets, HANDOVER)
     */
    public HighAvailability(SmStatus status, LocalPort port, Supplier<SmOptions> options, MadTransactions transactions,
                            SmpSender smps, SmEvents events, ScheduledExecutorService timer) {
        long ownGuid = port.portGuid();
        this.smps = smps;
        this.status = status;
        this.machine = new SmStateMachine(status, ownGuid, events);
        this.transactions = transactions;
        this.mKeys = MKeyScheme.of(options.get());
        this.agent = new SmInfoAgent(transactions, machine, remotes, localPort, () -> options.get().smKey(), mKeys);
        this.trap144 = new Trap144(transactions, localPort, Notice.PRODUCER_CA);
        Trap144.ignoreRepress(transactions);
        this.probe = new OtherSmProbe(machine, remotes, smps, () -> options.get().smKey(),
                () -> options.get().get(HandoverOptions.IGNORE_OTHER_SM));
        this.poller = new MasterPoller(machine, remotes, transactions, trap144, localPort, port.portNum(), timer,
                () -> options.get().getInt(HandoverOptions.SMINFO_POLLING_TIMEOUT),
                () -> options.get().getInt(HandoverOptions.POLLING_RETRY_NUMBER), mKeys);
        for (MgmtClass cls : new MgmtClass[] {MgmtClass.SUBN_LID_ROUTED, MgmtClass.SUBN_DIRECTED_ROUTE}) {
            transactions.onUnsolicited(UnsolicitedFilter.of(cls, Method.GET, AttributeId.SM_INFO), Runnable::run,
                    agent::onGet);
            transactions.onUnsolicited(UnsolicitedFilter.of(cls, Method.SET, AttributeId.SM_INFO), Runnable::run,
                    agent::onSet);
        }
    }

    /** Starts polling (it polls only while the state machine names an SM to poll). */
    public void start() {
        poller.start();
    }

    /** The status. */
    public SmStatus status() {
        return status;
    }

    /** This SM's SMInfo (the SA's SMInfoRecord). */
    public SmInfoAgent agent() {
        return agent;
    }

    /** What discovery reports the other SMs to. */
    public OtherSms otherSms() {
        return probe;
    }

    /** The other SMs known. */
    public List<RemoteSm> remoteSms() {
        return remotes.all();
    }

    /** Polls of the master sent so far. */
    public long polls() {
        return poller.polls();
    }

    /**
     * The heavy sweep's election stage.
     *
     * @param forgetHeld forgets what the fabric's tables are known to hold, at a takeover
     */
    public SmElection election(Consumer<Subnet> forgetHeld) {
        return new SmElection(machine, remotes, probe, localPort, agent, trap144, forgetHeld, smps);
    }

    /**
     * A master leaving (SIGTERM, the daemon closing) asks the other SMs it knows for their SMInfo again, then hands
     * over to the highest standby, so that the fabric gets a new master at once instead of after the standby's
     * polling timeout; OpenSM just exits. Waits up to {@code timeout} for the answers and for the HANDOVER's. Nothing
     * is sent when this SM is not master or knows no standby. Called after the sweeps stopped, before the transactions
     * close; not on the SM thread.
     *
     * @return whether a standby answered the HANDOVER
     */
    public boolean handOverBeforeExit(Duration timeout) throws InterruptedException {
        if (!status.isMaster()) {
            return false;
        }
        refreshRemotes(timeout);
        RemoteSm best = null;
        for (RemoteSm sm : remotes.all()) {
            if (sm.state() == SmState.STANDBY && (best == null
                    || SmStateMachine.greater(sm.priority(), sm.guid(), best.priority(), best.guid()))) {
                best = sm;
            }
        }
        if (best == null) {
            return false;
        }
        LOG.log(LogLevels.SYS, "exiting: handing over to standby SM {} (priority {})", Guid.toString(best.guid()),
                best.priority());
        machine.handingOver(best.guid());
        byte[] mad = Smp.directedRoute(Method.SET, 0, AttributeId.SM_INFO, SmInfo.AM_HANDOVER, best.path(),
                mKeys.expected(best.guid()));
        agent.current().encodeTo(mad, Smp.DATA_OFFSET);
        CompletableFuture<TransactionOutcome> answer = new CompletableFuture<>();
        transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), answer::complete);
        try {
            TransactionOutcome o = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            boolean ok = Replies.okMad(o) != null;
            LOG.log(ok ? LogLevels.SYS : Level.ERROR, "{}", ok ? "HANDOVER answered by SM " + Guid.toString(best.guid())
                    : "SM-0630 HANDOVER to SM " + Guid.toString(best.guid()) + " failed: " + Replies.failure(o));
            return ok;
        } catch (ExecutionException | TimeoutException e) {
            LOG.error("SM-0630 HANDOVER to SM {} not answered within {} ms", Guid.toString(best.guid()),
                    timeout.toMillis());
            return false;
        }
    }

    /**
     * Asks every other SM known for its SMInfo again and records the answers (the table may be as old as the last
     * sweep, which may have seen a standby still discovering); waits up to {@code timeout} for them.
     */
    private void refreshRemotes(Duration timeout) throws InterruptedException {
        List<CompletableFuture<?>> answers = new ArrayList<>();
        for (RemoteSm sm : remotes.all()) {
            byte[] mad = Smp.directedRoute(Method.GET, 0, AttributeId.SM_INFO, 0, sm.path(),
                    mKeys.expected(sm.guid()));
            CompletableFuture<TransactionOutcome> answer = new CompletableFuture<>();
            answers.add(answer.thenAccept(o -> {
                byte[] r = Replies.okMad(o);
                SmInfo info = r == null ? null : SmInfo.decode(r, Smp.DATA_OFFSET);
                if (info != null && info.guid() == sm.guid()) {
                    remotes.put(sm.answered(info));
                }
            }));
            transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), 0, answer::complete);
        }
        try {
            CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("not every SM answered before the handover: {}", e.toString());
        }
    }

    /**
     * Changes this SM's priority ({@code sm_priority} reloaded, the console's {@code priority}). A standby whose
     * priority rose tells the master with Trap 144, so a lower master sweeps and hands over; a master's next heavy
     * sweep hands over to a higher standby.
     *
     * @throws IllegalArgumentException if {@code priority} is outside 0..15
     */
    public void setPriority(int priority) {
        if (machine.changePriority(priority) && status.state() == SmState.STANDBY) {
            RemoteSm master = remotes.get(status.masterGuid());
            if (master != null) {
                trap144.send(master, Trap144.SM_PRIORITY_CHANGED);
            }
        }
    }
}
