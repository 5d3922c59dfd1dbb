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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
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
 * only queues, and one agent thread ({@link AgentLoop}) answers from the view as published, so a sweep in progress
 * never delays it. The agent's timer (RMPP timeouts, leases, the standby channel) runs only while something waits
 * for it: an idle agent takes no CPU.
 *
 * <p>Bounds ({@link SaLimits}; every refusal counted and logged once per requester and interval, and answered
 * within a budget per requester, {@link Refusals}):
 * the I/O thread admits a MAD only within its source LID's rate and share of the queue ({@link RequesterGate}:
 * a paced requester's one request over the rate waits for its token instead), and drops a Get or GetTable (with
 * {@code single_thread} a Set or Delete too) while the queue is overdue ({@code max_msg_fifo_timeout}, as OpenSM);
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
    /** The timer's period while RMPP transfers are in flight (their ACK timeouts are its multiples). */
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** How often a standby renews its request for the state ({@link ReplicaLink#RENEW_SECONDS}). */
    private static final long RENEW_NANOS = TimeUnit.SECONDS.toNanos(ReplicaLink.RENEW_SECONDS);

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
    private final AgentLoop thread;
    private volatile SaView view;
    private final LongAdder received = new LongAdder();
    private final LongAdder answered = new LongAdder();
    private volatile boolean closed;
    private final AtomicLong dropped = new AtomicLong();
    /** The warm-up under way ({@link QueryWarmUp}), or null; agent thread only. */
    private QueryWarmUp warmUp;
    /**
     * The warm-up's own gate, without a rate, while it runs (its requests come from the fabric's ports and must not
     * take their tokens); agent thread only.
     */
    private RequesterGate warmUpGate;
    /** Whether the first fabric published starts a warm-up ({@link #warmUpAtFirstFabric}). */
    private volatile boolean warmUpWanted;
    /** Whether a warm-up was started (once per agent); agent thread only. */
    private boolean warmUpStarted;
    /** The warm-up's requests so far: counted in {@link #received}, taken off in {@link #stats}. */
    private final LongAdder ownRequests = new LongAdder();
    /** The warm-up's requests answered (into its sinks): counted in {@link #answered}, taken off in {@link #stats}. */
    private final LongAdder ownAnswered = new LongAdder();
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
        this.thread = new AgentLoop("jsm-sa", new AgentLoop.Agent() {
            @Override
            public void handle(MadAddress from, byte[] mad, int length, long queuedAtNanos, long nowNanos) {
                lastQueueWaitNanos = nowNanos - queuedAtNanos;
                handleAdmitted(from, mad, length, nowNanos, gate, channel);
            }

            @Override
            public void tick(long nowNanos) {
                SaAgent.this.tick(nowNanos);
            }

            @Override
            public long nextTick(long lastTickNanos) {
                return SaAgent.this.nextTick(lastTickNanos);
            }
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
        thread.start();
    }

    /**
     * Makes the first view published with two ports or more start a {@link QueryWarmUp}: the daemon's SA calls this
     * (a fresh JVM), tests that build many agents in one JVM do not. Call before the first {@link #publish}.
     */
    public void warmUpAtFirstFabric() {
        warmUpWanted = true;
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
            aliases.giveCaAliases(withAliases);
            portsChanged(prev, withAliases);
            startWarmUp(withAliases);
        });
    }

    /**
     * At the first view with two ports or more, when {@link #warmUpAtFirstFabric} asked for it: starts answering the
     * {@link QueryWarmUp}'s requests, a slice per turn on the agent's queue. Runs on the agent thread.
     */
    private void startWarmUp(SaView v) {
        if (warmUpWanted && !warmUpStarted) {
            warmUp = QueryWarmUp.of(v.snapshot(), ownAnswered);
            warmUpStarted = warmUp != null;
            warmUpGate = warmUpStarted ? new RequesterGate(SaLimits.defaults().withoutRate()) : null;
            if (warmUpStarted) {
                onAgentThread(this::warmUpSlice);
            }
        }
    }

    /**
     * Answers one slice of the warm-up's requests, then queues the next ({@link QueryWarmUp#paced}: leaves it to the
     * timer, {@link #nextTick}). Runs on the agent thread.
     */
    void warmUpSlice() {
        QueryWarmUp w = warmUp;
        if (w == null) {
            return;
        }
        long cpu = QueryWarmUp.threadCpuNanos();
        w.slice((from, mad, sink) -> {
            ownRequests.increment();
            take(from, mad, mad.length, warmUpGate, sink);
        }, System.nanoTime());
        w.spent(QueryWarmUp.threadCpuNanos() - cpu);
        if (w.finished()) {
            warmUp = null;
            warmUpGate = null;
            LOG.log(System.Logger.Level.INFO, "SA-1001 SA query path warmed up: {0} requests of its own answered"
                    + " in {1} ms of the SA thread''s CPU", w.done(), w.spentNanos() / 1_000_000);
        } else if (!w.paced()) {
            onAgentThread(this::warmUpSlice);
        }
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

    /** Runs {@code task} on the agent's thread; nothing once the agent is closed (false). */
    private boolean onAgentThread(Runnable task) {
        if (!thread.submit(task)) {
            LOG.log(System.Logger.Level.DEBUG, "SA agent closed; event work dropped");
            return false;
        }
        return true;
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
        boolean queued = onAgentThread(() -> {
            try {
                f.complete(task.call());
            } catch (Exception e) {
                f.completeExceptionally(e);
            }
        });
        if (!queued) {
            f.completeExceptionally(new IllegalStateException("SA agent closed"));
        }
        return f;
    }

    /** The view requests are answered from. */
    public SaView view() {
        return view;
    }

    /** The warm-up's requests answered so far (they are not in {@link #stats}). Any thread. */
    long warmUpRequests() {
        return ownRequests.sum();
    }

    /** The counters. */
    public SaAgentStats stats() {
        long own = ownRequests.sum();
        return new SaAgentStats(received.sum() - own, answered.sum() - ownAnswered.sum(), dropped.get(),
                sender.counters(), receiver.counters(), events.counters(), refusals.counts(), gate.queued(),
                sender.bytesInFlight());
    }

    /** Stops the agent thread (the channel stays open: its owner closes it). */
    @Override
    public void close() {
        closed = true;
        thread.close();
        sender.clear();
        events.clear();
    }

    /**
     * Takes one received MAD (as a {@link dev.jsm.mad.channel.MadReceiver} or unsolicited handler): a MAD its source
     * LID may not queue now ({@link RequesterGate}: over its rate, or the queue or its share full) is dropped and
     * counted; one over its LID's rate by less than a token, with no other held, waits on the agent thread until its
     * token is due ({@link #hold}); a request the SA table answers at once ({@link SaDispatch#answersAtOnce}: one
     * record or a few from the view, found without a scan) is answered here, on the calling thread; the rest is
     * queued for the agent thread.
     * Thread-safe; never blocks.
     *
     * @param mad the MAD, owned by the agent from now on
     */
    public void onMad(MadAddress from, byte[] mad, int length) {
        take(from, mad, length, gate, channel);
    }

    /**
     * {@link #onMad}'s work with the gate and the channel answers go through given: the agent's, or the warm-up's
     * own gate and one of its sinks (so that the warm-up compiles this path too, not only {@link #process}; its
     * requests are answered here whatever they are, on the agent thread it runs on).
     */
    private void take(MadAddress from, byte[] mad, int length, RequesterGate g, MadChannel out) {
        int lid = from instanceof MadAddress.LidRouted l ? l.lid() : 0;
        if (droppedWhenOverdue(mad, length) && queueOverdue(g)) {
            dropped.incrementAndGet();
            refuse(Refusal.QUEUE_WAIT, lid);
            return;
        }
        boolean request = isRequest(mad, length);
        long now = System.nanoTime();
        RequesterGate.Verdict v = g.admit(lid, request, now);
        if (v == RequesterGate.Verdict.HELD) {
            hold(from, mad, length, lid, now + g.heldNanos(lid));
            return;
        }
        if (v != RequesterGate.Verdict.ADMITTED) {
            dropped.incrementAndGet();
            refuse(v == RequesterGate.Verdict.OVER_RATE ? Refusal.RATE : Refusal.QUEUE, lid);
            return;
        }
        if (request && !closed && answersAtOnce(mad, length) || out != channel) {
            handleAdmitted(from, mad, length, now, g, out);
        } else if (!thread.submit(from, mad, length, now)) {
            g.release(lid);
            LOG.log(System.Logger.Level.DEBUG, "SA agent closed; MAD dropped");
        }
    }

    /**
     * Queues a request {@link RequesterGate} held (over its LID's rate by less than a token, nothing else of the LID
     * held) for the agent thread at {@code dueNanos}, when its token is due: a paced requester is slowed to its rate
     * rather than refused.
     */
    private void hold(MadAddress from, byte[] mad, int length, int lid, long dueNanos) {
        if (!thread.submitAt(() -> {
            gate.unhold(lid);
            handleAdmitted(from, mad, length, dueNanos, gate, channel);
        }, dueNanos)) {
            gate.unhold(lid);
            gate.release(lid);
        }
    }

    /**
     * Whether a request is one the table answers where it arrives: a single-MAD SA request whose attribute, method
     * and component mask the table marks so. Any thread.
     */
    private boolean answersAtOnce(byte[] mad, int length) {
        if (length < SaHeader.DATA_OFFSET || mad[0] != 1 || (mad[1] & 0xFF) != MgmtClass.SUBN_ADM.value()
                || RmppHeader.isActive(mad)) {
            return false;
        }
        return dispatch.answersAtOnce(MadHeader.ATTRIBUTE_ID.getInt(mad, 0),
                MadHeader.METHOD.getInt(mad, 0), SaHeader.COMPONENT_MASK.getLong(mad, 0));
    }

    /**
     * Handles a MAD {@link #onMad} admitted, on the agent thread or (answered at once) the receive thread: its place
     * in the queue is given back first.
     */
    private void handleAdmitted(MadAddress from, byte[] mad, int length, long nowNanos, RequesterGate g,
                                MadChannel out) {
        g.release(from instanceof MadAddress.LidRouted l ? l.lid() : 0);
        try {
            process(from, mad, length, nowNanos, out);
        } catch (RuntimeException e) {
            dropped.incrementAndGet();
            LOG.log(System.Logger.Level.WARNING, "SA request from " + from + " dropped: " + e, e);
        }
    }

    /**
     * {@code max_msg_fifo_timeout}: whether more than one MAD waits for the agent thread and the last one it took
     * had waited longer than the option allows (OpenSM's check of its SA dispatcher's queue).
     */
    private boolean queueOverdue(RequesterGate g) {
        long limitMs = view.settings().maxQueueWaitMs();
        return limitMs > 0 && g.queued() > 1 && lastQueueWaitNanos > limitMs * 1_000_000L;
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
        QueryWarmUp w = warmUp;
        if (w != null && w.paced() && nowNanos - w.nextSliceNanos() >= 0) {
            warmUpSlice();
        }
        replication.poll(nowNanos, standbysAsking(nowNanos));
        if (replication.role() == SaReplication.Role.FOLLOW && renewDue(nowNanos)) {
            askedAt = nowNanos;
            askForState(replication.masterLid());
        }
    }

    /**
     * When {@link #tick} is next due, the last one having run at {@code lastTickNanos}: every {@link #TICK_NANOS}
     * while RMPP transfers are in flight either way or, as master, while a standby asks for the state (its stream
     * sends and resends at the ticks); else at the earliest of the next lease's end, the paced warm-up's next slice
     * and, as standby, the next renewal of the request for the state; else never ({@link AgentLoop#NEVER}). Runs on
     * the agent thread.
     */
    long nextTick(long lastTickNanos) {
        if (sender.inFlight() > 0 || receiver.inFlight() > 0 || replication.role() == SaReplication.Role.LEAD
                && (replication.streaming() || services.has(ReplicaLink.SERVICE_ID))) {
            return lastTickNanos + TICK_NANOS;
        }
        long due = services.nextExpiry();
        QueryWarmUp w = warmUp;
        if (w != null && w.paced()) {
            due = earlier(due, w.nextSliceNanos());
        }
        if (replication.role() == SaReplication.Role.FOLLOW) {
            due = earlier(due, askedAt == 0 ? lastTickNanos : askedAt + RENEW_NANOS);
        }
        return due == Long.MAX_VALUE ? AgentLoop.NEVER : due;
    }

    /** The earlier of two {@link System#nanoTime} values, {@link Long#MAX_VALUE} standing for none. */
    private static long earlier(long a, long b) {
        if (a == Long.MAX_VALUE) {
            return b;
        }
        return b == Long.MAX_VALUE || a - b < 0 ? a : b;
    }

    /** Whether the standby's request for the state is due (never sent, or its renewal time has come). */
    private boolean renewDue(long nowNanos) {
        return askedAt == 0 || nowNanos - askedAt >= RENEW_NANOS;
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

    /**
     * Handles one MAD. Runs on the agent thread, or on the receive thread for a request answered at once (tests call
     * it directly).
     */
    void handle(MadAddress address, byte[] mad, int length, long nowNanos) {
        process(address, mad, length, nowNanos, channel);
    }

    /**
     * Handles one MAD, answering through {@code out}: the agent's channel, or for the warm-up's own requests one of
     * the {@link QueryWarmUp#sinks}, which drop what they are given (the warm-up's requests are counted with the
     * others and taken off in {@link #stats}: a branch the warm-up never took would be compiled as a trap, and
     * the first real request would throw away the compiled code).
     */
    private void process(MadAddress address, byte[] mad, int length, long nowNanos, MadChannel out) {
        received.increment();
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
                    request(from, m.header(), m.data(), nowNanos, out);
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
        request(from, full, Arrays.copyOfRange(full, SaHeader.DATA_OFFSET, MadHeader.MAD_SIZE), nowNanos, out);
    }

    private void request(MadAddress.LidRouted from, byte[] header, byte[] data, long nowNanos, MadChannel out) {
        SaView v = view;
        long smKey = SaHeader.SM_KEY.getLong(header, 0);
        if (smKey != 0 && smKey != v.settings().saKey()) {
            dropped.incrementAndGet();
            return;
        }
        int method = MadHeader.METHOD.getInt(header, 0);
        if (MadHeader.CLASS_VERSION.getInt(header, 0) != SaHeader.CLASS_VERSION) {
            reply(from, header, method, SaAnswer.error(MadStatus.BAD_VERSION.value(), 0), nowNanos,
                    out);
            return;
        }
        byte[] template = data.length >= SaHeader.DATA_SIZE ? data : Arrays.copyOf(data, SaHeader.DATA_SIZE);
        SaRequest req = new SaRequest(from, method, MadHeader.ATTRIBUTE_ID.getInt(header, 0),
                MadHeader.ATTRIBUTE_MODIFIER.getLong(header, 0), MadHeader.TRANSACTION_ID.getLong(header, 0),
                SaHeader.decode(header), template, smKey != 0);
        boolean table = isTable(method);
        if (table && !sender.hasRoom(from)) {
            if (refuse(Refusal.ANSWERS_IN_FLIGHT, from.lid())) {
                reply(from, header, method, SaAnswer.error(SaStatus.NO_RESOURCES, 0), nowNanos, out);
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
        reply(from, header, method, answer, nowNanos, out);
    }

    /** Whether {@code method} is answered with a table through RMPP (GetTable, GetMulti). */
    private static boolean isTable(int method) {
        return method == Method.GET_TABLE.value() || method == Method.GET_MULTI.value();
    }

    /** Sends the response, a single MAD through {@code out} or a table through the RMPP sender. */
    private void reply(MadAddress.LidRouted from, byte[] header, int method, SaAnswer answer, long nowNanos,
                       MadChannel out) {
        MadAddress.LidRouted to = new MadAddress.LidRouted(from.lid(), from.qpn(), MadAddress.QP1_QKEY, from.sl(),
                from.pkeyIndex());
        int responseMethod = SaResponses.responseMethod(method);
        answered.increment();
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
            out.send(to, SaResponses.single(header, responseMethod, answer), SaResponses.singleLength(answer));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "SA response to {0} not sent: {1}", to, e.getMessage());
        }
    }
}
