package dev.jsm.daemon.sa;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.RoutingOptions;
import dev.jsm.conf.PartitionOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.conf.TimingOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.daemon.sm.HighAvailability;
import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.sm.SmInfoAgent;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.partitions.PartitionGroup;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.qos.policy.QosFabric;
import dev.jsm.qos.policy.QosPolicy;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingResult;
import dev.jsm.sa.agent.ReplicationStats;
import dev.jsm.sa.agent.AliasGuidListener;
import dev.jsm.sa.agent.SaAgent;
import dev.jsm.sa.agent.SaAgentStats;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.WellKnownGroup;
import dev.jsm.sa.query.RouterPaths;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SmIdentity;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.state.SaState;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The subnet administrator inside the daemon: an {@link SaAgent} on the SM's port that answers SA queries on its
 * own thread from the view published at the last SUBNET UP - the snapshot (with the programmed LFTs the PathRecords
 * follow), the routing engine's path SLs, the QoS policy and the partitions in force, the P_Key, SL2VL and VLArb
 * tables the SM programmed (held in the snapshot; {@link PortTableCopies}) - so a sweep never waits for queries and
 * queries never see a half-configured fabric. The SA's MADs reach it through the transactions layer's unsolicited
 * dispatch (the layer owns the channel's receiver); while this SM is not master, or is a master whose first sweep
 * has not reached SUBNET UP, they are counted and ignored, as a standby SA must (C15-0.1.3; OpenSM). Multicast
 * joins and leaves reach the SM's groups
 * through {@link McastChanges} (the MFTs follow in a multicast update, {@link #viewUpdated} then brings the SA the
 * new MFTs); the partitions' well-known groups are created in the SA at each SUBNET UP, and the memberships of
 * ports that left the fabric are dropped then (their leaves reach the SM's groups the same way). Traps the SM
 * receives are forwarded to the SA's event subscribers ({@link #forwardTrap}); the agent's Reports to them go
 * through the transactions layer as requests of its own, which match the subscribers' ReportResps.
 *
 * <p>What hosts registered outlives this SM (docs/operations.md, "SA state across restarts and failovers"):
 * {@code sa_db_file} is restored at {@link #start}, {@code sa_db_dump} written after sweeps and at exit
 * ({@link SaStateFile}), and {@link #followRole} puts the agent on the standby channel - streaming to the standby
 * SMs while master, following the master while standby - whose vendor MADs reach it here.
 *
 * <p>{@link #subnetUp} runs on the SM thread; the agent on its own. Thread-safe.
 */
public final class SaService implements SweepListener, AutoCloseable {

    private static final Method[] REQUESTS = {Method.GET, Method.SET, Method.GET_TABLE, Method.DELETE,
        Method.GET_MULTI, Method.GET_TRACE_TABLE, Method.REPORT};

    private static final Logger LOG = LogManager.getLogger(SaService.class);
    /** How long the start waits for the restored file, and the exit for the last dump. */
    private static final long RESTORE_WAIT_SECONDS = 30;

    private final SaAgent agent;
    private final SmStatus status;
    private final SmInfoAgent smInfo;
    private final HighAvailability ha;
    private final Supplier<SmOptions> options;
    private final Path dumpDir;
    /** This SM's port (a standby that took over holds its own request for the state, which it must not serve). */
    /** Writes the dump file in the order the states were taken, off the SM and SA threads. */
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jsm-sa-dump");
        t.setDaemon(true);
        return t;
    });
    /** What the agent does on the standby channel now ({@link #followRole}; one caller at a time). */
    private Replication role = Replication.NONE;
    private long roleKey;
    private int followedLid;
    /** The last dump could not be written: the next one is written whether or not anything changed. */
    private volatile boolean dumpFailed;
    private volatile Consumer<Path> onDumped = f -> { };
    private final PrefixRoutes prefixRoutes = new PrefixRoutes();
    private final AtomicLong ignored = new AtomicLong();
    /** SA MADs received, by the low byte of the attribute ID (every SA attribute is below 0x100). */
    private final AtomicLongArray byAttribute = new AtomicLongArray(0x100);

    /**
     * An agent on {@code channel}, fed by {@code transactions}; nothing is answered before {@link #start}.
     *
     * @param o the options at start (the agent's RMPP timing; later views bring the options in effect)
     * @param status the SM's status (its LID; whether the SA answers: only a master past its first sweep does)
     * @param ha this SM among the others: what it says about itself (SMInfoRecord), the standby SMs the state is
     *     streamed to, the master it is taken from
     * @param options the options in effect ({@code sa_db_dump}, {@code sm_key}, ...)
     * @param dumpDir where {@code opensm-sa.dump} is written
     * @param changeMulticast how membership changes reach the SM ({@code Daemon.changeMulticast})
     * @param activity the activity report the membership changes go to
     */
    public SaService(MadChannel channel, MadTransactions transactions, SmOptions o, SmStatus status,
                     HighAvailability ha, Supplier<SmOptions> options, Path dumpDir,
                     BiConsumer<Consumer<McastGroups>, String> changeMulticast, ActivityReport activity) {
        this.status = status;
        this.smInfo = ha.agent();
        this.ha = ha;
        this.options = options;
        this.dumpDir = dumpDir;
        Duration ack = Duration.ofMillis(o.transactionTimeoutMs());
        this.agent = new SaAgent(channel, transactions, SaView.empty(settings(o)), new RmppSettings(ack,
                o.transactionRetries(), 32, Duration.ofSeconds(10)), SaLimits.defaults(),
                new McastChanges(changeMulticast, activity));
        for (Method m : REQUESTS) {
            transactions.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_ADM, m), Runnable::run,
                    (from, mad, length) -> {
                        byAttribute.incrementAndGet(length >= 18 ? MadHeader.ATTRIBUTE_ID.getInt(mad, 0) & 0xFF : 0);
                        if (status.saAnswers()) {
                            agent.onMad(from, mad, length);
                        } else {
                            ignored.incrementAndGet();
                        }
                    });
        }
        transactions.onUnsolicited(UnsolicitedFilter.of(SaAgent.REPLICA_CLASS, Method.SEND), Runnable::run,
                agent::onReplicaMad);
    }

    /**
     * Makes the first fabric warm the SA's query path up before the first job start asks
     * ({@link SaAgent#warmUpAtFirstFabric}; docs/performance.md, "The SA under a job-start storm"): for the daemon's
     * own JVM, not for tests that start many SMs in one.
     */
    public void warmUpAtFirstFabric() {
        agent.warmUpAtFirstFabric();
    }

    /**
     * The SM comes out of standby as master: with {@code drop_event_subscriptions}, every subscription and
     * ServiceRecord the SA holds is dropped, as OpenSM does (what a standby holds may be stale).
     */
    public void leftStandby() {
        if (options.get().get(MiscOptions.DROP_EVENT_SUBSCRIPTIONS)) {
            agent.dropSubscriptionsAndServices();
        }
    }

    /** Tells {@code listener} (on the dump's writer thread) of every {@code opensm-sa.dump} written. */
    public void onDumped(Consumer<Path> listener) {
        onDumped = listener;
    }

    /**
     * Tells {@code l} (on the SA agent's thread) when a GUIDInfoRecord Set or Delete changed a port's alias GUIDs,
     * for the SM to write them to the port.
     */
    public void setAliasGuidListener(AliasGuidListener l) {
        agent.setAliasGuidListener(l);
    }

    /**
     * Starts answering (from an empty view until the first SUBNET UP), after restoring the registrations of
     * {@code sa_db_file}, if set: the restored groups reach the SM's groups before its first sweep, which programs
     * their MFTs once it is master. As OpenSM reads the file at its first master sweep, a standby's copy is
     * replaced by the master's stream, if the master is a jsm; under another master it is what a takeover starts from.
     * The first SUBNET UP then drops the members whose ports are not in the fabric.
     */
    public void start() {
        agent.start();
        String file = options.get().get(RoutingOptions.SA_DB_FILE);
        if (file != null && !file.isBlank()) {
            restore(Path.of(file));
        }
    }

    /** Makes the registrations in {@code file} the SA's (waits for the agent's thread). */
    private void restore(Path file) {
        SaState saved = SaStateFile.read(file, System.currentTimeMillis());
        if (saved == null) {
            return;
        }
        try {
            List<String> leftOut = agent.importState(saved).get(RESTORE_WAIT_SECONDS, TimeUnit.SECONDS);
            leftOut.forEach(l -> LOG.warn("SA-1406 {}: {}", file, l));
            LOG.info("SA-1407 restored from {}: {} multicast groups with {} members, {} ServiceRecords, {}"
                    + " subscriptions ({} records left out)", file, saved.groups().size(), saved.memberCount(),
                    saved.services().size(), saved.subscriptions().size(), leftOut.size());
        } catch (ExecutionException | TimeoutException e) {
            LOG.error("SA-1401 sa_db_file {}: not restored: {}", file, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Puts the agent on the standby channel as this SM's state says (the daemon's timer calls it every second):
     * a master streams the state to the standby SMs that ask, a standby follows the master whose LID it knows, any
     * other state does neither. Only a change of role, master or {@code sm_key} reaches the agent.
     */
    public synchronized void followRole() {
        long key = options.get().smKey();
        SmState s = status.state();
        if (s == SmState.MASTER) {
            if (role != Replication.LEAD || roleKey != key) {
                agent.leadStandbys(key, guid -> isStandbySm(guid, key));
                role = Replication.LEAD;
                roleKey = key;
            }
            return;
        }
        RemoteSm master = s == SmState.STANDBY ? ha.remoteSms().stream()
                .filter(r -> r.guid() == status.masterGuid()).findFirst().orElse(null) : null;
        if (master != null && master.lid() != 0) {
            if (role != Replication.FOLLOW || roleKey != key || followedLid != master.lid()) {
                agent.followMaster(key, master.lid());
                role = Replication.FOLLOW;
                roleKey = key;
                followedLid = master.lid();
            }
        } else if (role != Replication.NONE && s != SmState.STANDBY) {
            agent.stopReplication();
            role = Replication.NONE;
        }
    }

    /**
     * Whether the port {@code guid} is another SM, not master, that may take the state: one whose SMInfo showed this
     * SM's SM_Key {@code key} (its state need not be STANDBY: the master's record of an SM is as fresh as its last
     * sweep, which may have met it still discovering); or, when its SMInfo went unanswered or was never asked (a
     * standby whose SM was not answering yet when the sweep its Trap 144 asked for met it), a port whose PortInfo
     * said IsSM at the last SUBNET UP.
     */
    private boolean isStandbySm(long guid, long key) {
        if (guid == ha.ownGuid()) {
            return false;
        }
        for (RemoteSm r : ha.remoteSms()) {
            if (r.guid() == guid && r.state() != SmState.NOT_ACTIVE) {
                return r.state() != SmState.MASTER && r.info().smKey() == key;
            }
        }
        SubnetSnapshot s = agent.view().snapshot();
        EndPortView p = s.endPort(guid);
        return p != null && s.portOf(p).attributes().hasCapability(PortInfo.CAP_IS_SM);
    }

    /**
     * After a sweep: a master with {@code sa_db_dump} writes {@code opensm-sa.dump} if a registration changed since
     * it last did - after a heavy sweep's SUBNET UP and a light sweep that found nothing to configure, as OpenSM
     * (docs/reference/sa-dump-file.md). The state is taken on the agent's thread and written on a thread of its own.
     */
    @Override
    public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
        if (ok && (kind == SweepKind.HEAVY || kind == SweepKind.LIGHT) && status.isMaster()
                && options.get().get(RoutingOptions.SA_DB_DUMP)) {
            agent.exportState(!dumpFailed).thenAcceptAsync(this::dump, writer);
        }
    }

    /** Writes {@code state}, if any ({@code null}: nothing changed); on the writer thread. */
    private void dump(SaState state) {
        if (state == null) {
            return;
        }
        try {
            Path file = SaStateFile.write(state, dumpDir, options.get().get(MiscOptions.FSYNC_HIGH_AVAIL_FILES));
            dumpFailed = false;
            LOG.debug("{} written: {} records", file, SaStateFile.records(state));
            onDumped.accept(file);
        } catch (IOException e) {
            dumpFailed = true;
            LOG.error("SA-1408 cannot write {} in {}: {}", SaStateFile.NAME, dumpDir, e.getMessage());
        }
    }

    /**
     * A master leaving writes the dump once more if {@code sa_db_dump} is on and something changed, as OpenSM does at
     * exit; waits for it. Call before the SM hands over.
     */
    public void dumpAtExit() {
        if (!options.get().get(RoutingOptions.SA_DB_DUMP)) {
            return;
        }
        try {
            agent.exportState(!dumpFailed).thenAcceptAsync(this::dump, writer)
                    .get(RESTORE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.error("SA-1408 {} not written at exit: {}", SaStateFile.NAME, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The standby channel's counters (tests, the console); on the agent's thread. */
    public CompletableFuture<ReplicationStats> replicationStats() {
        return agent.replicationStats();
    }

    /** What hosts registered, now (tests); on the agent's thread. */
    public CompletableFuture<SaState> registrations() {
        return agent.exportState(false);
    }

    /** Publishes the view of this SUBNET UP to the agent. */
    @Override
    public void subnetUp(FabricView view) {
        SmOptions o = view.options();
        SubnetSnapshot snapshot = view.snapshot();
        RoutingResult routing = view.routing();
        PathSlProvider pathSl = routing != null && routing.isRouted() ? routing.routed().pathSl()
                : PathSlProvider.DEFAULT;
        PartitionSet partitions = view.partitions();
        QosPolicy qos = view.qosPolicy();
        SmInfo now = smInfo.current();
        SmInfo withKey = new SmInfo(now.guid(), o.smKey(), now.actCount(), now.priority(), now.smState());
        agent.publish(new SaView(snapshot, pathSl,
                SaBridges.qosLevels(qos == null ? null : qos.bind(QosFabric.of(snapshot, now.guid(),
                        SaBridges.partitionLookup(partitions)))),
                SaBridges.membership(partitions), new SmIdentity(status.smLid(), withKey), settings(o),
                PortTableCopies.of(snapshot)));
        if (partitions != null) {
            agent.defineWellKnownGroups(wellKnown(partitions.groups()));
        }
        agent.dropDepartedMembers();
    }

    /**
     * A multicast update reprogrammed MFTs: the agent answers from the same view with the new snapshot (its
     * MulticastForwardingTable records).
     */
    @Override
    public void viewUpdated(FabricView view) {
        agent.publish(agent.view().withSnapshot(view.snapshot()));
    }

    /**
     * Forwards a trap the SM received from {@code sourceLid} to the event subscribers (on the agent's thread).
     * Thread-safe; never blocks.
     */
    public void forwardTrap(Notice notice, int sourceLid) {
        agent.forwardTrap(sourceLid, notice);
    }

    /**
     * SA MADs ignored because this SM was not a master past its first sweep (C15-0.1.3: a standby's SA answers
     * nothing; as OpenSM, not even a master's before its first SUBNET UP).
     */
    public long ignoredNotMaster() {
        return ignored.get();
    }

    /** The agent's counters (metrics, tests). */
    public SaAgentStats stats() {
        return agent.stats();
    }

    /**
     * SA MADs received (requests and RMPP control), by attribute name ({@code NodeRecord}, {@code PathRecord}, ...);
     * only attributes seen at least once. Any thread.
     */
    public Map<String, Long> requestsByAttribute() {
        Map<String, Long> out = new TreeMap<>();
        for (int id = 0; id < byAttribute.length(); id++) {
            long n = byAttribute.get(id);
            if (n > 0) {
                out.put(SaAttribute.name(id), n);
            }
        }
        return out;
    }

    /** Stops answering; call before the channel closes. */
    @Override
    public void close() {
        agent.close();
        writer.shutdown();
    }

    /** What the agent does on the standby channel. */
    private enum Replication {
        NONE, LEAD, FOLLOW
    }

    /** The partitions' groups as the SA's well-known groups. */
    static List<WellKnownGroup> wellKnown(List<PartitionGroup> groups) {
        List<WellKnownGroup> out = new ArrayList<>(groups.size());
        for (PartitionGroup g : groups) {
            out.add(new WellKnownGroup(new Gid(g.mgid().high(), g.mgid().low()), g.pkey(), g.qKey(), g.mtu(),
                    g.rate(), g.sl(), g.tClass(), g.flowLabel(), g.hopLimit()));
        }
        return out;
    }

    /**
     * The SA's settings under {@code o}: the router paths with the routes of {@code prefix_routes_file}
     * ({@link PrefixRoutes}) and NVIDIA's {@code rtr_pr_*} and {@code rtr_aguid_enable} values.
     */
    private SaSettings settings(SmOptions o) {
        RouterPaths router = new RouterPaths(o.subnetPrefix(),
                prefixRoutes.current(o.get(MiscOptions.PREFIX_ROUTES_FILE)), o.getInt(MiscOptions.RTR_PR_FLOW_LABEL),
                o.getInt(MiscOptions.RTR_PR_TCLASS), o.getInt(MiscOptions.RTR_PR_SL), o.getInt(MiscOptions.RTR_PR_MTU),
                o.getInt(MiscOptions.RTR_PR_RATE), o.getInt(MiscOptions.RTR_AGUID_ENABLE) == 1);
        return new SaSettings(o.saKey(), o.getInt(DeviceOptions.SUBNET_TIMEOUT),
                SaSettings.respTimeValue(o.transactionTimeoutMs()), !o.get(DebugOptions.DISABLE_MULTICAST), o.qos(),
                o.get(MiscOptions.CONSOLIDATE_IPV6_SNM_REQ), o.get(DeviceOptions.USE_MFTTOP),
                o.get(MiscOptions.DROP_EVENT_SUBSCRIPTIONS))
                .withMcastValidation(o.get(MiscOptions.IPOIB_MCGROUP_CREATION_VALIDATION),
                        o.get(MiscOptions.MCGROUP_JOIN_VALIDATION))
                .withQuirks(o.get(DebugOptions.ENABLE_QUIRKS))
                .withMaxQueueWaitMs(o.get(TimingOptions.MAX_MSG_FIFO_TIMEOUT))
                .withSingleThread(o.get(TimingOptions.SINGLE_THREAD))
                .withRouting(o.get(MiscOptions.USE_ORIGINAL_EXTENDED_SA_RATES_ONLY),
                        o.getInt(PartitionOptions.SM_ASSIGNED_GUID), router)
                .withVirtHopLimit(o.getInt(MiscOptions.VIRT_DEFAULT_HOP_LIMIT));
    }
}
