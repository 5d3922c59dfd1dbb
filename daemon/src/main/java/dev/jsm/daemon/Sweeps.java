package dev.jsm.daemon;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.cc.CongestionControlManager;
import dev.jsm.daemon.discovery.DeltaDiscovery;
import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.discovery.DropManager;
import dev.jsm.daemon.discovery.FabricChanges;
import dev.jsm.daemon.discovery.LightSweepProbe;
import dev.jsm.daemon.dump.DumpWriter;
import dev.jsm.daemon.event.EventReport;
import dev.jsm.daemon.lid.LidManager;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.link.Fdr10Manager;
import dev.jsm.daemon.link.LinkManager;
import dev.jsm.daemon.link.MasterSmLidSetter;
import dev.jsm.daemon.link.PortActivator;
import dev.jsm.daemon.link.PortWishes;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.daemon.mcast.MftProgrammer;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.mkey.MKeyPersister;
import dev.jsm.daemon.pkey.PKeyManager;
import dev.jsm.daemon.publish.McastViewUpdate;
import dev.jsm.daemon.publish.RoutingViewUpdate;
import dev.jsm.daemon.publish.StandbyFabric;
import dev.jsm.daemon.publish.SubnetUp;
import dev.jsm.daemon.qos.EnhancedQosManager;
import dev.jsm.daemon.qos.QosManager;
import dev.jsm.daemon.route.ChainPolicies;
import dev.jsm.daemon.route.HeldLftSampler;
import dev.jsm.daemon.route.LftProgrammer;
import dev.jsm.daemon.route.OffSweepBalancing;
import dev.jsm.daemon.route.RoutingPersistence;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.route.StandbyLftReader;
import dev.jsm.daemon.route.UnicastRouting;
import dev.jsm.daemon.sm.HighAvailability;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.AfterSweep;
import dev.jsm.daemon.sweep.SnapshotStage;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.daemon.virt.MalformedAnswers;
import dev.jsm.daemon.virt.VPortActivation;
import dev.jsm.daemon.virt.VPortDiscovery;
import dev.jsm.daemon.virt.VPortStateCheck;
import dev.jsm.mad.txn.Requester;
import dev.jsm.routing.chain.RoutingEngines;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sweeps and the multicast update as lists of stages - the whole order of a sweep, readable in one place
 * (ZooKeeper's {@code setupRequestProcessors}, OpenSM's {@code do_sweep}) - and the state the stages keep between
 * sweeps, each piece handed to the stages that own or read it. The stage objects live as long as the daemon, so
 * each list is built once.
 *
 * <p>The lists are immutable; the stages are confined to the SM thread.
 *
 * <p>In detail: docs/design/daemon.md#sweeps.
 */
final class Sweeps {

    private final List<SweepStage> heavy;
    private final List<SweepStage> incremental;
    private final List<SweepStage> reconfigure;
    private final List<SweepStage> light;
    private final List<SweepStage> mcast;
    private final List<SweepStage> balance;
    private final List<SweepStage> standby;
    private final List<SweepStage> standbyRefresh;
    private final List<SweepStage> perfMgrDiscovery;
    private final List<SweepStage> trustedTakeover;
    private final StandbyLftReader standbyLfts;
    private final PKeyManager pkeys;
    private final CongestionControlManager congestion;
    private final DumpWriter dumps;
    private final MalformedAnswers vportMalformed = new MalformedAnswers();
    private final EnhancedQosManager enhancedQos;
    private final StandbyFabric standbyFabric = new StandbyFabric();

    /**
     * The stages of one daemon.
     *
     * @param services what the stages call: the SMP sender, the options, the node names, the activity report, ...
     * @param afterSweep where stages queue the work that follows a sweep (the route check, the routing's writes)
     * @param listeners told of SUBNET UP and of the views after it
     * @param sm the SM's status
     * @param lids the guid2lid store, loaded
     * @param options the options at start-up, the routing engines' first set-up
     * @param engines the routing engines {@code routing_engine} may name
     * @param policies the routing chain over topologies (rch_policy_file), which replaces the chain when set
     * @param routes the routing in force (written by routing; read by multicast, QoS and SUBNET UP)
     * @param mcastGroups the multicast groups (changed by the SA on the SM thread)
     * @param ha this SM among the others: the SMs discovery meets, the election
     * @param changes the changes light sweeps and traps record for the incremental sweeps
     * @param mKeys the M_Key book (discovery and the link manager tell it what they learn; it is written after them)
     * @param balancing off-sweep balancing: its window starts after a sweep that routed, its runs install results
     * @param persistence the routing persisted in the cache directory: reused at the first routing, written after
     *     SUBNET UP
     * @param ccRequests the congestion control manager's requester (its outcomes handed to the SM thread)
     * @param events where the LFT programming reports its changes (the event plug-ins)
     */
    Sweeps(StageServices services, AfterSweep afterSweep, SweepListener listeners, SmStatus sm, LidStore lids,
           SmOptions options, RoutingEngines engines,
           ChainPolicies policies, RoutingState routes, McastGroups mcastGroups, HighAvailability ha,
           FabricChanges changes, MKeyBook mKeys, OffSweepBalancing balancing, RoutingPersistence persistence,
           Requester ccRequests, EventReport events) {
        PortWishes wishes = new PortWishes();
        this.standbyLfts = new StandbyLftReader(services);
        this.standby = List.of(standbyLfts.fullRead(), standbyFabric);
        this.standbyRefresh = List.of(standbyLfts.refresh());
        DiscoveryStage discovery = new DiscoveryStage(services, ha.otherSms(), mKeys);
        DeltaDiscovery delta = new DeltaDiscovery(services, changes, ha.otherSms(), mKeys);
        this.pkeys = new PKeyManager(services, wishes);
        QosManager qos = new QosManager(services, wishes, routes);
        this.congestion = new CongestionControlManager(services, ccRequests, sm::isMaster);
        this.enhancedQos = new EnhancedQosManager(services);
        SubnetUp subnetUp = new SubnetUp(services, listeners, sm, routes, pkeys::partitions, qos::policy);
        this.dumps = subnetUp.dumps();
        LidManager lidManager = new LidManager(services, lids, sm);
        List<SweepStage> configure = List.of(
                // LIDs from the model, guid2lid, PortInfo; guid2lid written
                lidManager,
                // shape and LIDs final: the sweep's one copy of the model
                new SnapshotStage(),
                // partitions.conf, changed P_KeyTable blocks, enforcement wishes
                pkeys,
                // routing chain (or the persisted routing), verifier, wanted LFTs
                new UnicastRouting(services, afterSweep, options, engines, policies, pkeys::partitions, routes,
                        persistence),
                // a new routing: jsm-routing.done deleted before its blocks go
                persistence.marker(),
                // after a start: switches still holding the persisted LFTs
                new HeldLftSampler(services, persistence),
                // SwitchInfo (LinearFDBTop, LifeTime), changed LFT blocks
                new LftProgrammer(services, events, "HEAVY_SWEEP"),
                // a spanning tree per multicast group, changed MFT blocks
                new MftProgrammer(services, mcastGroups, routes, MftProgrammer.Scope.ALL),
                // qos-policy.conf, changed SL2VL and VLArb tables (with -Q)
                qos,
                // enhanced_qos_policy_file, changed QoSConfigSL tables of ports and vports (with -Q)
                enhancedQos,
                // fdr10: Mellanox ExtendedPortInfo LinkSpeedEnabled where it differs
                new Fdr10Manager(services),
                // PortInfo parameters, INIT -> ARMED
                new LinkManager(services, wishes, sm, mKeys),
                // ARMED -> ACTIVE
                new PortActivator(services, wishes, sm, mKeys),
                // congestion_control: the switches' and CA ports' settings that differ (class 0x21)
                congestion,
                // vports: VPortLID, INIT -> ARMED -> ACTIVE
                new VPortActivation(services),
                // the M_Keys the ports now hold: guid2mkey written
                new MKeyPersister(services, mKeys),
                // view, dumps, "SUBNET UP"
                subnetUp,
                // a new routing: jsm-routing, then jsm-routing.done, written
                persistence.saver(services, afterSweep),
                // off-sweep balancing's window, if the routing is new
                balancing.scheduler());
        DropManager dropManager = new DropManager(services, discovery);
        // a performance manager's discovery on an SM not master: Gets only, the fabric found published
        this.perfMgrDiscovery = List.of(discovery, dropManager, standbyFabric);
        // MASTER, STANDBY or HANDOVER; a takeover trusts no table the switches hold but the LFTs it read as a
        // standby, nor the persisted routing's
        SweepStage election = ha.election(subnet -> {
            standbyLfts.keepAtTakeover(subnet);
            persistence.distrust();
            congestion.forgetHeld();
        });
        this.trustedTakeover = List.of(
                // SwitchInfo of every switch as held, else ABORT (the full heavy sweep follows)
                standbyLfts.takeoverCheck(ha.otherSms()::discoveryStarted),
                // MASTER; the LFTs read as standby kept, every other table forgotten
                election,
                // the LIDs the ports carry, guid2lid written
                lidManager,
                new SnapshotStage(),
                // partitions.conf resolved for the SA; no P_Key Set
                pkeys.resolveOnly(),
                // MasterSMLID (and ClientReregister) of every end port that names another SM
                new MasterSmLidSetter(services, sm, mKeys),
                // the view with the held LFTs, "SUBNET UP"
                subnetUp);
        this.heavy = concat(List.of(
                // NodeInfo, NodeDescription, PortInfo, SwitchInfo by directed route
                discovery,
                // nodes and cables not reached this time go
                dropManager,
                election,
                // virt_enabled: VirtualizationInfo, VPortState, VPortInfo, VNodeInfo of every capable port
                new VPortDiscovery(services, changes, true, vportMalformed)),
                configure);
        VPortDiscovery vportDelta = new VPortDiscovery(services, changes, false, vportMalformed);
        this.incremental = concat(List.of(delta, delta.secondWave(), vportDelta), configure);
        this.reconfigure = concat(List.of(new LightSweepProbe(services, ha.otherSms(), changes, false, mKeys),
                new VPortStateCheck(services, changes, false), delta, delta.secondWave(), vportDelta), configure);
        this.light = List.of(new LightSweepProbe(services, ha.otherSms(), changes, true, mKeys),
                new VPortStateCheck(services, changes, true));
        MftProgrammer changedGroups = new MftProgrammer(services, mcastGroups, routes, MftProgrammer.Scope.CHANGED);
        this.mcast = List.of(
                // the trees of the groups joined or left, their MFT blocks
                changedGroups,
                // the view with the new MFTs, mcfdbs
                new McastViewUpdate(services, changedGroups, subnetUp));
        this.balance = List.of(
                // the balanced routes become the routing in force, if current
                balancing.installer(),
                // jsm-routing.done deleted before the new blocks go
                persistence.marker(),
                // the LFT blocks that differ
                new LftProgrammer(services, events, "REROUTE"),
                // the view with the new routes, dumps
                new RoutingViewUpdate(services, subnetUp, routes),
                // jsm-routing, then jsm-routing.done, written
                persistence.saver(services, afterSweep));
    }

    /**
     * Off-sweep balancing's run on the loop: start the computation, or install its result and send the LFT blocks
     * that differ (no discovery: the routing it balanced is still the one in force).
     */
    List<SweepStage> balance() {
        return balance;
    }

    /** The congestion control manager (its counters go to /metrics). */
    CongestionControlManager congestionControl() {
        return congestion;
    }

    /** The malformed answers to the virtualization attributes (counted for /metrics). */
    MalformedAnswers vportMalformed() {
        return vportMalformed;
    }

    /** The enhanced QoS manager (its counters go to /metrics). */
    EnhancedQosManager enhancedQos() {
        return enhancedQos;
    }

    /** The partition manager (the daemon reports its partitions at shutdown). */
    PKeyManager pKeyManager() {
        return pkeys;
    }

    /**
     * The names of each list's stages, in order ({@link SweepStage#name}), by list: {@code heavy},
     * {@code incremental}, {@code reconfigure}, {@code light}, {@code mcast}, {@code balance}, {@code standby},
     * {@code standby-refresh}, {@code perfmgr-discovery}, {@code trusted-takeover}. For the test that holds
     * docs/architecture.md's stage tables to these lists.
     */
    Map<String, List<String>> stageNames() {
        Map<String, List<String>> names = new LinkedHashMap<>();
        names.put("heavy", names(heavy));
        names.put("incremental", names(incremental));
        names.put("reconfigure", names(reconfigure));
        names.put("light", names(light));
        names.put("mcast", names(mcast));
        names.put("balance", names(balance));
        names.put("standby", names(standby));
        names.put("standby-refresh", names(standbyRefresh));
        names.put("perfmgr-discovery", names(perfMgrDiscovery));
        names.put("trusted-takeover", names(trustedTakeover));
        return names;
    }

    private static List<String> names(List<SweepStage> stages) {
        return stages.stream().map(SweepStage::name).toList();
    }

    private static List<SweepStage> concat(List<SweepStage> first, List<SweepStage> then) {
        List<SweepStage> all = new ArrayList<>(first);
        all.addAll(then);
        return List.copyOf(all);
    }

    /** The heavy sweep: from discovery to SUBNET UP. */
    List<SweepStage> heavy() {
        return heavy;
    }

    /**
     * The incremental sweep: the regions behind the changes a light sweep or a trap recorded, then every
     * configuration stage (the same objects as the heavy sweep's).
     */
    List<SweepStage> incremental() {
        return incremental;
    }

    /** The reconfiguration (SIGHUP): a light sweep's checks, the delta discovery, every configuration stage. */
    List<SweepStage> reconfigure() {
        return reconfigure;
    }

    /**
     * What a STANDBY SM reads after its heavy sweep (Gets only): the LFT blocks the switches hold, which a takeover
     * keeps; then the fabric it discovered is published for the performance manager.
     */
    List<SweepStage> standby() {
        return standby;
    }

    /**
     * What a STANDBY SM reads on its sweep timer instead of a light sweep (Gets only): SwitchInfo and one LFT block of
     * every switch, and the whole LFT of those found changed.
     */
    List<SweepStage> standbyRefresh() {
        return standbyRefresh;
    }

    /**
     * What an SM that is not master runs before its performance manager sweeps (OpenSM's {@code perfmgr_discovery}):
     * discovery and the drop manager with Gets, then the fabric found published ({@link #standbyFabric}).
     */
    List<SweepStage> perfMgrDiscovery() {
        return perfMgrDiscovery;
    }

    /** The fabric the last discovery of an SM not master found: what its performance manager sweeps. */
    StandbyFabric standbyFabric() {
        return standbyFabric;
    }

    /**
     * A takeover that trusts the model this SM kept as a warm standby, when {@link #standbyModelCurrent()}: the
     * SwitchInfo of every switch checked, the LIDs the ports carry, the LFTs read as the routing in force, MasterSMLID
     * set, SUBNET UP - no discovery, no routing, no table written; the full heavy sweep follows. Ends ABORT before the
     * election when the check finds a difference.
     */
    List<SweepStage> trustedTakeover() {
        return trustedTakeover;
    }

    /** Whether the last LFT read or refresh of this standby found its model as the fabric holds it. */
    boolean standbyModelCurrent() {
        return standbyLfts.current();
    }

    /** The light sweep: is anything different? */
    List<SweepStage> light() {
        return light;
    }

    /**
     * The multicast update between heavy sweeps: the groups changed by joins and leaves, over the routing and model
     * of the last heavy sweep.
     */
    List<SweepStage> mcast() {
        return mcast;
    }

    /** The writer of the dump files of each SUBNET UP, off the SM thread (closed with the daemon). */
    DumpWriter dumps() {
        return dumps;
    }
}
