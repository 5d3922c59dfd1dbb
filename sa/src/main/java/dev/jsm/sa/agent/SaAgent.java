package dev.jsm.sa.agent;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.Requester;
import dev.jsm.sa.codec.MultiPathRecord;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.event.EventService;
import dev.jsm.sa.event.McastNotices;
import dev.jsm.sa.event.PortChanges;
import dev.jsm.sa.limit.AnswerCaps;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.RequesterGate;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.mcast.WellKnownGroup;
import dev.jsm.sa.query.AnswerTooLargeException;
import dev.jsm.sa.query.KeptRecords;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaDispatch;
import dev.jsm.sa.query.SaHandlers;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.replica.ReplicaSettings;
import dev.jsm.sa.rmpp.RmppKey;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppPayload;
import dev.jsm.sa.rmpp.RmppReceiver;
import dev.jsm.sa.rmpp.RmppSender;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.state.SaState;
import dev.jsm.subnet.snapshot.EndPortView;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;

/**
 * The SA class agent (class 0x03, version 2) on one {@link MadChannel}: takes the SA requests arriving on the
 * channel and answers each through the SA table ({@link SaDispatch}, rows in {@link SaHandlers}) - the records of
 * the last {@link #publish published} {@link SaView}, and the records the agent keeps: ServiceRecords
 * (Set/Get/GetTable/Delete with leases, {@link ServiceRegistry}), the multicast groups (MCMemberRecord
 * Set/Delete/Get/GetTable, {@link McastRegistry}, changes reported to a {@link McastMembershipListener}) and the event
 * subscriptions. It sends GetTable and GetMulti answers through its own RMPP sender and reassembles multi-MAD
 * requests with its own RMPP receiver (no kernel RMPP: umad2sim has none). Single records go back as one MAD.
 * Event forwarding lives in {@link EventService}: InformInfo Set, InformInfoRecord Get/GetTable, and Reports of the
 * notices - traps 64/65 for the ports that came and went at each {@link #publish}, 66/67 from the multicast groups,
 * and the traps the SM receives ({@link #forwardTrap}) - sent as requests of the agent's own through the
 * transactions layer ({@link Requester}): retired by ReportResp, resent on the RMPP ACK timeout up to its retry
 * count. With {@code drop_event_subscriptions} the subscriptions and ServiceRecords of ports gone at a publish are
 * removed.
 *
 * <p>Feeding: {@link #onMad} takes the class 0x03 MADs; register it with the {@code MadTransactions} that own the
 * channel's receiver for the SA's request methods (the layer matches the ReportResps to the agent's Reports itself).
 * Responses always go out through {@code channel}.
 *
 * <p>Rules (docs/reference/opensm-behaviour.md#sa-rules): SM_Key must be
 * 0 (untrusted) or the SA key (trusted) or the MAD is dropped; unknown
 * methods and responses are dropped; a class version other than 2 is answered with "bad version"; the table
 * decides the rest by attribute and method (0x000C for a combination not served). Nothing blocks: the I/O thread
 * only queues, and one agent thread answers from the view as published, so a sweep in progress never delays it.
 *
 * <p>Bounds ({@link SaLimits}; every refusal counted and logged once per requester and interval, and answered
 * within a budget per requester, {@link Refusals}):
 * the I/O thread admits a MAD only within its source LID's rate and share of the queue ({@link RequesterGate}),
 * and drops a Get or GetTable (with {@code single_thread} a Set or Delete too) while the queue is overdue
 * ({@code max_msg_fifo_timeout}, as OpenSM);
 * a multi-MAD request may announce at most {@link #MAX_REQUEST_BYTES} (the largest request an SA record type needs)
 * and only a few may be reassembled at once; no answer grows beyond {@link AnswerCaps#MAX_BYTES}; table answers
 * are sent only within the bytes the RMPP sender may hold for their requester and in all, else answered
 * ERR_NO_RESOURCES; a table of PathRecords too large to build is streamed ({@link StreamedTables}: one to a
 * requester, two in all); a table answer is charged to its requester's rate by its size; ServiceRecords,
 * subscriptions and the groups a port creates have fair shares per port beside their totals.
 *
 * <p>State (docs/operations.md, "SA state across restarts and failovers"): what hosts registered - groups,
 * ServiceRecords, subscriptions - is exported and taken back whole ({@link #exportState}, {@link #importState}: the
 * dump file) and streamed to standbys ({@link #leadStandbys}) or taken from the master ({@link #followMaster}).
 *
 * <p>Thread-safe: {@link #publish} from the sweep thread, the rest from the agent's own thread.
 */
public final class SaAgent implements AutoCloseable {

    /**
     * The largest multi-MAD request taken: a MultiPathRecord with 255 source and 255 destination GIDs (every other
     * request is one record, which fits one MAD).
     */
    public static final int MAX_REQUEST_BYTES = Math.max(MultiPathRecord.MAX_SIZE, SaHeader.DATA_SIZE);

    /** The management class of the standby channel's vendor MADs ({@link #onReplicaMad}). */
    public static final MgmtClass REPLICA_CLASS = ReplicaLink.MGMT_CLASS;
    /** Its class version. */
    public static final int REPLICA_CLASS_VERSION = ReplicaLink.CLASS_VERSION;

    private static final System.Logger LOG = System.getLogger(SaAgent.class.getName());
    private static final long TICK_MS = 20;

    private final MadChannel channel;
    private final Refusals refusals;
    private final RequesterGate gate;
    private final ServiceRegistry services;
    private final McastRegistry mcast;
    private final AliasGuidRegistry aliases;
    private final EventService events;
    private final SaDispatch dispatch;
    private final RmppSender sender;
    private final StreamedTables streams;
    private final RmppReceiver receiver;
    private final SaStateChanges changes = new SaStateChanges();
    private final SaStateAccess state;
    private final SaReplication replication;
    /** The standby's ServiceRecord Sets asking the master for the state. */
    private final Requester registrations;
    /** When the standby last asked (agent thread only). */
    private long askedAt;
    private long frameTid;
    private final ScheduledExecutorService thread;
    private volatile SaView view;
    /** Written by the agent thread only. */
    private volatile long received;
    /** Written by the agent thread only. */
    private volatile long answered;
    private final AtomicLong dropped = new AtomicLong();
    /** How long the last MAD the agent thread took had waited in its queue; written by the agent thread only. */
    private volatile long lastQueueWaitNanos;

    /**
     * An agent on {@code channel} with the default limits but one: a queue of {@code maxQueued} MADs that any one
     * requester may fill; call {@link #start()} to take requests.
     *
     * @param maxQueued requests that may wait for the agent thread before new ones are dropped
     */
    public SaAgent(MadChannel channel, MadTransactions transactions, SaView initial, RmppSettings rmpp,
                   int maxQueued) {
        this(channel, transactions, initial, rmpp, SaLimits.defaults().withSharedQueue(maxQueued),
                McastMembershipListener.NONE);
    }

    /**
     * An agent on {@code channel} bounded by {@code limits} that reports multicast membership changes to
     * {@code mcastListener} (on the agent's thread); call {@link #start()} to take requests.
     *
     * @param transactions the transactions layer on {@code channel}, which sends the Reports (a requester of the
     *     agent's own, with the RMPP ACK timeout and retries; its outcomes only count and log, so they run where
     *     they complete)
     */
    public SaAgent(MadChannel channel, MadTransactions transactions, SaView initial, RmppSettings rmpp,
                   SaLimits limits, McastMembershipListener mcastListener) {
        this(channel, transactions, initial, rmpp, limits, mcastListener, System::nanoTime);
    }

    /**
     * As {@link #SaAgent(MadChannel, MadTransactions, SaView, RmppSettings, SaLimits, McastMembershipListener)}, the
     * refusals' log intervals and answer budgets on {@code refusalClock} (tests: simulated time).
     */
    SaAgent(MadChannel channel, MadTransactions transactions, SaView initial, RmppSettings rmpp, SaLimits limits,
            McastMembershipListener mcastListener, LongSupplier refusalClock) {
        this.channel = channel;
        this.refusals = new Refusals(limits, refusalClock);
        this.gate = new RequesterGate(limits);
        this.services = new ServiceRegistry(limits, refusals, changes);
        this.events = new EventService(transactions.requester(rmpp.ackTimeout(), rmpp.maxRetries(), Runnable::run),
                limits, refusals, changes);
        this.mcast = new McastRegistry(new McastNotices(mcastListener, events, this::view), limits, refusals,
                changes);
        this.state = new SaStateAccess(mcast, services, events.subscriptions(), System::nanoTime,
                System::currentTimeMillis);
        this.replication = new SaReplication(ReplicaSettings.defaults(), state, changes, this::sendFrame);
        this.registrations = transactions.requester(rmpp.ackTimeout(), rmpp.maxRetries(), Runnable::run);
        this.aliases = new AliasGuidRegistry(mcast);
        this.dispatch = SaHandlers.table(kept(services, mcast, events, aliases));
        this.view = initial.withAliases(aliases);
        this.sender = new RmppSender(channel, rmpp, limits.answerBytesInFlight(),
                limits.answerBytesInFlightPerRequester());
        this.streams = new StreamedTables(limits.streamedTables(), limits.streamedTablesPerRequester());
        this.receiver = new RmppReceiver(channel, rmpp, MAX_REQUEST_BYTES, limits, (r, from) -> refuse(r,
                from.lid()));
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jsm-sa");
            t.setDaemon(true);
            return t;
        });
    }

    /** The agent's records, as the SA table's handlers. */
    private static KeptRecords kept(ServiceRegistry services, McastRegistry mcast, EventService events,
                                    AliasGuidRegistry aliases) {
        return new KeptRecords(
                (v, r, now) -> events.subscribe(v, r),
                (v, r, now) -> services.get(r, now),
                (v, r, now) -> services.set(v, r, now),
                (v, r, now) -> services.delete(v, r, now),
                (v, r, now) -> mcast.get(v, r),
                (v, r, now) -> mcast.set(v, r),
                (v, r, now) -> mcast.delete(v, r),
                (v, r, now) -> events.informInfoRecords(v, r),
                (v, r, now) -> aliases.set(v, r),
                (v, r, now) -> aliases.delete(v, r));
    }

    /** Starts the RMPP/lease timer on the agent thread; feed requests through {@link #onMad}. */
    public void start() {
        thread.scheduleWithFixedDelay(guarded("SA timer", () -> tick(System.nanoTime())), TICK_MS, TICK_MS,
                TimeUnit.MILLISECONDS);
    }

    /**
     * {@code task} as the agent thread runs it: a runtime exception is logged and the agent goes on (a periodic
     * task that threw would never run again); an {@link Error} - out of memory above all - goes to the thread's
     * uncaught-exception handler, where the executor would have kept it in the task's future unseen.
     */
    private static Runnable guarded(String what, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, what + " failed: " + e, e);
            } catch (Error e) {
                Thread t = Thread.currentThread();
                t.getUncaughtExceptionHandler().uncaughtException(t, e);
            }
        };
    }

    /**
     * Makes {@code next} the view later requests are answered from (the sweep calls this at SUBNET UP), and, on the
     * agent's thread, reports the end ports that came (trap 64) and went (trap 65) since the previous view and,
     * with {@code drop_event_subscriptions}, removes the gone ports' subscriptions and ServiceRecords. The first
     * publish sees every port as new, as OpenSM reports every port at its first SUBNET UP.
     */
    public void publish(SaView next) {
        SaView prev = view;
        SaView withAliases = next.withAliases(aliases);
        view = withAliases;
        onAgentThread(() -> {
            aliases.dropDeparted(withAliases);
            portsChanged(prev, withAliases);
        });
    }

    /**
     * Has GUIDInfoRecord Set and Delete report the alias GUIDs they change to {@code l} (on the agent's thread), for
     * the SM to write them to the ports.
     */
    public void setAliasGuidListener(AliasGuidListener l) {
        aliases.setListener(l);
    }

    /**
     * Forwards a trap the SM received from {@code sourceLid} to the matching subscribers, on the agent's thread,
     * with the issuing port's GID from the published view. Thread-safe; never blocks.
     */
    public void forwardTrap(int sourceLid, Notice notice) {
        onAgentThread(() -> events.forwardTrap(view, sourceLid, notice));
    }

    /** Runs {@code task} on the agent's thread; nothing once the agent is closed. */
    private void onAgentThread(Runnable task) {
        try {
            thread.execute(guarded("SA event work", task));
        } catch (RejectedExecutionException e) {
            LOG.log(System.Logger.Level.DEBUG, "SA agent closed; event work dropped");
        }
    }

    /**
     * Creates the well-known multicast groups (the partitions' IPoIB broadcast groups) that do not exist yet, on
     * the agent's thread, with the view published last; the sweep calls this at SUBNET UP after {@link #publish}.
     */
    public void defineWellKnownGroups(List<WellKnownGroup> groups) {
        List<WellKnownGroup> copy = List.copyOf(groups);
        onAgentThread(() -> mcast.defineWellKnown(view, copy));
    }

    /**
     * Drops, on the agent's thread, the multicast members whose ports are not in the view published last
     * ({@link McastRegistry#dropDeparted}); the sweep calls this at SUBNET UP after {@link #publish}.
     */
    public void dropDepartedMembers() {
        onAgentThread(() -> mcast.dropDeparted(view));
    }

    /**
     * What hosts registered, now (on the agent's thread); with {@code onlyIfChanged}, {@code null} unless something
     * changed since the last such call (the dump file is written again only then, as OpenSM does).
     */
    public CompletableFuture<SaState> exportState(boolean onlyIfChanged) {
        return onAgentThread(() -> changes.takeChanged() || !onlyIfChanged ? state.export() : null);
    }

    /**
     * Makes {@code saved} what hosts registered, replacing everything (on the agent's thread): the groups with their
     * MLIDs and members reach the membership listener, the ServiceRecords keep the time their leases had left when
     * {@code saved} was taken. Completes with one line per record left out and why.
     */
    public CompletableFuture<List<String>> importState(SaState saved) {
        return onAgentThread(() -> state.restore(saved));
    }

    /**
     * Leads (this SM is master): streams what hosts registered to every standby SM that asks for it - that
     * registered the ServiceRecord of {@link ReplicaLink} with this SA and that {@code isStandbySm} (port GUID) says
     * is a standby SM with this SM's SM_Key - a snapshot first, then each change, in vendor MADs; stops following.
     */
    public void leadStandbys(long smKey, LongPredicate isStandbySm) {
        onAgentThread(() -> replication.lead(smKey, isStandbySm));
    }

    /**
     * Follows the master SM at {@code masterLid} (this SM stands by): asks it for the state (the ServiceRecord of
     * {@link ReplicaLink}, renewed while following) and applies its stream; stops every stream to standbys.
     */
    public void followMaster(long smKey, int masterLid) {
        onAgentThread(() -> {
            if (replication.role() != SaReplication.Role.FOLLOW || replication.masterLid() != masterLid) {
                askedAt = 0;
            }
            replication.follow(smKey, masterLid);
        });
    }

    /** Neither streams to standbys nor follows a master. */
    public void stopReplication() {
        onAgentThread(replication::stop);
    }

    /**
     * Removes every event subscription and ServiceRecord, as OpenSM with {@code drop_event_subscriptions} does when it
     * comes out of standby: what a standby holds may be stale. Any thread; done on the agent thread.
     */
    public void dropSubscriptionsAndServices() {
        onAgentThread(() -> {
            int subscriptions = events.subscriptions().removeAll();
            int records = services.removeAll();
            LOG.log(System.Logger.Level.INFO, "drop_event_subscriptions: {0} subscriptions and {1} ServiceRecords "
                    + "dropped on leaving standby", subscriptions, records);
        });
    }

    /**
     * Takes one MAD of the standby channel ({@link ReplicaLink}: class 0x09, Send); any thread, never blocks. Others
     * are dropped and counted.
     */
    public void onReplicaMad(MadAddress from, byte[] mad, int length) {
        if (!(from instanceof MadAddress.LidRouted l) || !ReplicaLink.isFrame(mad, length)) {
            dropped.incrementAndGet();
            return;
        }
        byte[] frame = ReplicaLink.frame(mad, length);
        onAgentThread(() -> replication.onFrame(l.lid(), frame, 0, frame.length, System.nanoTime()));
    }

    /** Whether every standby streamed to has everything (on the agent's thread). */
    public CompletableFuture<Boolean> standbysInSync() {
        return onAgentThread(replication::standbysInSync);
    }

    /** The standby channel's counters (on the agent's thread). */
    public CompletableFuture<ReplicationStats> replicationStats() {
        return onAgentThread(replication::stats);
    }

    /** Runs {@code task} on the agent's thread; its future fails once the agent is closed. */
    private <T> CompletableFuture<T> onAgentThread(Callable<T> task) {
        CompletableFuture<T> f = new CompletableFuture<>();
        onAgentThread(() -> {
            try {
                f.complete(task.call());
            } catch (Exception e) {
                f.completeExceptionally(e);
            }
        });
        if (thread.isShutdown()) {
            f.completeExceptionally(new IllegalStateException("SA agent closed"));
        }
        return f;
    }

    /** The view requests are answered from. */
    public SaView view() {
        return view;
    }

    /** The counters. */
    public SaAgentStats stats() {
        return new SaAgentStats(received, answered, dropped.get(), sender.counters(), receiver.counters(),
                events.counters(), refusals.counts(), gate.queued(), sender.bytesInFlight());
    }

    /** Stops the agent thread (the channel stays open: its owner closes it). */
    @Override
    public void close() {
        thread.shutdownNow();
        sender.clear();
        events.clear();
    }

    /**
     * Takes one received MAD (as a {@link dev.jsm.mad.channel.MadReceiver} or unsolicited handler): queues it for
     * the agent thread and returns at once; a MAD its source LID may not queue now ({@link RequesterGate}: over its
     * rate, or the queue or its share full) is dropped and counted. Thread-safe; never blocks.
     *
     * @param mad the MAD, owned by the agent from now on
     */
    public void onMad(MadAddress from, byte[] mad, int length) {
        int lid = from instanceof MadAddress.LidRouted l ? l.lid() : 0;
        if (droppedWhenOverdue(mad, length) && queueOverdue()) {
            dropped.incrementAndGet();
            refuse(Refusal.QUEUE_WAIT, lid);
            return;
        }
        long queuedAt = System.nanoTime();
        RequesterGate.Verdict v = gate.admit(lid, isRequest(mad, length), queuedAt);
        if (v != RequesterGate.Verdict.ADMITTED) {
            dropped.incrementAndGet();
            refuse(v == RequesterGate.Verdict.OVER_RATE ? Refusal.RATE : Refusal.QUEUE, lid);
            return;
        }
        try {
            thread.execute(guarded("SA request", () -> {
                gate.release(lid);
                long now = System.nanoTime();
                lastQueueWaitNanos = now - queuedAt;
                try {
                    handle(from, mad, length, now);
                } catch (RuntimeException e) {
                    dropped.incrementAndGet();
                    LOG.log(System.Logger.Level.WARNING, "SA request from " + from + " dropped: " + e, e);
                }
            }));
        } catch (RejectedExecutionException e) {
            gate.release(lid);
            LOG.log(System.Logger.Level.DEBUG, "SA agent closed; MAD dropped");
        }
    }

    /**
     * {@code max_msg_fifo_timeout}: whether more than one MAD waits for the agent thread and the last one it took
     * had waited longer than the option allows (OpenSM's check of its SA dispatcher's queue).
     */
    private boolean queueOverdue() {
        long limitMs = view.settings().maxQueueWaitMs();
        return limitMs > 0 && gate.queued() > 1 && lastQueueWaitNanos > limitMs * 1_000_000L;
    }

    /**
     * Whether a MAD is a request OpenSM drops when its SA queue is overdue: a Get or GetTable; with
     * {@code single_thread}, whose one queue takes them too, a Set or Delete.
     */
    private boolean droppedWhenOverdue(byte[] mad, int length) {
        if (length <= 3) {
            return false;
        }
        int method = mad[3];
        return method == Method.GET.value() || method == Method.GET_TABLE.value()
                || view.settings().singleThread() && (method == Method.SET.value() || method == Method.DELETE.value());
    }

    /** Whether a MAD is a request (counted against its sender's rate): not a response, not RMPP ACK/STOP/ABORT. */
    private static boolean isRequest(byte[] mad, int length) {
        if (length < SaHeader.DATA_OFFSET) {
            return true;
        }
        return (mad[3] & Method.RESPONSE_BIT) == 0
                && (!RmppHeader.isActive(mad) || RmppHeader.RMPP_TYPE.getInt(mad, 0) == RmppHeader.TYPE_DATA);
    }

    /**
     * Counts and logs (once per interval) a refusal of the requester at {@code lid}; whether it is answered (within
     * the requester's budget of answered refusals). Any thread.
     */
    private boolean refuse(Refusal reason, int lid) {
        EndPortView port = view.snapshot().endPortByLid(lid);
        return refusals.record(reason, lid, port == null ? Refusals.UNKNOWN_PORT : port.portGuid());
    }

    /** RMPP table transfers not yet acknowledged. */
    int tablesInFlight() {
        return sender.inFlight();
    }

    /** Fires RMPP timeouts, expires leases, sends to the standbys. Runs on the agent thread. */
    void tick(long nowNanos) {
        sender.poll(nowNanos);
        receiver.poll(nowNanos);
        services.expire(nowNanos);
        replication.poll(nowNanos, standbysAsking(nowNanos));
        if (replication.role() == SaReplication.Role.FOLLOW && (askedAt == 0
                || nowNanos - askedAt >= TimeUnit.SECONDS.toNanos(ReplicaLink.RENEW_SECONDS))) {
            askedAt = nowNanos;
            askForState(replication.masterLid());
        }
    }

    /** The ports that registered {@link ReplicaLink}'s ServiceRecord here, with their LIDs in the view. */
    private Map<Long, Integer> standbysAsking(long nowNanos) {
        if (replication.role() != SaReplication.Role.LEAD) {
            return Map.of();
        }
        Map<Long, Integer> out = new HashMap<>();
        for (long guid : services.gidPortsOf(ReplicaLink.SERVICE_ID, nowNanos)) {
            EndPortView p = view.snapshot().endPort(guid);
            if (p != null) {
                out.put(guid, view.snapshot().portOf(p).attributes().lid());
            }
        }
        return out;
    }

    /** Registers (or renews) with the master's SA at {@code masterLid} the ServiceRecord that asks for the state. */
    private void askForState(int masterLid) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.SUBN_ADM.value(), SaHeader.CLASS_VERSION, Method.SET.value(), 0, 0, 0,
                SaAttribute.SERVICE_RECORD, 0).encodeTo(mad);
        new SaHeader(0, 0, 1L << ServiceRecord.COMPONENT_SERVICE_ID | 1L << ServiceRecord.COMPONENT_SERVICE_GID
                | 1L << ServiceRecord.COMPONENT_SERVICE_LEASE | 1L << ServiceRecord.COMPONENT_SERVICE_NAME)
                .encodeTo(mad);
        ReplicaLink.request(channel.localPort().portGuid()).encodeTo(mad, SaHeader.DATA_OFFSET);
        registrations.send(OutboundMad.of(MadAddress.gsi(masterLid, 0, 0), mad), outcome -> LOG.log(
                System.Logger.Level.DEBUG, "SA state asked of the master at LID {0}: {1}", masterLid, outcome));
    }

    /** Sends a frame of the standby channel to the SM port at {@code lid}. Runs on the agent thread. */
    private void sendFrame(int lid, byte[] frame) {
        try {
            channel.send(MadAddress.gsi(lid, 0, 0), ReplicaLink.mad(frame, ++frameTid), MadHeader.MAD_SIZE);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "SA replica frame to LID {0} not sent: {1}", lid, e.getMessage());
        }
    }

    /** Traps 64/65 and {@code drop_event_subscriptions} for a new view. Runs on the agent thread. */
    void portsChanged(SaView prev, SaView next) {
        PortChanges changes = PortChanges.between(prev.snapshot(), next.snapshot());
        if (next.settings().dropEventSubscriptions() && !changes.gone().isEmpty()) {
            int n = events.subscriptions().removePorts(changes.goneGuids())
                    + services.removePorts(changes.goneGuids());
            LOG.log(System.Logger.Level.DEBUG, "{0} subscriptions and ServiceRecords of {1} gone ports removed", n,
                    changes.gone().size());
        }
        events.portsChanged(prev, next, changes);
    }

    /** The event subscriptions and Reports (tests). */
    EventService events() {
        return events;
    }

    /** Handles one MAD. Runs on the agent thread (tests call it directly). */
    void handle(MadAddress address, byte[] mad, int length, long nowNanos) {
        received++;
        if (!(address instanceof MadAddress.LidRouted from) || length < SaHeader.DATA_OFFSET
                || MadHeader.BASE_VERSION.getInt(mad, 0) != 1
                || MadHeader.MGMT_CLASS.getInt(mad, 0) != MgmtClass.SUBN_ADM.value()) {
            dropped.incrementAndGet();
            return;
        }
        byte[] full = length < MadHeader.MAD_SIZE ? Arrays.copyOf(mad, MadHeader.MAD_SIZE) : mad;
        boolean response = (full[3] & Method.RESPONSE_BIT) != 0;
        if (RmppHeader.isActive(full)) {
            int type = RmppHeader.RMPP_TYPE.getInt(full, 0);
            if (type == RmppHeader.TYPE_DATA && !response) {
                RmppMessage m = receiver.onData(from, full, nowNanos);
                if (m != null) {
                    request(from, m.header(), m.data(), nowNanos);
                }
            } else if (!sender.onControl(from, full, nowNanos) && !receiver.onControl(from, full)) {
                dropped.incrementAndGet();
            }
            return;
        }
        if (response) {
            dropped.incrementAndGet();
            return;
        }
        request(from, full, Arrays.copyOfRange(full, SaHeader.DATA_OFFSET, MadHeader.MAD_SIZE), nowNanos);
    }

    private void request(MadAddress.LidRouted from, byte[] header, byte[] data, long nowNanos) {
        SaView v = view;
        long smKey = SaHeader.SM_KEY.getLong(header, 0);
        if (smKey != 0 && smKey != v.settings().saKey()) {
            dropped.incrementAndGet();
            return;
        }
        int method = MadHeader.METHOD.getInt(header, 0);
        if (MadHeader.CLASS_VERSION.getInt(header, 0) != SaHeader.CLASS_VERSION) {
            reply(from, header, method, SaAnswer.error(MadStatus.BAD_VERSION.value(), 0), nowNanos);
            return;
        }
        byte[] template = data.length >= SaHeader.DATA_SIZE ? data : Arrays.copyOf(data, SaHeader.DATA_SIZE);
        MadHeader h = MadHeader.decode(Arrays.copyOf(header, MadHeader.MAD_SIZE));
        SaRequest req = new SaRequest(from, method, h.attributeId(), h.attributeModifier(), h.transactionId(),
                SaHeader.decode(header), template, smKey != 0);
        boolean table = isTable(method);
        if (table && !sender.hasRoom(from)) {
            if (refuse(Refusal.ANSWERS_IN_FLIGHT, from.lid())) {
                reply(from, header, method, SaAnswer.error(SaStatus.NO_RESOURCES, 0), nowNanos);
            } else {
                dropped.incrementAndGet();
            }
            return;
        }
        SaAnswer answer;
        try {
            answer = dispatch.answer(v, req, RmppHeader.isActive(header), nowNanos);
        } catch (AnswerTooLargeException e) {
            gate.charge(from.lid(), AnswerCaps.MAX_BYTES, nowNanos);
            answer = refuse(Refusal.ANSWER_TOO_LARGE, from.lid()) ? SaAnswer.error(SaStatus.NO_RESOURCES, 0)
                    : SaAnswer.dropped();
        }
        if (answer.drop()) {
            dropped.incrementAndGet();
            return;
        }
        reply(from, header, method, answer, nowNanos);
    }

    /** Whether {@code method} is answered with a table through RMPP (GetTable, GetMulti). */
    private static boolean isTable(int method) {
        return method == Method.GET_TABLE.value() || method == Method.GET_MULTI.value();
    }

    private void reply(MadAddress.LidRouted from, byte[] header, int method, SaAnswer answer, long nowNanos) {
        MadAddress.LidRouted to = new MadAddress.LidRouted(from.lid(), from.qpn(), MadAddress.QP1_QKEY, from.sl(),
                from.pkeyIndex());
        int responseMethod = SaResponses.responseMethod(method);
        answered++;
        if (isTable(method) && answer.status() == SaStatus.OK) {
            byte[] h = SaResponses.header(header, responseMethod, 0, answer.recordSize(), answer.count());
            RmppPayload records = answer.payload();
            gate.charge(from.lid(), records.length(), nowNanos);
            if (answer.streamed() != null) {
                records = streams.take(new RmppKey(to.lid(), to.qpn(), MadHeader.TRANSACTION_ID.getLong(h, 0)),
                        records);
            }
            boolean answerRefusal;
            if (records == null) {
                answerRefusal = refuse(Refusal.STREAMED_TABLES, from.lid());
            } else if (sender.send(to, h, records, nowNanos)) {
                return;
            } else {
                records.released();
                answerRefusal = refuse(Refusal.ANSWERS_IN_FLIGHT, from.lid());
            }
            if (!answerRefusal) {
                dropped.incrementAndGet();
                return;
            }
            answer = SaAnswer.error(SaStatus.NO_RESOURCES, answer.recordSize());
        }
        try {
            channel.send(to, SaResponses.single(header, responseMethod, answer), SaResponses.singleLength(answer));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "SA response to {0} not sent: {1}", to, e.getMessage());
        }
    }
}
