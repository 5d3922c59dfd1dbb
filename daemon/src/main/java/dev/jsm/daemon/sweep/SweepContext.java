package dev.jsm.daemon.sweep;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.DaemonSettings;
import dev.jsm.daemon.discovery.PathBook;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.qos.policy.QosPolicy;
import dev.jsm.qos.tables.ProgrammedQosTables;
import dev.jsm.routing.RoutingChain;
import dev.jsm.routing.RoutingResult;
import dev.jsm.partitions.PartEnforce;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the sweep stages share: the mutable {@link Subnet} and the other state kept between sweeps (routes to
 * nodes, the guid2lid store, the SM's status, the routing chain, the multicast groups, the SL2VL and VLArb tables
 * the ports hold, the partition enforcement and VLHighLimit wishes for the link manager), the MAD sender, the
 * options in effect, the per-sweep error count, and what is published for other threads: the last SUBNET UP's
 * {@link SubnetSnapshot}, the partitions and QoS policy in force and the last routing result.
 *
 * <p>Confined to the SM thread, except {@link #published()}, {@link #partitions()}, {@link #qosPolicy()},
 * {@link #lastRouting()}, {@link #settings()} and {@link #sm()}, which other threads may read, and
 * {@link #requestReroute()}, which any thread may call.
 */
public final class SweepContext {

    private final Subnet subnet = new Subnet();
    private final PathBook paths = new PathBook();
    private final McastGroups mcastGroups = new McastGroups();
    private final ProgrammedQosTables qosTables = new ProgrammedQosTables();
    private final Map<PhysPort, PartEnforce> enforcement = new HashMap<>();
    private final Map<PhysPort, Integer> vlHighLimits = new HashMap<>();
    private volatile PartitionSet partitions;
    private volatile QosPolicy qosPolicy;
    private final SmpSender smps;
    private final SmEvents events;
    private final SmStatus sm;
    private final LidStore lids;
    private final long smPortGuid;
    private final RoutingChain routingChain;
    private final List<SweepListener> listeners = new CopyOnWriteArrayList<>();
    /** Queued on the SM thread by {@link #afterSweep}, drained by the event loop thread. */
    private final Queue<Runnable> afterSweep = new ConcurrentLinkedQueue<>();
    private volatile DaemonSettings settings;
    private volatile SubnetSnapshot published = SubnetSnapshot.empty();
    private volatile RoutingResult lastRouting;
    private volatile boolean rerouteRequested;
    private int sweepErrors;

    /**
     * The shared state of one daemon.
     *
     * @param settings start-up settings
     * @param smps the SMP sender over the daemon's transactions
     * @param events the event queue (stages ask for another sweep through it)
     * @param sm the SM's status
     * @param lids the guid2lid store, loaded
     * @param smPortGuid GUID of the local port the SM runs on
     * @param routingChain the configured routing engines
     */
    public SweepContext(DaemonSettings settings, SmpSender smps, SmEvents events, SmStatus sm, LidStore lids,
                        long smPortGuid, RoutingChain routingChain) {
        this.settings = settings;
        this.smps = smps;
        this.events = events;
        this.sm = sm;
        this.lids = lids;
        this.smPortGuid = smPortGuid;
        this.routingChain = routingChain;
    }

    /** The fabric model. */
    public Subnet subnet() {
        return subnet;
    }

    /** Directed routes to nodes and CA ports. */
    public PathBook paths() {
        return paths;
    }

    /** Sends SMPs. */
    public SmpSender smps() {
        return smps;
    }

    /** The event queue. */
    public SmEvents events() {
        return events;
    }

    /** The multicast groups to program. */
    public McastGroups mcastGroups() {
        return mcastGroups;
    }

    /** The SL2VL and VLArb tables the ports are known to hold (the QoS manager's; the SA answers them). */
    public ProgrammedQosTables qosTables() {
        return qosTables;
    }

    /**
     * Records the partition enforcement the partition manager wants on {@code port} (a switch port facing a CA or
     * router, or a switch-to-switch port: {@link PartEnforce#OFF}); {@code null} leaves the port's bits alone.
     */
    public void setPartitionEnforcement(PhysPort port, PartEnforce wanted) {
        if (wanted == null) {
            enforcement.remove(port);
        } else {
            enforcement.put(port, wanted);
        }
    }

    /** The partition enforcement wanted on {@code port}, or {@code null} to leave its bits as they are. */
    public PartEnforce partitionEnforcement(PhysPort port) {
        return enforcement.get(port);
    }

    /** Records the VLHighLimit the QoS manager wants on {@code port}. */
    public void setVlHighLimit(PhysPort port, int limit) {
        vlHighLimits.put(port, limit);
    }

    /** The VLHighLimit wanted on {@code port}, or -1 to leave it as it is. */
    public int vlHighLimit(PhysPort port) {
        return vlHighLimits.getOrDefault(port, -1);
    }

    /** Publishes the partitions in force (for the SA: membership checks, partition multicast groups). */
    public void publishPartitions(PartitionSet set) {
        partitions = set;
    }

    /** The partitions in force, or {@code null} before the partition manager first ran. Any thread. */
    public PartitionSet partitions() {
        return partitions;
    }

    /** Publishes the QoS policy in force ({@code null}: QoS off or no policy file), for the SA's PathRecords. */
    public void publishQosPolicy(QosPolicy policy) {
        qosPolicy = policy;
    }

    /** The QoS policy in force, or {@code null}. Any thread. */
    public QosPolicy qosPolicy() {
        return qosPolicy;
    }

    /** The SM's state and LID. */
    public SmStatus sm() {
        return sm;
    }

    /** The guid2lid store. */
    public LidStore lids() {
        return lids;
    }

    /** The routing engines. */
    public RoutingChain routingChain() {
        return routingChain;
    }

    /** GUID of the SM's own port. */
    public long smPortGuid() {
        return smPortGuid;
    }

    /** The SM's own end port, or {@code null} until discovery found it. */
    public EndPort smPort() {
        return subnet.endPort(smPortGuid);
    }

    /** The settings in effect. */
    public DaemonSettings settings() {
        return settings;
    }

    /** The options in effect. */
    public SmOptions options() {
        return settings.options();
    }

    /** Replaces the settings (a heavy sweep reloaded the config file). */
    public void setSettings(DaemonSettings newSettings) {
        settings = newSettings;
    }

    /** Starts counting errors for a new sweep. */
    public void beginSweep() {
        sweepErrors = 0;
    }

    /**
     * Counts a failed Set or another error that makes this sweep's configuration incomplete (OpenSM's
     * {@code subnet_initialization_error}): no SUBNET UP, and another heavy sweep follows.
     */
    public void recordError() {
        sweepErrors++;
    }

    /** Errors counted in this sweep. */
    public int sweepErrors() {
        return sweepErrors;
    }

    /** Registers a listener for SUBNET UP and failed sweeps. */
    public void addListener(SweepListener listener) {
        listeners.add(listener);
    }

    /** The listeners. */
    public List<SweepListener> listeners() {
        return listeners;
    }

    /**
     * Runs {@code task} once the current sweep has ended (after SUBNET UP and the listeners, or after the sweep
     * failed): for work that only reports, which should not take CPU from the sweep while its MADs are on the wire.
     * The task runs on the event loop thread and must be quick or hand its work on; any thread may queue one.
     */
    public void afterSweep(Runnable task) {
        afterSweep.add(task);
    }

    /** Runs and forgets the tasks {@link #afterSweep} queued; the event loop thread, when a sweep has ended. */
    public void runAfterSweep() {
        for (Runnable task = afterSweep.poll(); task != null; task = afterSweep.poll()) {
            task.run();
        }
    }

    /** The snapshot published at the last SUBNET UP ({@link SubnetSnapshot#empty()} before the first). */
    public SubnetSnapshot published() {
        return published;
    }

    /** The result of the last routing computation, or {@code null} before the first; any thread may read it. */
    public RoutingResult lastRouting() {
        return lastRouting;
    }

    /** Records a routing computation (the metrics and the console show it). */
    public void recordRouting(RoutingResult result) {
        lastRouting = result;
    }

    /** Asks the next heavy sweep to compute the routes even if nothing changed (the console's reroute). */
    public void requestReroute() {
        rerouteRequested = true;
    }

    /** Whether a reroute was requested since the last call; clears the request. */
    public boolean takeRerouteRequest() {
        boolean r = rerouteRequested;
        rerouteRequested = false;
        return r;
    }

    /** Publishes the snapshot of a SUBNET UP. */
    public void publish(SubnetSnapshot snapshot) {
        published = snapshot;
    }
}
