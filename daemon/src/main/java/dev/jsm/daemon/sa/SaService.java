package dev.jsm.daemon.sa;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.daemon.sm.SmInfoAgent;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.partitions.PartitionGroup;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.qos.policy.QosFabric;
import dev.jsm.qos.policy.QosPolicy;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingResult;
import dev.jsm.sa.agent.SaAgent;
import dev.jsm.sa.agent.SaAgentStats;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.WellKnownGroup;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SmIdentity;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

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
 * <p>{@link #subnetUp} runs on the SM thread; the agent on its own. Thread-safe.
 */
public final class SaService implements SweepListener, AutoCloseable {

    private static final Method[] REQUESTS = {Method.GET, Method.SET, Method.GET_TABLE, Method.DELETE,
        Method.GET_MULTI, Method.GET_TRACE_TABLE, Method.REPORT};

    private final SaAgent agent;
    private final SmStatus status;
    private final SmInfoAgent smInfo;
    private final AtomicLong ignored = new AtomicLong();
    /** SA MADs received, by the low byte of the attribute ID (every SA attribute is below 0x100). */
    private final AtomicLongArray byAttribute = new AtomicLongArray(0x100);

    /**
     * An agent on {@code channel}, fed by {@code transactions}; nothing is answered before {@link #start}.
     *
     * @param o the options at start (the agent's RMPP timing; later views bring the options in effect)
     * @param status the SM's status (its LID; whether the SA answers: only a master past its first sweep does)
     * @param smInfo what the SM says about itself (SMInfoRecord)
     * @param changeMulticast how membership changes reach the SM ({@code Daemon.changeMulticast})
     * @param activity the activity report the membership changes go to
     */
    public SaService(MadChannel channel, MadTransactions transactions, SmOptions o, SmStatus status,
                     SmInfoAgent smInfo, BiConsumer<Consumer<McastGroups>, String> changeMulticast,
                     ActivityReport activity) {
        this.status = status;
        this.smInfo = smInfo;
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
    }

    /**
     * Makes the first fabric warm the SA's query path up before the first job start asks
     * ({@link SaAgent#warmUpAtFirstFabric}; docs/performance.md, "The SA under a job-start storm"): for the daemon's
     * own JVM, not for tests that start many SMs in one.
     */
    public void warmUpAtFirstFabric() {
        agent.warmUpAtFirstFabric();
    }

    /** Starts answering (from an empty view until the first SUBNET UP). */
    public void start() {
        agent.start();
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

    private static SaSettings settings(SmOptions o) {
        return new SaSettings(o.saKey(), o.getInt(DeviceOptions.SUBNET_TIMEOUT),
                SaSettings.respTimeValue(o.transactionTimeoutMs()), !o.get(DebugOptions.DISABLE_MULTICAST), o.qos(),
                o.get(MiscOptions.CONSOLIDATE_IPV6_SNM_REQ), o.get(DeviceOptions.USE_MFTTOP),
                o.get(MiscOptions.DROP_EVENT_SUBSCRIPTIONS));
    }
}
